import { createCookieSessionStorage } from "@remix-run/node";
import { env } from "~/config/env.server";
import type { Toast } from "~/components/toast";
import { seeOther } from "~/utils/see-other";

/**
 * One-shot messages carried in their own cookie to the next page, where the server renders them,
 * so they show without JavaScript too. Over https the name has the __Host- prefix, as the
 * session's has: pinned to this host with Path=/, so a sister subdomain cannot plant a message.
 */
export const TOAST_COOKIE_NAME = env.httpsOnly ? "__Host-kavach_toast" : "kavach_toast";

const toastStorage = createCookieSessionStorage<Record<string, never>, { toast: Toast }>({
  cookie: {
    name: TOAST_COOKIE_NAME,
    httpOnly: true,
    sameSite: "lax",
    secure: env.httpsOnly,
    path: "/",
    secrets: env.sessionSecrets,
  },
});

export async function setToast(toast: Toast, headers: Headers = new Headers()) {
  const session = await toastStorage.getSession();
  session.flash("toast", toast);
  headers.append("Set-Cookie", await toastStorage.commitSession(session));
  return headers;
}

/** Reads and consumes the pending toast; the returned header clears it. */
export async function takeToast(request: Request) {
  const session = await toastStorage.getSession(request.headers.get("Cookie"));
  const toast = session.get("toast") ?? null;
  return { toast, setCookie: toast ? await toastStorage.commitSession(session) : null };
}

/** After a post: on to `path` (303) with a one-shot message for the next page. */
export async function redirectWithToast(path: string, toast: Toast, init?: HeadersInit) {
  return seeOther(path, await setToast(toast, new Headers(init)));
}
