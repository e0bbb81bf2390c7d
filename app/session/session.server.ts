import { createCookieSessionStorage, redirect } from "@remix-run/node";
import { APP_VERSION } from "~/config/constants";
import { env } from "~/config/env.server";
import { PATHS } from "~/routing/paths";
import { createSealedCookie } from "~/session/sealed-cookie.server";

/**
 * The session cookie carries who the admin is (the API token) and where they are before sign-in
 * (the number a code went to), sealed so that none of it can be read from the cookie. Everything the checkout collects lives in the API's cart, so the
 * cookie stays small and another browser resumes at the same step.
 */
export interface SessionData {
  token: string;
  /** Number the last code went to; kept across the two verify screens. */
  mobileNo: string;
  /** The device id this sign-in's codes were asked under (app/session/device.server.ts). */
  deviceId: string;
  /** Epoch ms after which a new code may be asked for (the API's resend wait). */
  resendAt: number;
  whatsapp: boolean;
  /** Version the session was made under; a deploy of another version signs it out (docs/product.md, Sign-in). */
  version: string;
  createdAt: number;
  lastSeenAt: number;
  /** Prefilled values from ?prefill=1 links (docs/product.md, Query handling), used to fill the forms. */
  prefill: Record<string, string>;
  prefillErrors: Record<string, string>;
  /** Marketing flags from the query (docs/product.md, Query handling): parent=LGE, utm_campaign=mediascopy. */
  parentLge: boolean;
  mediascopy: boolean;
  /** Host the visitor came from (`from`); decides the partner source (docs/product.md, Partner pages). */
  from: string;
  /** A partner link's references, sent with the plan request (docs/product.md, Query handling). */
  mid: string;
  identifier: string;
  /** The plan a partner page's plan button chose, picked on the plan step (docs/product.md, Partner pages). */
  planId: string;
  /**
   * The pricing group of the plan this browser last saved: add-people asks its rates beside the
   * cart instead of after it (decision 0024). The cart stays the truth; a mismatch asks again.
   */
  groupId: string;
  /**
   * The headcount add-people will prefill (the cart's, while it has no people), remembered by the
   * plan step's post: add-people asks that count's price beside the cart instead of after it
   * (decision 0024). The cart stays the truth; a mismatch asks again. Forgotten once people are saved.
   */
  prefillCount: number;
  /** The public calculator's choice after "Buy this", written into the cart at sign-in (docs/product.md, Public pages). */
  pendingQuote: { planId: string; coverage: string[]; rows: Array<{ band: string; range: string; count: number }> };
}

/**
 * __Host- pins the cookie to this host over https with Path=/ (browsers enforce it). Without https
 * (development, opened at localhost or a LAN address) a plain cookie is the only one a browser keeps.
 */
export const SESSION_COOKIE_NAME = env.httpsOnly ? "__Host-kavach" : "kavach_session";

export const sessionStorage = createCookieSessionStorage<SessionData>({
  cookie: createSealedCookie(SESSION_COOKIE_NAME, {
    httpOnly: true,
    sameSite: "lax",
    secure: env.httpsOnly,
    path: "/",
    secrets: env.sessionSecrets,
    maxAge: 12 * 60 * 60,
  }),
});

export function getSession(request: Request) {
  return sessionStorage.getSession(request.headers.get("Cookie"));
}

export type Session = Awaited<ReturnType<typeof getSession>>;

export function commitSession(session: Session) {
  return sessionStorage.commitSession(session);
}

export function destroySession(session: Session) {
  return sessionStorage.destroySession(session);
}

/** A brand-new session for a freshly verified admin: nothing from before carries over. */
export async function startSignedInSession(
  token: string,
  mobileNo: string,
  whatsapp: boolean,
  carry: Partial<SessionData>,
) {
  const session = await sessionStorage.getSession();
  const now = Date.now();
  session.set("token", token);
  session.set("mobileNo", mobileNo);
  session.set("whatsapp", whatsapp);
  session.set("version", APP_VERSION);
  session.set("createdAt", now);
  session.set("lastSeenAt", now);
  for (const [key, value] of Object.entries(carry)) {
    if (value !== undefined) session.set(key as keyof SessionData, value as never);
  }
  return session;
}

/** Clears the session and sends the admin to verify-phone (docs/product.md, Sign-in). */
export async function signOutRedirect(request: Request, to: string = PATHS.checkout.verify, headers?: HeadersInit) {
  const session = await getSession(request);
  const out = new Headers(headers);
  out.append("Set-Cookie", await sessionStorage.destroySession(session));
  return redirect(to, { status: 303, headers: out });
}
