import { redirect } from "@remix-run/node";
import { logout } from "~/upstream/global.server";
import { ApiError, ApiUnauthorizedError } from "~/upstream/http.server";
import { APP_VERSION, MESSAGES } from "~/config/constants";
import { PATHS } from "~/routing/paths";
import type { Session } from "./session.server";
import { commitSession, destroySession, getSession, signOutRedirect } from "./session.server";
import { setToast } from "./toast.server";

/** Signed-in sessions die after 30 idle minutes or 12 hours, whichever comes first (docs/product.md, Sign-in). */
export const IDLE_TIMEOUT_MS = 30 * 60 * 1000;
export const ABSOLUTE_TIMEOUT_MS = 12 * 60 * 60 * 1000;

async function signedOut(request: Request, message: string = MESSAGES.signedOut): Promise<never> {
  throw await signOutRedirect(request, PATHS.checkout.verify, await setToast({ kind: "info", message }));
}

/** Best effort, as at logout: the cookie is cleared whether or not the API answers. */
async function revoke(token: string): Promise<void> {
  await logout(token).catch(() => undefined);
}

/** How stale lastSeenAt may get before a page view re-issues the cookie to keep the session alive. */
const TOUCH_AFTER_MS = 60 * 1000;

export interface SignedIn {
  token: string;
  session: Session;
  /** Set-Cookie that extends the idle timeout; loaders pass it on with their data. */
  headers: Headers;
}

/**
 * Why a signed-in session is over, or null while it lives: made under another app version (the
 * version reset), idle past 30 minutes, or older than 12 hours (docs/product.md, Sign-in).
 */
export function sessionEnded(session: Session, now = Date.now()): "version" | "expired" | null {
  if (session.get("version") !== APP_VERSION) return "version";
  if (
    now - (session.get("lastSeenAt") ?? 0) > IDLE_TIMEOUT_MS ||
    now - (session.get("createdAt") ?? 0) > ABSOLUTE_TIMEOUT_MS
  )
    return "expired";
  return null;
}

/**
 * For pages anyone may read: the admin's token while the session lives. An ended session is ended
 * as the checkout ends it (its token revoked upstream, its cookie cleared), and the visitor is
 * treated as signed out; `setCookie` then clears the cookie.
 */
export async function currentToken(request: Request): Promise<{ token: string | null; setCookie: string | null }> {
  const session = await getSession(request);
  const token = session.get("token");
  if (!token || sessionEnded(session) === null) return { token: token ?? null, setCookie: null };
  await revoke(token);
  return { token: null, setCookie: await destroySession(session) };
}

/** The admin's token, or a redirect to verify-phone; an expired or outdated session ends here. */
export async function requireToken(request: Request): Promise<SignedIn> {
  const session = await getSession(request);
  const token = session.get("token");
  if (!token) throw redirect(PATHS.checkout.verify);
  const ended = sessionEnded(session);
  // A session the app ends is ended upstream too, as logout does: its token is revoked, so a copy
  // of the cookie (or of the token) is worth nothing afterwards (docs/product.md, Sign-in).
  if (ended) await revoke(token);
  // Version reset (docs/product.md, Sign-in): a session made under another app version is reset and sent to the root path.
  if (ended === "version") {
    throw await signOutRedirect(
      request,
      PATHS.home,
      await setToast({ kind: "info", message: "Kavach has been updated. Please sign in again." }),
    );
  }
  if (ended === "expired") await signedOut(request, "Your session has ended. Verify your mobile number to continue.");
  const now = Date.now();
  const headers = new Headers();
  if (now - (session.get("lastSeenAt") ?? 0) > TOUCH_AFTER_MS) {
    session.set("lastSeenAt", now);
    headers.append("Set-Cookie", await commitSession(session));
  }
  return { token, session, headers };
}

/**
 * Runs API calls for a signed-in admin: a 401 logs out (docs/product.md, Users and roles); an upstream failure becomes a
 * 503 that the checkout's error boundary shows as the generic message inside the page.
 */
export async function withToken<T>(request: Request, token: string, call: (token: string) => Promise<T>): Promise<T> {
  try {
    return await call(token);
  } catch (error) {
    if (error instanceof ApiUnauthorizedError) return signedOut(request);
    if (error instanceof ApiError)
      throw Response.json({ message: error.message }, { status: error.isOutage ? 503 : 502 });
    throw error;
  }
}

/**
 * For actions: runs an API call and hands back its failure as a value, so the action can answer
 * the form with the message and everything typed kept. A 401 still logs out.
 */
export async function attempt<T>(
  request: Request,
  call: () => Promise<T>,
): Promise<{ ok: true; value: T } | { ok: false; error: ApiError }> {
  try {
    return { ok: true, value: await call() };
  } catch (error) {
    if (error instanceof ApiUnauthorizedError) return signedOut(request);
    if (error instanceof ApiError) return { ok: false, error };
    throw error;
  }
}
