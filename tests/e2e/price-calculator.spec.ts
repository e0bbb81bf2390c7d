import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { enterCompanyDetails, enterGstin, FERNLEAF, freshMobile, readCode } from "./helpers";

/**
 * The public price calculator (docs/product.md, Public pages): a price before any sign-in, from the
 * API's own pricing, which "Buy this" carries into the checkout; with script off (a GET form) and
 * on (live, as the visitor types).
 */
async function chooseOnCalculator(page: Page) {
  await page.getByRole("radio", { name: /Kavach Standard/ }).check();
  await page.getByRole("checkbox", { name: /Doctor Consultation/ }).check();
  await page.getByLabel("18–35 years, 1A", { exact: true }).fill("8");
  await page.getByLabel("36–45 years, 2A+2C", { exact: true }).fill("4");
  await page.getByLabel("Your company is registered in").selectOption("intra");
}

/** From "Buy this" through sign-in and the company steps, to the checkout the choice went into. */
async function buyAndSignIn(page: Page) {
  await page.getByRole("button", { name: "Buy this" }).click();
  await expect(page).toHaveURL(/\/checkout\/verify$/);
  const mobile = freshMobile();
  await page.getByLabel("Mobile number").fill(mobile);
  await page.getByRole("button", { name: "Send code" }).click();
  await expect(page).toHaveURL(/\/checkout\/verify-otp$/);
  await page.getByLabel("One-time code").fill(await readCode(page.request, mobile));
  await page.getByRole("button", { name: "Verify and continue" }).click();
  await expect(
    page.getByText("Your people, plan and benefits from the price calculator are in your checkout."),
  ).toBeVisible();
  await enterGstin(page, FERNLEAF);
  await enterCompanyDetails(page, "12");
  await expect(page).toHaveURL(/\/checkout\/plan-select$/);
}

async function expectChoiceRestored(page: Page, monthly: string) {
  // The plan and the benefits the visitor ticked, and no paid add-on they did not.
  await expect(page.getByRole("radio", { name: /Kavach Standard/ })).toBeChecked();
  await expect(page.getByRole("checkbox", { name: /Doctor Consultation/ })).toBeChecked();
  for (const other of ["Group Term Life", "Discounted Medicine", "Fitness Tracking", "Good Doctors"]) {
    await expect(page.getByRole("checkbox", { name: new RegExp(other) })).not.toBeChecked();
  }
  await page.goto("/checkout/add-people");
  await expect(page.getByLabel("18–35 years, 1A", { exact: true })).toHaveValue("8");
  await expect(page.getByLabel("36–45 years, 2A+2C", { exact: true })).toHaveValue("4");
  await expect(page.getByLabel("46–55 years, 1A", { exact: true })).toHaveValue("0");
  await page.goto("/checkout/checkout");
  // The checkout's own monthly total, GST included, for a company in Karnataka: the calculator's.
  await expect(page.locator(".bill__total", { hasText: "Total per month" }).locator("dd").first()).toHaveText(monthly);
}

test.describe("with JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("the home page's calculator prices by a plain GET, and Buy this carries it through sign-in", async ({
    page,
  }) => {
    await page.goto("/");
    await chooseOnCalculator(page);
    await page.getByRole("button", { name: "Show the price" }).click();
    // A page anyone can open by its address.
    await expect(page).toHaveURL(/\/\?plan=kavach-standard&benefit=doctor-consultation&gst=intra&.*#price-result$/);
    const monthly = (await page.locator("[data-quote-monthly]").textContent())!;
    expect(monthly).toMatch(/^₹[\d,]+(\.\d\d)?$/);
    await expect(page.getByText(/CGST 9% ₹/).first()).toBeVisible();
    await buyAndSignIn(page);
    await expectChoiceRestored(page, monthly);
  });

  test("a refused count is named by its cell, with everything else kept", async ({ page }) => {
    await page.goto("/employee-healthcare-benefits");
    await page.getByLabel("18–35 years, 1A", { exact: true }).fill("1");
    await page.getByRole("button", { name: "Show the price" }).click();
    await expect(page.getByText("Employees range can be from 2 to 10,000. You have added 1.")).toBeVisible();
    await expect(page.getByLabel("18–35 years, 1A", { exact: true })).toHaveValue("1");
    await page.getByLabel("18–35 years, 2A", { exact: true }).fill("-3");
    await page.getByRole("button", { name: "Show the price" }).click();
    await expect(page.getByText("18–35 years, 2A: Cannot be negative.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Buy this" })).toHaveCount(0);
  });
});

test.describe("with JavaScript off, signed in", () => {
  test.use({ javaScriptEnabled: false });

  test("Buy this puts the choice into the admin's cart at once and goes to the next step", async ({
    page,
    adminAt,
  }) => {
    await adminAt("plan", { employees: 12 });
    await page.goto("/employee-healthcare-benefits");
    await chooseOnCalculator(page);
    await page.getByRole("button", { name: "Show the price" }).click();
    const monthly = (await page.locator("[data-quote-monthly]").textContent())!;
    await page.getByRole("button", { name: "Buy this" }).click();
    await expect(page).toHaveURL(/\/checkout\/checkout$/);
    await expect(
      page.getByText("Your people, plan and benefits from the price calculator are in your checkout."),
    ).toBeVisible();
    await page.goto("/checkout/plan-select");
    await expectChoiceRestored(page, monthly);
  });
});

test.describe("with JavaScript on, signed in", () => {
  test("the price follows the form as it is typed, and equals the checkout's", async ({ page, adminAt }) => {
    await adminAt("plan", { employees: 12 });
    await page.goto("/employee-healthcare-benefits");
    await expect(page.getByText("Enter how many people to cover to see the price.")).toBeVisible();
    await chooseOnCalculator(page);
    // No button pressed: the answer arrives by itself, and the address follows the choice.
    await expect(page.locator("[data-quote-monthly]")).toBeVisible();
    await expect(page).toHaveURL(
      /\?plan=kavach-standard&benefit=doctor-consultation&gst=intra&18-35\.1A=8&36-45\.2A%2B2C=4#price-result$/,
    );
    await expect(page.getByText(/for 12 employees on Kavach Standard/)).toBeVisible();
    const monthly = (await page.locator("[data-quote-monthly]").textContent())!;
    // The page a script-less visitor gets for the same address shows the same price.
    const plain = await (await page.request.get(page.url())).text();
    expect(plain).toContain(`data-quote-monthly="">${monthly}</strong>`);
    await page.getByRole("button", { name: "Buy this" }).click();
    await expect(page).toHaveURL(/\/checkout\/checkout$/);
    await page.goto("/checkout/plan-select");
    await expectChoiceRestored(page, monthly);
  });
});

test("a page that answers a calculator query is never kept in the shared page cache", async ({ request }) => {
  const asked = await request.get("/?plan=kavach-essential&18-35.1A=3");
  expect(asked.status()).toBe(200);
  expect(asked.headers()["cache-control"]).toBe("private, no-cache");
  const plain = await request.get("/");
  expect(plain.headers()["cache-control"]).toMatch(/^public, max-age=0, s-maxage=\d+/);
});
