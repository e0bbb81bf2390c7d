import { expect, test } from "@playwright/test";
import { addPeople, choosePlan, enterCompanyDetails, enterGstin, FERNLEAF, pay, review, signIn } from "./helpers";

/** The whole purchase, as an admin does it, with and without script. */
for (const javaScriptEnabled of [false, true]) {
  test.describe(`purchase with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("from mobile number to a paid order", async ({ page }) => {
      await signIn(page);
      if (javaScriptEnabled) {
        // Find the company by name this time.
        await page.getByLabel("Company name").fill("fernleaf");
        await page.getByRole("button", { name: "Search" }).click();
        await page.getByRole("button", { name: /Fernleaf Analytics Private Limited/ }).click();
      } else {
        await enterGstin(page, FERNLEAF);
      }
      await enterCompanyDetails(page);
      await expect(page.getByText("Fernleaf Analytics Private Limited").first()).toBeVisible();
      await choosePlan(page);
      await addPeople(page);
      await review(page, "Yearly");
      await expect(page.getByRole("heading", { name: "Payment" })).toBeVisible();
      // Karnataka buyer: CGST and SGST, not IGST.
      await expect(page.getByText("CGST 9%").first()).toBeVisible();
      await expect(page.getByText("IGST 18%")).toHaveCount(0);
      await pay(page);
      const amount = await page.getByRole("button", { name: /Success/ }).textContent();
      await page.getByRole("button", { name: /Success/ }).click();
      await expect(page).toHaveURL(/\/teamsure\/verify-payment\?order_id=order_/);
      await expect(page.getByRole("heading", { name: "Payment successful" })).toBeVisible();
      const paid = await page.locator(".bill__total dd").textContent();
      expect(amount).toContain(paid!);
    });
  });
}
