import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { callApi, freshGstin } from "../support/cart";
import { confirmChange, payAndNameTeam } from "../support/membership";
import { API, ORIGIN, expect, test } from "./fixtures";

/**
 * docs/product.md, Who invoices what; docs/decisions/0055: a leaver's refund lands in the company's cash
 * deposit with the insurer; the membership page shows its balance and leads to its ledger, with the
 * insurer's credit note linked; a withdrawal larger than the balance is refused beside the field and
 * changes nothing; the same withdrawal posted twice is made once; a top-up is paid on the gateway's page
 * and credited; a joiner the deposit covers is said to be paid from it before confirming, and is.
 * Script off at 360 px, on at 1280 px.
 */

const todayInIndia = () => new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
const whole = new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR", maximumFractionDigits: 0 });
const exact = new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR", minimumFractionDigits: 2 });
/** Paise as the pages write them: ₹1,000 or ₹1,517.92. */
const inr = (paise: number) => (paise % 100 === 0 ? whole.format(paise / 100) : exact.format(paise / 100));

async function expectAccessible(page: Page, javaScriptEnabled: boolean) {
  if (!javaScriptEnabled) return;
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

for (const [javaScriptEnabled, width] of [
  [false, 360],
  [true, 1280],
] as const) {
  test.describe(`the cash deposit, JavaScript ${javaScriptEnabled ? "on" : "off"}, ${width} px`, () => {
    test.use({ javaScriptEnabled, viewport: { width, height: 900 } });

    test("a leaver's refund in the deposit, its ledger, a refused and a repeated withdrawal, and a top-up", async ({
      page,
      adminAt,
    }) => {
      const admin = await adminAt("payment", {
        gstin: freshGstin("07"),
        employees: 3,
        people: [{ band: "18-35", range: "1A", count: 3 }],
      });
      await payAndNameTeam(ORIGIN, admin.token, ["E-1", "E-2", "E-3"]);
      const change = await confirmChange(ORIGIN, admin.token, {
        kind: "remove",
        employee_code: "E-1",
        effective_date: todayInIndia(),
        reason: "Resigned",
      });
      const refund = -change.price.total_paise;
      const balanceNow = async () =>
        (await callApi(API, admin.token, "/membership/deposit")).deposit.balance_paise as number;
      expect(await balanceNow()).toBe(refund);

      await page.goto("/membership");
      const summary = page.getByRole("region", { name: "Cash deposit with the insurer" });
      await expect(summary.getByRole("definition").first()).toHaveText(inr(refund));
      await summary.getByRole("link", { name: "See the deposit’s ledger, top it up or withdraw" }).click();

      await expect(page.getByRole("heading", { level: 1, name: "Cash deposit with the insurer" })).toBeVisible();
      const ledger = page.getByRole("region", { name: "The deposit’s ledger" });
      const row = ledger.getByRole("row", { name: /Refund by the insurer for a removal/ });
      await expect(row.getByRole("link", { name: `Credit note ${change.credit_note.number}` })).toBeVisible();
      await expect(row).toContainText(`${inr(refund)} paid in`);
      await expectAccessible(page, javaScriptEnabled);

      // More than the balance: refused beside the field, and nothing moves.
      const withdraw = page.locator("form#withdraw");
      await withdraw.getByLabel("Amount to withdraw").fill(String(Math.ceil(refund / 100) + 1));
      await withdraw.getByRole("button", { name: "Withdraw to the bank account" }).click();
      await expect(withdraw.getByRole("alert").filter({ hasText: /^You can withdraw at most / })).toHaveText(
        `You can withdraw at most ${exact.format(refund / 100)}, the deposit's balance.`,
      );
      await expect(page.getByLabel("Amount to withdraw")).toHaveAttribute("aria-invalid", "true");
      await expectAccessible(page, javaScriptEnabled);
      expect(await balanceNow()).toBe(refund);

      // The same form posted twice (a double submit): one withdrawal of ₹100.
      await page.goto("/membership/deposit");
      const key = await page.locator('form#withdraw input[name="idempotency_key"]').inputValue();
      for (let i = 0; i < 2; i++) {
        const posted = await page.request.post("/membership/deposit", {
          form: { intent: "withdraw", amount: "100", idempotency_key: key },
          maxRedirects: 0,
        });
        expect([302, 303]).toContain(posted.status());
      }
      expect(await balanceNow()).toBe(refund - 10_000);
      await page.goto("/membership/deposit");
      await expect(ledger.getByRole("row", { name: /Withdrawal to the company's bank account/ })).toHaveCount(1);

      // A top-up of ₹1,000, paid on the gateway's page.
      await page.getByLabel("Amount to pay in").fill("1000");
      await page.getByRole("button", { name: "Top up the deposit" }).click();
      await page.getByRole("button", { name: "Pay ₹1,000 — Success" }).click();
      await expect(page).toHaveURL(/\/membership\/deposit$/);
      await expect(page.getByText("₹1,000 is paid into the deposit.")).toBeVisible();
      await expect(ledger.getByRole("row", { name: /Top-up paid by the company/ })).toContainText("₹1,000 paid in");
      expect(await balanceNow()).toBe(refund - 10_000 + 100_000);
      await expectAccessible(page, javaScriptEnabled);

      // A joiner now: the deposit covers the insurer's premium, and the change's page says so before it is
      // confirmed; confirming pays it from the deposit, with nothing through the payment page.
      const { change: joining } = await callApi(API, admin.token, "/membership/changes/quote", {
        kind: "add",
        band: "18-35",
        range: "1A",
        effective_date: todayInIndia(),
        members: [
          {
            employee_code: "E-9",
            full_name: "Joiner E-9",
            gender: "male",
            date_of_birth: "1996-03-01",
            relationship: "self",
            mobile: "9812345678",
            email: "e-9@tanager.example",
            date_of_joining: null,
          },
        ],
      });
      await page.goto(`/membership/changes/${joining.change_id}`);
      const how = page.getByRole("table", { name: "How it is paid" });
      await expect(how.getByRole("row", { name: /^From your cash deposit with the insurer/ })).toContainText(
        inr(joining.price.total_paise),
      );
      await expect(how.getByRole("row", { name: /^Through the payment page/ })).toHaveCount(0);
      await expectAccessible(page, javaScriptEnabled);
      await page.getByRole("button", { name: "Confirm the change" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "The change is made" })).toBeVisible();
      expect(await balanceNow()).toBe(refund - 10_000 + 100_000 - joining.price.total_paise);
    });
  });
}
