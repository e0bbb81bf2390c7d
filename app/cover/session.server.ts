import { redirect } from "@remix-run/node";
import { APP_VERSION } from "~/config/constants";
import { ABSOLUTE_TIMEOUT_MS, IDLE_TIMEOUT_MS } from "~/session/signed-in.server";
import { PATHS } from "~/routing/paths";
import { type Session, commitSession, getSession } from "~/session/session.server";
import { setToast } from "~/session/toast.server";
import { employeeLogout } from "~/upstream/claims.server";
import { ApiError, ApiUnauthorizedError } from "~/upstream/http.server";

/**
 * An employee's sign-in (docs/product.md, Claims; decision 0046). It lives in the site's one sealed
 * session cookie under its own key, apart from the admin's token: an employee's token opens only their
 * family's cover and claims upstream, and an admin signed in on the same browser stays who they were.
 * It ends as the admin's does: after 30 idle minutes, 12 hours, or a deploy of another version.
 */

const TOUCH_AFTER_MS = 60 * 1000;

export interface SignedInEmployee {
  token: string;
  /** Set-Cookie that extends the idle timeout; loaders pass it on with their data. */
  headers: Headers;
}

async function forgetEmployee(session: Session, message: string): Promise<never> {
  const employee = session.get("employee");
  if (employee) await employeeLogout(employee.token).catch(() => undefined);
  session.unset("employee");
  const headers = await setToast({ kind: "info", message });
  headers.append("Set-Cookie", await commitSession(session));
  throw redirect(PATHS.cover.signIn, { status: 303, headers });
}

/** The employee's token, or a redirect to their sign-in; an ended sign-in ends here, upstream too. */
export async function requireEmployee(request: Request): Promise<SignedInEmployee> {
  const session = await getSession(request);
  const employee = session.get("employee");
  if (!employee) throw redirect(PATHS.cover.signIn);
  const now = Date.now();
  if (
    employee.version !== APP_VERSION ||
    now - employee.lastSeenAt > IDLE_TIMEOUT_MS ||
    now - employee.createdAt > ABSOLUTE_TIMEOUT_MS
  ) {
    return forgetEmployee(session, "Your session has ended. Sign in again to see your cover.");
  }
  const headers = new Headers();
  if (now - employee.lastSeenAt > TOUCH_AFTER_MS) {
    session.set("employee", { ...employee, lastSeenAt: now });
    headers.append("Set-Cookie", await commitSession(session));
  }
  return { token: employee.token, headers };
}

/** Starts the employee's sign-in beside whatever else the session holds. */
export async function startEmployeeSession(request: Request, token: string): Promise<string> {
  const session = await getSession(request);
  const now = Date.now();
  session.set("employee", { token, createdAt: now, lastSeenAt: now, version: APP_VERSION });
  session.unset("employeeMobileNo");
  return commitSession(session);
}

/** Signs the employee out here and upstream; the admin's sign-in, if any, stays. */
export async function endEmployeeSession(request: Request): Promise<never> {
  return forgetEmployee(await getSession(request), "You are signed out of your cover.");
}

/**
 * Runs the employee's API calls: a 401 signs them out; an upstream failure becomes a 503 (or 502)
 * that the page's error boundary shows, thrown as a `Response` so that a file route may call it too
 * (docs/decisions/0044).
 */
export async function asEmployee<T>(request: Request, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof ApiUnauthorizedError) {
      return forgetEmployee(await getSession(request), "Your session has ended. Sign in again to see your cover.");
    }
    if (error instanceof ApiError)
      throw Response.json({ message: error.message }, { status: error.isOutage ? 503 : 502 });
    throw error;
  }
}
