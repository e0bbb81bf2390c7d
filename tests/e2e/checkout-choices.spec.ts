import type { Page } from "@playwright/test";
import { PAGE_PATHS } from "../../app/routing/page-paths";
import { expect, test } from "./fixtures";
import { FERNLEAF } from "./helpers";

/**
 * The choices an admin makes on the GST, plan and people steps read plainly (docs/product.md,
 * Checkout steps): a GSTIN is confirmed by name before it is used, nothing paid is ticked for the
 * admin, the sum insured comes first, and the people grid starts from the headcount given.
 */

/** A well-formed GSTIN (valid check character) that the sandbox registry does not hold. */
const UNKNOWN = "27AAPFU0939F1ZV";

/** A mark on the document: a full page load wipes it, a client-side step keeps it. */
async function markDocument(page: Page) {
  await page.evaluate(() => ((window as unknown as { mark: number }).mark = 1));
}
async function sameDocument(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as unknown as { mark?: number }).mark === 1);
}

for (const javaScriptEnabled of [false, true]) {
  test.describe(`JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("an unknown GSTIN offers the way on; a known one asks “Is this your company?” before anything is saved", async ({
      page,
      adminAt,
    }) => {
      await adminAt("gst");
      await page.goto("/checkout/gst-details");
      if (javaScriptEnabled) {
        await page.waitForFunction(() => "__remixRouter" in window);
        await markDocument(page);
      }
      await page.getByLabel("GSTIN").fill(UNKNOWN);
      await page.getByRole("button", { name: "Verify GSTIN" }).click();
      // Beside the field (the error summary above the form says it too).
      await expect(
        page
          .locator(".field__error")
          .filter({ hasText: `We could not find a company registered with GSTIN ${UNKNOWN}.` }),
      ).toBeVisible();
      await expect(page.getByLabel("GSTIN")).toHaveValue(UNKNOWN);
      // Beside the message: search by name on this step, or contact us.
      const next = page.getByTestId("gstin-next");
      await expect(next.getByRole("link", { name: "Find your company by name" })).toHaveAttribute(
        "href",
        "#company-search",
      );
      await expect(next.getByRole("link", { name: "contact us" })).toHaveAttribute("href", PAGE_PATHS.contact);
      await next.getByRole("link", { name: "Find your company by name" }).click();
      await expect(page.getByRole("combobox", { name: "Company name" })).toBeInViewport();

      await page.getByLabel("GSTIN").fill(FERNLEAF);
      await page.getByRole("button", { name: "Verify GSTIN" }).click();
      const confirm = page.getByRole("region", { name: "Is this your company?" });
      await expect(confirm).toBeVisible();
      await expect(confirm.getByText("Fernleaf Analytics Private Limited")).toBeVisible();
      await expect(confirm.getByText("Karnataka")).toBeVisible();
      await expect(confirm.getByText(FERNLEAF)).toBeVisible();
      await expect(page).toHaveURL(/\/checkout\/gst-details\?confirm=29AAKCF2931M1Z6$/);
      // Script on, the same question arrives without a page load.
      if (javaScriptEnabled) expect(await sameDocument(page)).toBe(true);

      // "No" goes back to the GSTIN, with nothing saved: the next step is not open yet.
      await confirm.getByRole("link", { name: "No, enter another GSTIN" }).click();
      await expect(page).toHaveURL(/\/checkout\/gst-details$/);
      await expect(page.getByRole("heading", { name: "Is this your company?" })).toHaveCount(0);
      await expect(page.getByRole("navigation", { name: "Checkout progress" }).getByRole("link")).toHaveCount(1);

      await page.getByLabel("GSTIN").fill(FERNLEAF);
      await page.getByRole("button", { name: "Verify GSTIN" }).click();
      await page.getByRole("button", { name: "Yes, this is my company" }).click();
      await expect(page).toHaveURL(/\/checkout\/company-details$/);
      if (javaScriptEnabled) expect(await sameDocument(page)).toBe(true);
      await page.goto("/checkout/gst-details");
      await expect(page.getByText("Fernleaf Analytics Private Limited").first()).toBeVisible();
    });

    test("the plan step ticks nothing paid, says Included for the cover that is, and asks for the sum insured first", async ({
      page,
      adminAt,
    }) => {
      await adminAt("plan");
      await page.goto("/checkout/plan-select");

      // The sum insured first, the benefits second.
      await expect(page.locator("form legend")).toHaveText([
        "Sum insured per family per year",
        "Benefits for your team",
      ]);
      // No paid add-on is ticked for the admin.
      const boxes = page.getByRole("checkbox");
      expect(await boxes.count()).toBeGreaterThan(0);
      await expect(page.locator("input[type=checkbox]:checked")).toHaveCount(0);
      // The cover that is always part of the plan is said in words, not shown as a box.
      await expect(page.getByRole("checkbox", { name: /Group Health Insurance/ })).toHaveCount(0);
      const included = page.locator(".coverage", { hasText: "Group Health Insurance" });
      await expect(included.getByText("Included", { exact: true })).toBeVisible();

      // The comparison shows what differs; what every plan has is said once.
      const cards = page.locator(".plan-card");
      await expect(cards.filter({ hasText: "₹1,00,000" })).toContainText("Room rent up to 1% of the sum insured a day");
      await expect(cards.filter({ hasText: "₹3,00,000" })).toContainText("Single private room");
      await expect(page.getByText("Cashless treatment at 7,000+ network hospitals")).toHaveCount(1);
      await expect(page.getByText("Every plan includes:")).toBeVisible();

      // No purchase before a total exists.
      await expect(page.getByRole("button", { name: /Buy/ })).toHaveCount(0);
      await page.getByRole("radio", { name: /₹3,00,000/ }).check();
      await page.getByRole("checkbox", { name: /Doctor Consultation/ }).check();
      await page.getByRole("button", { name: "Continue", exact: true }).click();
      await expect(page).toHaveURL(/\/checkout\/add-people$/);

      // What the admin ticked is what is kept.
      await page.goto("/checkout/plan-select");
      await expect(page.getByRole("radio", { name: /₹3,00,000/ })).toBeChecked();
      await expect(page.locator("input[type=checkbox]:checked")).toHaveCount(1);
      await expect(page.getByRole("checkbox", { name: /Doctor Consultation/ })).toBeChecked();
    });

    test("add-people starts from the headcount, in the youngest band and employee only, once", async ({
      page,
      adminAt,
    }) => {
      await adminAt("people", { employees: 12 });
      await page.goto("/checkout/add-people");

      // The family covers in plain words, next to their codes.
      const table = page.getByRole("table", { name: "Employees by age band and family cover" });
      await expect(table.getByRole("columnheader")).toHaveText([
        "Age band",
        "1A: Employee only",
        "2A: Employee + spouse",
        "2A+2C: Employee, spouse and two children",
      ]);
      // The 12 given on company details, in the youngest band, employee only; every other cell empty.
      await expect(page.getByLabel("18–35 years, 1A", { exact: true })).toHaveValue("12");
      const counts = await page
        .locator("input.input--count")
        .evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));
      expect(counts.filter((c) => c !== "0")).toEqual(["12"]);
      // Priced as it stands, before any button.
      await expect(page.getByTestId("live-quote")).toContainText("12 employees");

      // The admin moves them; what is saved is what they typed.
      await page.getByLabel("18–35 years, 1A", { exact: true }).fill("7");
      await page.getByLabel("36–45 years, 2A", { exact: true }).fill("5");
      await page.getByRole("button", { name: "Continue to review" }).click();
      await expect(page).toHaveURL(/\/checkout\/checkout$/);
      // The review names the bands and covers in the same words.
      const lines = page.getByRole("table", { name: "Premium by age band and family cover" }).getByRole("row");
      await expect(lines.filter({ hasText: "18–35 years" })).toContainText("1A: Employee only");
      await expect(lines.filter({ hasText: "36–45 years" })).toContainText("2A: Employee + spouse");
      // With people in the cart, the headcount is not put back.
      await page.goto("/checkout/add-people");
      await expect(page.getByLabel("18–35 years, 1A", { exact: true })).toHaveValue("7");
      await expect(page.getByLabel("36–45 years, 2A", { exact: true })).toHaveValue("5");
    });
  });
}

test("without a headcount, add-people starts empty", async ({ page, adminAt }) => {
  await adminAt("people", { employees: null });
  await page.goto("/checkout/add-people");
  const counts = await page
    .locator("input.input--count")
    .evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));
  expect(counts.every((c) => c === "0")).toBe(true);
  // No price for nobody: the price box only says where the price will show.
  await expect(page.getByTestId("live-quote")).toHaveText("Your price shows here for the numbers in the table.");
});

test("an address that asks to confirm a GSTIN the registry does not know, or no GSTIN at all, shows the plain step", async ({
  page,
  adminAt,
}) => {
  await adminAt("gst");
  for (const confirm of [UNKNOWN, "not-a-gstin"]) {
    const answer = await page.goto(`/checkout/gst-details?confirm=${confirm}`);
    expect(answer?.status(), confirm).toBe(200);
    await expect(page.getByRole("heading", { name: "Is this your company?" })).toHaveCount(0);
    await expect(page.getByLabel("GSTIN")).toBeVisible();
  }
});
