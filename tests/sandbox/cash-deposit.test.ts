import { randomUUID } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type TestApi, checkoutForms, startApi } from "./helpers";
import { DAY, KARNATAKA, V1, joiner, leaver, paidTeam } from "./paid-membership";

// The employer's cash deposit with the insurer (docs/product.md, Who invoices what; docs/decisions/0055).
const CALLBACK = "https://app.example/membership/deposit/callback";
let api: TestApi;

beforeEach(async () => {
  api = await startApi();
});
afterEach(async () => {
  await api.close();
});

type Entry = {
  kind: string;
  amount_paise: number;
  balance_paise: number;
  document: { kind: string; number: string } | null;
};
const depositOf = async (admin: Awaited<ReturnType<typeof paidTeam>>) =>
  (await admin.get("/membership/deposit")).json.data.deposit as {
    held_by: string;
    balance_paise: number;
    entries: (Entry & { change_id: string | null; recorded_on: string })[];
  };

/** The insurers' credit notes' totals of a change: what the insurer refunds into the deposit. */
async function insurerTotal(admin: Awaited<ReturnType<typeof paidTeam>>, numbers: { id: string }[], kind: string) {
  let sum = 0;
  const kavach: number[] = [];
  for (const n of numbers) {
    const doc = (await admin.get(`/${kind}/${n.id}`)).json.data;
    if (n.id.startsWith("KV")) kavach.push(doc.total_paise);
    else sum += doc.total_paise;
  }
  return { sum, kavach };
}

