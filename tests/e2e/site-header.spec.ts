import AxeBuilder from "@axe-core/playwright";
import type { Browser, Locator, Page } from "@playwright/test";
import type { CartStep } from "../support/cart";
import { passCodeTime } from "../support/test-clock";
import { type AdminFixtures, API, expect, ORIGIN, test } from "./fixtures";
import { payOverApi } from "../support/membership";
import { enterCompanyDetails, enterGstin, FERNLEAF, readCode } from "./helpers";

/**
 * The header knows where the admin is (docs/product.md, Users and roles): its purchase button keeps
 * its label until the admin has paid and leads to the first unfinished step; inside the checkout the
 * stepper does that, and the header has no purchase button.
 */

for (const javaScriptEnabled of [false, true]) {
  test.describe(`JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("signed in, the purchase button keeps its label and leads to the first unfinished step", async ({
      page,
      adminAt,
    }) => {
      await adminAt("gst");
      await page.goto("/checkout/gst-details");
      // Inside the checkout the stepper leads on.
      const banner = page.getByRole("banner");
      await expect(banner.getByRole("button", { name: "Sign out" })).toBeVisible();
      await expect(banner.getByRole("link", { name: /Purchase now|Buy Now|Continue/ })).toHaveCount(0);

      await page.goto("/about-us");
      await expect(banner.getByRole("link", { name: "Purchase now", exact: true })).toHaveAttribute(
        "href",
        "/checkout/gst-details",
      );
      await page.goto("/checkout/gst-details");
      await enterGstin(page, FERNLEAF);
      await enterCompanyDetails(page);
      await expect(page).toHaveURL(/\/checkout\/plan-select$/);

      await page.goto("/");
      await expect(banner.getByRole("link", { name: "Purchase now", exact: true })).toHaveAttribute(
        "href",
        "/checkout/plan-select",
      );
      // The purchase buttons in the pages lead to verify-phone, which sends the admin to the same step.
      await page.goto("/checkout/verify");
      await expect(page).toHaveURL(/\/checkout\/plan-select$/);
      // A named partner's page keeps its own label, and leads the admin to the same step.
      await page.goto("/partners/godrej");
      const buy = banner.getByRole("link", { name: "Buy Now", exact: true });
      await expect(buy).toHaveAttribute("href", "/checkout/plan-select");
      await buy.click();
      await expect(page).toHaveURL(/\/checkout\/plan-select$/);
    });
  });
}

/**
 * Signing in again (docs/product.md, Signing in again): a returning admin finds "Sign in" in the header,
 * goes through the same code and lands on the membership, where the button now says "Your membership";
 * a link to a membership page (an email's) lands on a page that says how to get in, then opens.
 */
for (const javaScriptEnabled of [false, true]) {
  test.describe(`signing in again, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("the header's Sign in leads through the code to the membership, and the button then says Your membership", async ({
      page,
      browser,
      adminAt,
    }) => {
      // A paid admin, signed in elsewhere (another browser); this browser holds no session.
      const admin = await returningAdmin(browser, adminAt, "payment");
      await payOverApi(ORIGIN, admin.token, "yearly");

      await page.goto("/about-us");
      const banner = page.getByRole("banner");
      await expect(banner.getByRole("link", { name: "Purchase now", exact: true })).toBeVisible();
      await banner.getByRole("link", { name: "Sign in", exact: true }).click();
      await expect(page).toHaveURL(/\/sign-in$/);
      await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
      await expect(banner.getByRole("link", { name: "Sign in", exact: true })).toHaveCount(0);
      await signInWith(page, admin.mobile);
      await expect(page).toHaveURL(/\/membership$/);

      await page.goto("/about-us");
      await expect(banner.getByRole("link", { name: "Your membership", exact: true })).toHaveAttribute(
        "href",
        "/membership",
      );
      await expect(banner.getByRole("link", { name: "Purchase now", exact: true })).toHaveCount(0);
      await expect(banner.getByRole("link", { name: "Sign in", exact: true })).toHaveCount(0);
    });

    test("an email's link to a membership page says how to get in, then opens that page", async ({
      page,
      browser,
      adminAt,
    }) => {
      const admin = await returningAdmin(browser, adminAt, "payment");
      await payOverApi(ORIGIN, admin.token, "yearly");

      await page.goto("/membership/members");
      await expect(page).toHaveURL(/\/sign-in\?next=%2Fmembership%2Fmembers$/);
      await expect(page.getByTestId("sign-in-for-link")).toContainText("needs you signed in");
      await expect(page.getByText("Let’s get your team covered")).toHaveCount(0);
      await signInWith(page, admin.mobile);
      await expect(page).toHaveURL(/\/membership\/members$/);
    });

    test("a link that names another site is ignored: signing in lands on the membership", async ({
      page,
      adminAt,
      browser,
    }) => {
      const admin = await returningAdmin(browser, adminAt, "gst");
      await page.goto("/sign-in?next=//evil.example/membership");
      await expect(page.getByTestId("sign-in-for-link")).toHaveCount(0);
      await signInWith(page, admin.mobile);
      // Not paid yet: the membership sends the admin on to their first unfinished step.
      await expect(page).toHaveURL(/\/checkout\/gst-details$/);
    });
  });
}

