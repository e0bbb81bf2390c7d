import { type BrowserContext, test as base } from "@playwright/test";
import { E2E_PORT, E2E_SESSION_SECRET } from "../../playwright.config";
import { adminSession } from "../support/admin-session";
import type { CartOptions, CartStep } from "../support/cart";
import type { ApiAdmin } from "../support/sign-in";

export { expect } from "@playwright/test";

/** The e2e server's own address and its embedded API (playwright.config.ts). */
export const ORIGIN = `http://127.0.0.1:${E2E_PORT}`;
export const API = `${ORIGIN}/api`;

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
 * The test's browser holds a signed-in admin's session, sealed with the e2e secret the way the app
 * seals it (tests/support/admin-session.ts), as the Epic Stack's `login` fixture does.
 * Tests about signing in go through the pages (tests/e2e/helpers.ts, signIn); every other one
 * starts from here.
 */
export const test = base.extend<AdminFixtures>({
  adminAt: async ({ context }, provide) => {
    await provide(async (step, { mobile, context: into = context, ...options } = {}) => {
      const { admin, cookie } = await adminSession(API, step, { ...options, mobile, secret: E2E_SESSION_SECRET });
      await into.addCookies([{ ...cookie, url: ORIGIN, httpOnly: true, sameSite: "Lax" }]);
      return admin;
    });
  },
  signedInAdmin: async ({ adminAt }, provide) => {
    await provide(await adminAt("gst"));
  },
});
