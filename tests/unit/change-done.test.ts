import { describe, expect, it } from "vitest";
import { eCardsSentTo, paidHow } from "~/membership/changes/change-done";
import type { Change, ChangePayment } from "~/upstream/changes.server";

/** A confirmed yearly joiner of ₹2,370.38, as the API answers it. */
const joiner = (over: Partial<Change> = {}): Change => ({
  change_id: "KVC-1",
  kind: "add",
  event: null,
  employee_code: "E-9",
  band: "18-35",
  range: "1A",
  effective_date: "2026-11-20",
  reason: null,
  priced_on: "2026-11-20",
  status: "confirmed",
  confirmed_at: "2026-11-20T10:00:00Z",
  confirmed_by: "Asha Rao",
  members: [{ employee_code: "E-9", full_name: "Arjun Nair", relationship: "self", email: "arjun@fernleaf.example" }],
  price: {
    policy: "yearly",
    unit_monthly_paise: 20000,
    days: 365,
    days_in_year: 365,
    discount_pct: 0,
    premium_paise: 200880,
    tax_lines: [],
    tax_paise: 36158,
    total_paise: 237038,
    new_monthly_paise: null,
    starts_on: null,
  },
  invoices: [{ id: "inv-1", number: "KV/26-27/0001" }],
  credit_notes: [],
  ...over,
});
const paid = (amount: number): ChangePayment => ({
  order_id: "order_Abc",
  change_id: "KVC-1",
  amount_paise: amount,
  status: "paid",
  refund_due: false,
  checkout_url: "/pay",
});

/** docs/product.md, Changes during the year: a done page says what was paid and how, and where the e-cards went. */
describe("a change's done page", () => {
  it("says what the gateway took and what the credit paid", () => {
    expect(paidHow(joiner(), paid(237038))).toBe("Paid ₹2,370.38 through the payment gateway (order order_Abc).");
    expect(paidHow(joiner(), paid(137038))).toBe(
      "Paid ₹2,370.38: ₹1,370.38 through the payment gateway (order order_Abc) and ₹1,000.00 from your cash deposit with the insurer.",
    );
    // Paid from credit alone: no "Total to pay" left standing, nothing charged.
    expect(paidHow(joiner(), null)).toBe(
      "Paid ₹2,370.38 from your cash deposit with the insurer: nothing was charged.",
    );
    // A payment kept for a refund paid for nothing.
    expect(paidHow(joiner(), { ...paid(237038), refund_due: true })).toMatch(/from your cash deposit with the insurer/);
  });

  it("says a removal's credit, and nothing for a change at no charge", () => {
    const leaver = joiner({ kind: "remove", price: { ...joiner().price, total_paise: -118519 } });
    expect(paidHow(leaver, null)).toBe(
      "Nothing to pay: ₹1,185.19 is refunded on the credit notes below, the insurer’s premium into your cash deposit with the insurer and any of Kavach’s own services to your bank account.",
    );
    expect(paidHow(joiner({ event: "birth", price: { ...joiner().price, total_paise: 0 } }), null)).toBeNull();
  });

  it("names whom the e-cards were emailed to", () => {
    expect(eCardsSentTo(joiner())).toBe("Their e-cards are emailed to arjun@fernleaf.example.");
    expect(eCardsSentTo(joiner({ event: "marriage" }))).toBe(
      "The family’s e-cards are emailed to employee E-9, at the email on your team’s list.",
    );
    expect(eCardsSentTo(joiner({ event: "birth", invoices: [] }))).toBe(
      "The family’s e-cards are emailed to employee E-9, at the email on your team’s list.",
    );
  });
});
