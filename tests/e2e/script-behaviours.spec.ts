import { E2E_PORT, E2E_SESSION_SECRET } from "../../playwright.config";
import { MESSAGES } from "../../app/config/constants";
import { DEV_COOKIE, sessionCodec, signedInFields } from "../support/session-cookie";
import { expect, ORIGIN, test } from "./fixtures";
import { atHydratedCodePage, FERNLEAF, freshGstin, pay, readCode } from "./helpers";

test.use({ javaScriptEnabled: true });

test("logging out in one tab signs the other tabs out and sends them home", async ({ context, adminAt }) => {
  await adminAt("gst");
  const first = await context.newPage();
  await first.goto("/checkout/gst-details");
  const second = await context.newPage();
  await second.goto("/checkout/gst-details");
  await expect(second.getByRole("button", { name: "Sign out" })).toBeVisible();

  await first.getByRole("button", { name: "Sign out" }).click();
  await expect(first).toHaveURL(/\/checkout\/verify$/);
  await expect(second).toHaveURL(`http://127.0.0.1:${E2E_PORT}/`, { timeout: 3000 });
  await expect(second.getByRole("button", { name: "Sign out" })).toHaveCount(0);
});

test("a public page open in another tab is signed out too, by the page script", async ({ context, adminAt }) => {
  await adminAt("gst");
  const first = await context.newPage();
  await first.goto("/checkout/gst-details");
  const second = await context.newPage();
  await second.goto("/about-us");
  await expect(second.getByRole("button", { name: "Sign out" })).toBeVisible();
  // The page script (not React) runs here; once it has pushed its page view it is listening.
  expect(await second.evaluate(() => "__remixRouter" in window)).toBe(false);
  await expect.poll(() => second.evaluate(() => window.dataLayer?.length)).toBe(1);

  await first.getByRole("button", { name: "Sign out" }).click();
  await expect(first).toHaveURL(/\/checkout\/verify$/);
  await expect(second).toHaveURL(`http://127.0.0.1:${E2E_PORT}/`, { timeout: 3000 });
  await expect(second.getByRole("button", { name: "Sign out" })).toHaveCount(0);
});

test("a session made under another app version is signed out and sent home", async ({ page, context, adminAt }) => {
  const { token, mobile } = await adminAt("details");
  // The admin's session as an older deploy would have made it.
  const value = await sessionCodec([E2E_SESSION_SECRET]).write({ ...signedInFields(token, mobile), version: "1.0.1" });
  await context.addCookies([{ name: DEV_COOKIE, value, url: ORIGIN }]);

  await page.goto("/checkout/company-details");
  await expect(page).toHaveURL(`http://127.0.0.1:${E2E_PORT}/`);
  await expect(page.getByText("Kavach has been updated. Please sign in again.")).toBeVisible();
  await page.goto("/checkout/company-details");
  await expect(page).toHaveURL(/\/checkout\/verify$/);
});

test("going back to the payment page after paying shows the membership, not a stale form", async ({
  page,
  adminAt,
}) => {
  // Reached from the review, as an admin does: the payment page is a client-side step in the history.
  await adminAt("review", { gstin: freshGstin() });
  await page.goto("/checkout/checkout");
  await page.getByRole("button", { name: "Proceed to payment" }).click();
  await pay(page);
  await page.getByRole("button", { name: /Success/ }).click();
  await expect(page.getByRole("heading", { name: "Payment successful" })).toBeVisible();
  await page.goBack();
  // The payment page, restored from history, reloads and is sent on to the membership; that can
  // cut the history navigation itself short, which is the behaviour under test, not a failure.
  await page.goBack({ waitUntil: "commit" }).catch(() => null);
  await expect(page).toHaveURL(/\/membership$/);
  await expect(page.getByText("Active", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: /^Pay ₹/ })).toHaveCount(0);
});

test("each page pushes one page view, with its path, to the data layer", async ({ page }) => {
  await page.goto("/checkout/verify?utm_source=test");
  await expect
    .poll(() => page.evaluate(() => window.dataLayer))
    .toEqual([{ event: "page_view", page_path: "/checkout/verify?utm_source=test" }]);
  await page.getByRole("link", { name: "Kavach home" }).click();
  await expect(page).toHaveURL(`http://127.0.0.1:${E2E_PORT}/`);
  await expect.poll(() => page.evaluate(() => window.dataLayer?.map((e) => e.page_path))).toEqual(["/"]);
});

test("inline validation shows the message on blur, before any submit, and clears it once corrected", async ({
  page,
  adminAt,
}) => {
  await adminAt("details");
  await page.goto("/checkout/company-details");
  await page.waitForFunction(() => "__remixRouter" in window);
  const email = page.getByLabel("Work email");
  await email.fill("asha.rao@");
  await email.blur();
  await expect(page.getByText(MESSAGES.emailInvalid)).toBeVisible();
  await expect(email).toHaveAttribute("aria-invalid", "true");
  await expect(page).toHaveURL(/\/checkout\/company-details$/);
  await email.fill("asha.rao@fernleaf.example");
  await expect(page.getByText(MESSAGES.emailInvalid)).toBeHidden();
  await expect(email).not.toHaveAttribute("aria-invalid");
});

test("inline validation applies the server's own rules, such as the GSTIN check character", async ({
  page,
  adminAt,
}) => {
  await adminAt("gst");
  await page.goto("/checkout/gst-details");
  const gstin = page.getByLabel("GSTIN");
  await gstin.fill(`${FERNLEAF.slice(0, 14)}${FERNLEAF.endsWith("7") ? "8" : "7"}`);
  await gstin.blur();
  await expect(page.getByText(MESSAGES.gstinCheck)).toBeVisible();
  await expect(page).toHaveURL(/gst-details$/);
});

test("a slow submission says what it is doing, is sent once, and shows the loader only once it is slow", async ({
  page,
}) => {
  // The page's clock: the loader's two seconds pass when the test says, not after a wait.
  await page.clock.install();
  const mobile = await atHydratedCodePage(page);
  let posts = 0;
  let answer!: () => void;
  const answered = new Promise<void>((resolve) => (answer = resolve));
  // The hydrated page posts its form as a Remix data request, held here until the test lets it go.
  await page.route("**/checkout/verify-otp.data", async (route) => {
    if (route.request().method() !== "POST") return route.continue();
    posts += 1;
    await answered;
    await route.continue();
  });
  await page.getByLabel("One-time code").fill(await readCode(page.request, mobile));
  await page.getByRole("button", { name: "Verify and continue" }).click();
  const pending = page.getByRole("button", { name: "Checking…" });
  await expect(pending).toHaveAttribute("aria-disabled", "true");
  // A second click while the first post is on its way, as an impatient admin's would be.
  // (Clicked from inside the page: Playwright itself refuses to click an aria-disabled button.)
  await pending.evaluate((button: HTMLButtonElement) => button.click());
  // The loader waits two seconds (docs/product.md, Page behaviour): a quick step never flashes it,
  // the busy label covers the wait until then.
  await page.clock.runFor(1_000);
  await expect(page.locator(".fs-loader")).toHaveCount(0);
  await expect(pending).toBeVisible();
  await page.clock.runFor(1_500);
  await expect(page.locator(".fs-loader")).toHaveText("Loading, please wait");
  answer();
  await expect(page).toHaveURL(/\/checkout\/gst-details$/);
  await expect(page.locator(".fs-loader")).toHaveCount(0);
  expect(posts).toBe(1);
});
