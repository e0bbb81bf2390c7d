import { gstinCheckCharacter } from "../../sandbox/shared/gstin";
import { expect, test } from "./fixtures";

/**
 * docs/product.md, GST details: the sandbox registry answers any valid GSTIN not on its list with a
 * made-up company in the GSTIN's state, shown as sample data, so a test or a demo can always start a
 * new company.
 */

/** A valid Maharashtra company GSTIN (PAN holder C, name letter K) with digits nobody used before. */
function freshGstin(): string {
  const digits = String(Math.floor(Math.random() * 10_000)).padStart(4, "0");
  const first14 = `27AABCK${digits}Q1Z`;
  return first14 + gstinCheckCharacter(first14);
}

for (const javaScriptEnabled of [false, true]) {
  test.describe(`JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("a fresh valid GSTIN names a sample company in its state, which can be bought for", async ({
      page,
      adminAt,
    }) => {
      await adminAt("gst");
      await page.goto("/checkout/gst-details");
      const gstin = freshGstin();
      await page.getByLabel("GSTIN").fill(gstin);
      await page.getByRole("button", { name: "Verify GSTIN" }).click();
      const confirm = page.getByRole("region", { name: "Is this your company?" });
      await expect(confirm.getByText(/^K\w+ \w+ Private Limited$/)).toBeVisible();
      await expect(confirm.getByText("Maharashtra")).toBeVisible();
      await expect(confirm.getByText(gstin)).toBeVisible();
      await expect(confirm.getByText("Sample data")).toBeVisible();
      await expect(confirm.getByText("A made-up company for tests and demos, not a registered one")).toBeVisible();
      await confirm.getByRole("button", { name: "Yes, this is my company" }).click();
      await expect(page).toHaveURL(/\/checkout\/company-details$/);
    });
  });
}
