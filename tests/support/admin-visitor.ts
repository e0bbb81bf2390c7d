import { type CartOptions, type CartStep, moveCartTo } from "./cart";
import { Visitor } from "./client";
import { TEST_SECRET } from "./server";
import { DEV_COOKIE, sessionCodec, signedInFields } from "./session-cookie";
import { signInOverApi } from "./sign-in";

export interface AdminVisitorOptions extends CartOptions {
  /** The secret the server seals sessions with (its SESSION_SECRET's first). */
  secret?: string;
  /** The session cookie's name: DEV_COOKIE, or PRODUCTION_COOKIE in production. */
  cookieName?: string;
  mobile?: string;
  /** The API the app calls: its embedded one at `${baseUrl}/api` unless a test's own upstream. */
  apiBaseUrl?: string;
}

/**
 * A form-posting visitor who is a signed-in admin with the cart at `step`: signed in and the cart
 * filled over the API, and the session cookie sealed here as the app seals it (what tests/e2e/
 * fixtures.ts's `adminAt` gives a browser). Tests about signing in walk the pages (client.ts, signIn).
 */
export async function adminVisitor(
  baseUrl: string,
  step: CartStep = "gst",
  {
    secret = TEST_SECRET,
    cookieName = DEV_COOKIE,
    mobile,
    apiBaseUrl = `${baseUrl}/api`,
    ...cart
  }: AdminVisitorOptions = {},
): Promise<Visitor> {
  const admin = await signInOverApi(apiBaseUrl, mobile);
  await moveCartTo(apiBaseUrl, admin.token, step, cart);
  const visitor = new Visitor(baseUrl);
  visitor.cookies.set(
    cookieName,
    await sessionCodec([secret], cookieName).write(signedInFields(admin.token, admin.mobile)),
  );
  return visitor;
}
