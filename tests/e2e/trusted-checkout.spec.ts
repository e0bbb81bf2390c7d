import type { Page } from "@playwright/test";
import { DATA_CONTACT } from "~/content/privacy";
import { expect, test } from "./fixtures";
import { addPeople, choosePlan, pay } from "./helpers";

/**
 * docs/product.md, Prices and GST, Review, Payment outcomes, Partner pages and Who stands behind
 * the cover: every surface quotes the catalogue's price, the review states every line of it, the
 * payment button names the amount, and the insurer, the intermediary and the support contacts are
 * named where the buyer decides. Each runs with script off and on.
 */

/** The calendar year in India now: the footer's copyright runs to it. */
function yearInIndia(): number {
  return new Date(Date.now() + 330 * 60_000).getUTCFullYear();
}

/** The label (card) that holds a plan's radio, whatever its layout. */
function planCard(page: Page, name: RegExp) {
  return page.locator("label", { has: page.getByRole("radio", { name }) });
}

/** Leaves only the always-included cover ticked, and shows the plans' prices for it. */
async function untickPaidBenefits(page: Page, scripted: boolean) {
  const boxes = page.locator('input[type=checkbox][name="coverage"]:not([disabled]):checked');
  while ((await boxes.count()) > 0) await boxes.first().uncheck();
  if (!scripted) await page.getByRole("button", { name: "Update prices" }).click();
}

