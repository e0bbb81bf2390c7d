import { type CartOptions, type CartStep, moveCartTo } from "./cart";
import { Visitor } from "./client";
import { TEST_SECRET } from "./server";
import { DEV_COOKIE, sessionCodec, signedInFields } from "./session-cookie";
import { type ApiAdmin, signInOverApi } from "./sign-in";

export interface AdminSessionOptions extends CartOptions {
  /** The secret the server seals sessions with (its SESSION_SECRET's first). */
  secret?: string;
  /** The session cookie's name: DEV_COOKIE, or PRODUCTION_COOKIE in production. */
  cookieName?: string;
  mobile?: string;
}

/**
 * A signed-in admin with the cart at `step`, without the sign-in pages: signed in and the cart
 * filled over the API (`apiBaseUrl`), and the session cookie's value sealed here as the app seals
 * it (app/session/sealed-cookie.server.ts), as the Epic Stack's `login` fixture does. Tests about
 * signing in walk the pages (client.ts, signIn; tests/e2e/helpers.ts).
 */
export async function adminSession(
  apiBaseUrl: string,
  step: CartStep = "gst",
  { secret = TEST_SECRET, cookieName = DEV_COOKIE, mobile, ...cart }: AdminSessionOptions = {},
): Promise<{ admin: ApiAdmin; cookie: { name: string; value: string } }> {
  const admin = await signInOverApi(apiBaseUrl, mobile);
  await moveCartTo(apiBaseUrl, admin.token, step, cart);
  const value = await sessionCodec([secret], cookieName).write(signedInFields(admin.token, admin.mobile));
  return { admin, cookie: { name: cookieName, value } };
}

/**
 * A form-posting visitor holding such a session (what tests/e2e/fixtures.ts's `adminAt` gives a
 * browser), on the server at `baseUrl`, whose API is its embedded one unless a test's own upstream.
 */
export async function adminVisitor(
  baseUrl: string,
  step: CartStep = "gst",
  { apiBaseUrl = `${baseUrl}/api`, ...options }: AdminSessionOptions & { apiBaseUrl?: string } = {},
): Promise<Visitor> {
  const { cookie } = await adminSession(apiBaseUrl, step, options);
  const visitor = new Visitor(baseUrl);
  visitor.cookies.set(cookie.name, cookie.value);
  return visitor;
}
