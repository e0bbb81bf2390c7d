import type { Locator } from "@playwright/test";
import { expect, test } from "./fixtures";
import { enterCompanyDetails, enterGstin, FERNLEAF } from "./helpers";

/**
 * The header knows where the admin is (docs/product.md, Users and roles): its purchase button keeps
 * its label signed in or not and leads to the first unfinished step; inside the checkout the
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