describe("the cash deposit with the insurer", () => {
  it("starts at zero, held by the insurer", async () => {
    const admin = await paidTeam(api, "yearly");
    expect(await depositOf(admin)).toMatchObject({
      held_by: "Suraksha General Insurance Company Limited",
      balance_paise: 0,
      entries: [],
    });
  });

  it("takes a leaver's refund from the insurer's credit note, never Kavach's, to the paisa", async () => {
    const admin = await paidTeam(api, "yearly");
    const removal = await admin.change(leaver("2025-06-02"));
    const { sum, kavach } = await insurerTotal(admin, removal.credit_notes, "credit-notes");
    // Karnataka, paid 2 June 2025, last day 2 June: 364 days of ₹150 a month less 10%, 15,000 × 12 ×
    // 364/365 × 90% = 1,61,556.16 → 1,61,556 paise, with CGST 9% and SGST 9% of 14,540 each.
    expect(sum).toBe(161556 + 2 * 14540);
    // Kavach's own credit note, if any, is refunded by Kavach and is not in the insurer's deposit.
    expect(sum + kavach.reduce((a, b) => a + b, 0)).toBe(-removal.price.total_paise);
    const deposit = await depositOf(admin);
    expect(deposit.balance_paise).toBe(sum);
    expect(deposit.entries.map((e) => [e.kind, e.amount_paise, e.balance_paise, e.change_id])).toEqual(
      removal.credit_notes
        .filter((n: { id: string }) => !n.id.startsWith("KV"))
        .map(() => ["refund", expect.any(Number), expect.any(Number), removal.change_id]),
    );
    expect(deposit.entries[0]!.document).toEqual({ kind: "credit_note", number: removal.credit_notes[0].number });
    expect(deposit.entries.at(-1)!.balance_paise).toBe(sum);
    // Nothing of it is the membership's credit with Kavach any more.
    expect((await admin.get("/membership/changes")).json.data.credit).toBeUndefined();
    expect((await admin.post("/membership/credits/refund", {})).status).toBe(404);
  });

  it("pays an addition's insurer invoices when it covers them, and Kavach's own part through the gateway", async () => {
    const admin = await paidTeam(api, "yearly", KARNATAKA, { coverageIds: ["doctor-consultation"] });
    const removal = await admin.change(leaver("2025-06-02"));
    const before = (await depositOf(admin)).balance_paise;
    // Kavach's own credit note is Kavach's to refund to the bank: only the insurer's is in its deposit.
    const refunded = await insurerTotal(admin, removal.credit_notes, "credit-notes");
    expect(refunded.kavach).toHaveLength(1);
    expect(before).toBe(refunded.sum);
    await admin.later(18 * DAY); // 20 June: the joiner is covered fewer days than the leaver gave back
    const quoted = (await admin.post("/membership/changes/quote", joiner("2025-06-20"))).json.data.change;
    const shown = (await admin.get(`/membership/changes/${quoted.change_id}`)).json.data;
    expect(shown.from_deposit_paise).toBeGreaterThan(0);
    expect(shown.from_deposit_paise + shown.amount_due_paise).toBe(quoted.price.total_paise);
    const change = await admin.change(joiner("2025-06-20", "E-10"));
    const { sum } = await insurerTotal(admin, change.invoices, "invoices");
    const deposit = await depositOf(admin);
    expect(deposit.balance_paise).toBe(before - sum);
    const debits = deposit.entries.filter((e) => e.kind === "addition");
    expect(debits.reduce((s, e) => s + e.amount_paise, 0)).toBe(-sum);
    expect(debits[0]!.document).toEqual({ kind: "invoice", number: change.invoices[0].number });
    const inv = (await admin.get(`/invoices/${change.invoices[0].id}`)).json.data;
    expect(inv.payment_id).toBe("Paid from your cash deposit with Suraksha General Insurance Company Limited");
    expect(inv.change).toMatchObject({ credit_applied_paise: inv.total_paise, amount_due_paise: 0 });
    // Kavach's own invoice (9993) is paid through the gateway, for exactly what the quote said.
    const kavach = change.invoices.find((i: { id: string }) => i.id.startsWith("KV"));
    const own = (await admin.get(`/invoices/${kavach.id}`)).json.data;
    expect(own.total_paise).toBe(shown.amount_due_paise);
    expect(own.payment_id).toMatch(/^pay_/);
    expect(own.change).toMatchObject({ credit_applied_paise: 0, amount_due_paise: own.total_paise });
  });

  it("pays by the gateway, whole, an addition larger than the deposit, and takes nothing from it", async () => {
    const admin = await paidTeam(api, "yearly");
    // A leaver late in the year leaves a small refund; a joiner the next day costs more.
    await admin.later(200 * DAY);
    const removal = await admin.change(leaver("2025-12-19"));
    const balance = (await depositOf(admin)).balance_paise;
    expect(balance).toBeGreaterThan(0);
    const quoted = (await admin.post("/membership/changes/quote", joiner("2025-12-19"))).json.data.change;
    expect(quoted.price.total_paise).toBeGreaterThan(balance);
    const shown = (await admin.get(`/membership/changes/${quoted.change_id}`)).json.data;
    expect({ due: shown.amount_due_paise, deposit: shown.from_deposit_paise }).toEqual({
      due: quoted.price.total_paise,
      deposit: 0,
    });
    const made = await admin.change(joiner("2025-12-19", "E-11"));
    expect(made.status).toBe("confirmed");
    expect((await depositOf(admin)).balance_paise).toBe(balance);
    expect(removal.status).toBe("confirmed");
  });

  it("withdraws to the bank once per submit, and refuses more than the balance, changing nothing", async () => {
    const admin = await paidTeam(api, "yearly");
    await admin.change(leaver("2025-06-02"));
    const balance = (await depositOf(admin)).balance_paise;
    const tooMuch = await admin.post("/membership/deposit/withdrawals", {
      amount_paise: balance + 1,
      idempotency_key: randomUUID(),
    });
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.json.msg).toMatch(/^You can withdraw at most ₹[\d,]+\.\d\d, the deposit's balance\.$/);
    expect((await depositOf(admin)).balance_paise).toBe(balance);
    const key = randomUUID();
    const first = await admin.post("/membership/deposit/withdrawals", { amount_paise: 10_000, idempotency_key: key });
    const again = await admin.post("/membership/deposit/withdrawals", { amount_paise: 10_000, idempotency_key: key });
    expect(first.json.data).toMatchObject({ withdrawn_paise: 10_000, repeated: false });
    expect(again.json.data).toMatchObject({ withdrawn_paise: 10_000, repeated: true });
    const deposit = await depositOf(admin);
    expect(deposit.balance_paise).toBe(balance - 10_000);
    expect(deposit.entries.filter((e) => e.kind === "withdrawal")).toHaveLength(1);
  });

  it("is topped up through the payment sandbox, once, and a failed payment adds nothing", async () => {
    const admin = await paidTeam(api, "monthly");
    const open = await admin.post("/membership/deposit/top-ups", { amount_paise: 500_000, callback_url: CALLBACK });
    expect(open.status).toBe(200);
    const forms = checkoutForms((await api.html(open.json.data.top_up.checkout_url)).text);
    const failure = [...forms.entries()].find(([l]) => l === "Simulate Failure")![1];
    const failed = await api.call("POST", `${V1}/membership/deposit/top-ups/verify`, { body: failure.fields });
    expect(failed.json.data.status).toBe("failed");
    expect((await depositOf(admin)).balance_paise).toBe(0);
    const success = [...forms.entries()].find(([l]) => l.endsWith("— Success"))![1];
    for (let i = 0; i < 2; i++) {
      const paid = await api.call("POST", `${V1}/membership/deposit/top-ups/verify`, { body: success.fields });
      expect(paid.json.data.status).toBe("paid");
    }
    const deposit = await depositOf(admin);
    expect(deposit.balance_paise).toBe(500_000);
    expect(deposit.entries.map((e) => [e.kind, e.amount_paise, e.balance_paise])).toEqual([
      ["top_up", 500_000, 500_000],
    ]);
  });

  it("pays a monthly joiner's part-month from a topped-up deposit: covered today, no gateway", async () => {
    const admin = await paidTeam(api, "monthly");
    const open = await admin.post("/membership/deposit/top-ups", { amount_paise: 500_000, callback_url: CALLBACK });
    const forms = checkoutForms((await api.html(open.json.data.top_up.checkout_url)).text);
    const success = [...forms.entries()].find(([l]) => l.endsWith("— Success"))![1];
    await api.call("POST", `${V1}/membership/deposit/top-ups/verify`, { body: success.fields });
    const quoted = (await admin.post("/membership/changes/quote", joiner("2025-06-02"))).json.data.change;
    const shown = (await admin.get(`/membership/changes/${quoted.change_id}`)).json.data;
    const dueNow = quoted.price.due_now.total_paise;
    expect(shown.from_deposit_paise + shown.amount_due_paise).toBe(dueNow);
    expect(shown.from_deposit_paise).toBeGreaterThan(0);
  });
});