for (const scripted of [false, true]) {
  test.describe(`script ${scripted ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled: scripted });

    test("a partner page quotes the checkout's price for a plan, and its button brings that plan into the checkout", async ({
      page,
      adminAt,
    }) => {
      // An admin signed in with company details given: Buy Now leads past verify-phone to the plan step.
      await adminAt("plan");
      await page.goto("/partners/godrej");
      const card = page.locator('[data-plan-id="kavach-standard"]');
      await expect(card.getByRole("heading", { name: "Kavach Standard" })).toBeVisible();
      const partnerPrice = (await card.getByTestId("plan-price").textContent())!;
      expect(partnerPrice).toMatch(/^₹[\d,]+(\.\d\d)?$/);
      // What the plan includes is the catalogue's: the paid benefits are not called included.
      await expect(card).toContainText("Included: Group Health Insurance");
      await expect(page.getByText(/Doctor on call included/i)).toHaveCount(0);
      await expect(card.locator(".underwriter")).toContainText(/Underwritten by .+ \(IRDAI Reg\. No\. \d+\)/);
      await expect(card.locator(".underwriter")).toContainText("Sample data.");

      const buy = card.getByRole("link", { name: /Buy Now/ });
      await expect(buy).toHaveAttribute("href", /^\/checkout\/verify\?.*plan=kavach-standard/);
      await buy.click();

      await expect(page).toHaveURL(/\/checkout\/plan-select$/);
      await expect(page.getByRole("radio", { name: /Kavach Standard/ })).toBeChecked();
      await untickPaidBenefits(page, scripted);
      await expect(planCard(page, /Kavach Standard/)).toContainText(`${partnerPrice} per member`);
      await expect(page.locator(".underwriter").first()).toContainText("Sample data.");
    });

    test("the review states every line of the price, and payment names the amount without asking the billing again", async ({
      page,
      adminAt,
    }) => {
      await adminAt("plan");
      await page.goto("/checkout/plan-select");
      await page.getByRole("checkbox", { name: /Doctor Consultation/ }).check();
      await choosePlan(page);
      // 5 employees alone and 2 with a spouse: 7 employees, 9 lives.
      await addPeople(page, { "18–35 years, 1A": "5", "46–55 years, 2A": "2" });
      await expect(page).toHaveURL(/\/checkout\/checkout$/);

      const benefits = page.getByRole("table", { name: "Benefits, per member per month" });
      await expect(benefits.getByRole("row", { name: /Group Health Insurance/ })).toContainText("Included");
      await expect(benefits.getByRole("row", { name: /Doctor Consultation/ })).toContainText("₹49");
      await expect(page.getByText(/sum insured per family per year/)).toBeVisible();
      await expect(page.locator(".underwriter").first()).toContainText("Sample data.");
      const people = page.locator("table", { has: page.getByRole("columnheader", { name: "Lives covered" }) });
      await expect(people.getByRole("row", { name: /18–35 years · 1A/ })).toContainText(/5\s*5/);
      await expect(people.getByRole("row", { name: /46–55 years · 2A/ })).toContainText(/2\s*4/);
      // Employees, then lives covered: two numbers.
      await expect(people.getByRole("row", { name: /^Total/ }).getByRole("cell")).toHaveText(["7", "9"]);
      // Karnataka: CGST and SGST, each its own line, in both bills.
      await expect(page.getByText("CGST 9%")).toHaveCount(2);
      await expect(page.getByText("SGST 9%")).toHaveCount(2);
      const today = new Date(Date.now() + 330 * 60_000);
      const startText = today.toLocaleDateString("en-IN", {
        day: "numeric",
        month: "long",
        year: "numeric",
        timeZone: "UTC",
      });
      const cover = page.getByText(/^Cover starts on/);
      await expect(cover).toContainText(`Cover starts on ${startText} (the day you pay)`);
      await expect(cover).toContainText(/ends on \d{1,2} \w+ \d{4}\.$/);

      const monthlyTotal = (await page
        .locator(".billing-option", { hasText: "Monthly" })
        .locator(".bill__total dd")
        .textContent())!;
      const yearlyTotal = (await page
        .locator(".billing-option", { hasText: "Yearly" })
        .locator(".bill__total dd")
        .textContent())!;
      // The side summary agrees with the billing ticked beside it.
      const summary = page.locator(".checkout-aside");
      await expect(summary.locator('[data-policy="yearly"]')).toContainText(yearlyTotal);
      await expect(summary.locator('[data-policy="monthly"]')).toBeHidden();
      await page.getByRole("radio", { name: /Monthly/ }).check();
      await expect(summary.locator('[data-policy="monthly"]')).toContainText(monthlyTotal);
      await expect(summary.locator('[data-policy="yearly"]')).toBeHidden();
      await page.getByRole("button", { name: "Proceed to payment" }).click();

      await expect(page).toHaveURL(/\/checkout\/payment$/);
      await expect(page.getByRole("radio")).toHaveCount(0);
      await expect(page.getByText(/^Billing: /)).toContainText("Billing: Monthly");
      await expect(page.getByRole("button", { name: `Pay ${monthlyTotal}`, exact: true })).toBeVisible();
      await expect(summary.locator('[data-policy="monthly"]')).toContainText(monthlyTotal);
      await expect(summary.locator('[data-policy="yearly"]')).toBeHidden();
      await pay(page);
      await expect(page.getByRole("button", { name: /Success/ })).toContainText(monthlyTotal);
    });

    test("a failed payment shows the gateway's reason, what happens to a debit, another way to pay and the support contacts", async ({
      page,
      adminAt,
    }) => {
      await adminAt("review");
      await page.goto("/checkout/checkout");
      await page.getByRole("button", { name: "Proceed to payment" }).click();
      await pay(page);
      await page.getByRole("button", { name: "Simulate Failure" }).click();
      await expect(page).toHaveURL(/\/teamsure\/payment-fail/);
      await expect(page.getByTestId("failure-reason")).toHaveText(
        "The payment gateway said: “Your bank declined the payment (simulated).”",
      );
      await expect(page.getByTestId("reversal-note")).toContainText("it is reversed to the same account");
      const support = page.getByTestId("support-contact");
      await expect(support.getByRole("link", { name: "care@kavach.example" })).toHaveAttribute(
        "href",
        "mailto:care@kavach.example",
      );
      await expect(support.getByRole("link", { name: "+91 80 4718 2200" })).toHaveAttribute(
        "href",
        "tel:+918047182200",
      );
      await page.getByRole("button", { name: "Try again or pay another way" }).click();
      await expect(page).toHaveURL(/\/checkout\/payment$/);
      await expect(page.getByText("Your last payment did not go through")).toBeVisible();
    });
  });
}

test("the footer carries the licence line, a grievance contact and the copyright to the server's year", async ({
  page,
}) => {
  for (const path of ["/", "/checkout/verify", "/partners/godrej"]) {
    await page.goto(path);
    const footer = page.locator("footer.site-footer");
    await expect(footer).toContainText(`© 2022–${yearInIndia()} Kavach Health Benefits Private Limited`);
    await expect(footer.getByTestId("licence-line")).toContainText(
      /registered with IRDAI as a corporate agent \(composite\), Reg\. No\. CA\d{4}, valid till .+ \(sample data\)/,
    );
    await expect(footer.getByTestId("grievance-contact").getByRole("link", { name: /grievance@/ })).toHaveAttribute(
      "href",
      /^mailto:/,
    );
    // The contact for personal data (docs/product.md, Personal data), on every page.
    const data = footer.getByTestId("data-contact-line");
    await expect(data).toContainText(`Personal data: our ${DATA_CONTACT.role}, ${DATA_CONTACT.email}`);
    await expect(data.getByRole("link", { name: "privacy notice" })).toHaveAttribute("href", "/privacy");
  }
  // The footer's licence is the intermediary the catalogue names on the plan cards.
  const footerNo = /Reg\. No\. (CA\d{4})/.exec((await page.getByTestId("licence-line").textContent())!)![1];
  const cardText = (await page.locator('[data-plan-id="kavach-essential"]').locator(".underwriter").textContent())!;
  expect(cardText).toContain(`Reg. No. ${footerNo}`);
});