/**
 * An admin who signed in on another browser a while ago: the code that sign-in asked for is 30 seconds
 * old on the sandbox's test clock, so this browser may ask for a new one.
 */
async function returningAdmin(browser: Browser, adminAt: AdminFixtures["adminAt"], step: CartStep) {
  const elsewhere = await browser.newContext();
  const admin = await adminAt(step, { context: elsewhere });
  await elsewhere.close();
  await passCodeTime(API, admin.mobile, 30);
  return admin;
}

async function signInWith(page: Page, mobile: string) {
  await page.getByLabel("Mobile number").fill(mobile);
  await page.getByRole("button", { name: "Send code" }).click();
  await expect(page).toHaveURL(/\/checkout\/verify-otp$/);
  await page.getByLabel("One-time code").fill(await readCode(page.request, mobile));
  await page.getByRole("button", { name: "Verify and continue" }).click();
}

test("the sign-in page has no serious axe violations and fits at 360 and 1280 px", async ({ page }) => {
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto("/sign-in?next=%2Fmembership");
    await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
    expect(
      serious.map((v) => v.id),
      `${width} px`,
    ).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `${width} px`).toBeLessThanOrEqual(width);
  }
});

test("signed out, the header's logo, Sign in and purchase button fit one row on a 360 px phone", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  for (const path of ["/", "/about-us", "/employee-healthcare-benefits"]) {
    await page.goto(path);
    const banner = page.getByRole("banner");
    const logo = await box(banner.getByRole("link", { name: "Kavach home" }));
    const signIn = await box(banner.getByRole("link", { name: "Sign in", exact: true }));
    const purchase = await box(banner.getByRole("link", { name: "Purchase now", exact: true }));
    const middle = (b: { y: number; height: number }) => b.y + b.height / 2;
    expect(Math.abs(middle(signIn) - middle(logo)), path).toBeLessThan(4);
    expect(Math.abs(middle(purchase) - middle(logo)), path).toBeLessThan(4);
    expect(signIn.x, path).toBeGreaterThan(logo.x + logo.width);
    expect(purchase.x, path).toBeGreaterThanOrEqual(signIn.x + signIn.width);
    expect(purchase.x + purchase.width, path).toBeLessThanOrEqual(360);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(360);
  }
});

/** The box of an element, which must be on the page. */
async function box(locator: Locator) {
  const b = await locator.boundingBox();
  if (!b) throw new Error("not rendered");
  return b;
}

test("signed in, the header's logo, Sign out and purchase button fit one row on a 360 px phone", async ({
  page,
  adminAt,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await adminAt("gst");
  for (const path of ["/about-us", "/employee-healthcare-benefits"]) {
    await page.goto(path);
    const banner = page.getByRole("banner");
    const logo = await box(banner.getByRole("link", { name: "Kavach home" }));
    const signOut = await box(banner.getByRole("button", { name: "Sign out" }));
    const purchase = await box(banner.getByRole("link", { name: "Purchase now", exact: true }));
    const middle = (b: { y: number; height: number }) => b.y + b.height / 2;
    // One row: the three share a line, left to right, and nothing wraps inside a button.
    expect(Math.abs(middle(signOut) - middle(logo)), path).toBeLessThan(4);
    expect(Math.abs(middle(purchase) - middle(logo)), path).toBeLessThan(4);
    expect(signOut.x, path).toBeGreaterThan(logo.x + logo.width);
    expect(purchase.x, path).toBeGreaterThanOrEqual(signOut.x + signOut.width);
    expect(purchase.x + purchase.width, path).toBeLessThanOrEqual(360);
    expect(purchase.height, path).toBeLessThan(44);
    expect(signOut.height, path).toBeLessThan(44);
    // No sideways scrolling either.
    expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(360);
  }
});
