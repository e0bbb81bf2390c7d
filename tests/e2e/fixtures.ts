import { type BrowserContext, test as base } from "@playwright/test";
import { E2E_PORT, E2E_SESSION_SECRET } from "../../playwright.config";
import { type CartOptions, type CartStep, moveCartTo } from "../support/cart";
import { DEV_COOKIE, sessionCodec, signedInFields } from "../support/session-cookie";
import { type ApiAdmin, signInOverApi } from "../support/sign-in";

export { expect } from "@playwright/test";

/** The e2e server's own address and its embedded API (playwright.config.ts). */
export const ORIGIN = `http://127.0.0.1:${E2E_PORT}`;
export const API = `${ORIGIN}/api`;

const codec = sessionCodec([E2E_SESSION_SECRET], DEV_COOKIE);

export interface AdminFixtures {
  /** An admin signed in over the API, standing on GST details with an empty cart. */
  signedInAdmin: ApiAdmin;
  /**
   * Signs a fresh admin in over the API, fills the cart up to `step` and gives the page's browser
   * the session cookie the app would have set: the page opens on `step` with no sign-in pages.
   */
  adminAt: (
    step: CartStep,
    options?: CartOptions & {
      mobile?: string;
      /** Another browser context than the test's own. */ context?: BrowserContext;
    },
  ) => Promise<ApiAdmin>;
}

/**
 * The test's browser holds a signed-in admin's session, sealed here with the e2e secret the way the
 * app seals it (app/session/sealed-cookie.server.ts), as the Epic Stack's `login` fixture does.
 * Tests about signing in go through the pages (tests/e2e/helpers.ts, signIn); every other one
 * starts from here.
 */
export const test = base.extend<AdminFixtures>({
  adminAt: async ({ context }, provide) => {
    await provide(async (step, { mobile, context: into = context, ...options } = {}) => {
      const admin = await signInOverApi(API, mobile);
      await moveCartTo(API, admin.token, step, options);
      const value = await codec.write(signedInFields(admin.token, admin.mobile));
      await into.addCookies([{ name: DEV_COOKIE, value, url: ORIGIN, httpOnly: true, sameSite: "Lax" }]);
      return admin;
    });
  },
  signedInAdmin: async ({ adminAt }, provide) => {
    await provide(await adminAt("gst"));
  },
});
