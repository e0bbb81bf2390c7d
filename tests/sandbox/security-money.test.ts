import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type TestApi, checkoutForms, startApi } from "./helpers";
import { DAY, V1, joiner, leaver, paidTeam } from "./paid-membership";

/**
 * Money changes hands once (docs/decisions/0042): the membership's credit an addition's payment counts on
 * is reserved when the payment opens and released if it fails; settlement refuses a shortfall; a refund
 * waits for open payments; a leaver's last day is never before their first day of cover. Each race is run
 * with its requests sent together, and judged by the books: what each addition was paid plus the credit
 * its invoice used is its total, and no more credit is used or refunded than the credit notes gave.
 */

const CALLBACK = "https://app.example/checkout/payment/callback";
let api: TestApi;
let admin: Awaited<ReturnType<typeof paidTeam>>;

beforeEach(async () => {
  api = await startApi();
  admin = await paidTeam(api, "yearly");
  // 7 June 2025: E-1 leaves today, leaving a credit; joiners join today, covered one day more than it gives back.
  await admin.later(5 * DAY);
});
afterEach(async () => {
  await api.close();
});

const TODAY = "2025-06-07";

/** E-1 leaves today: the credit note's amount is the membership's credit. */
async function creditFromLeaver(): Promise<number> {
  const made = await admin.change(leaver(TODAY));
  return -made.price.total_paise;
}

async function quote(body: unknown): Promise<{ change_id: string; price: { total_paise: number } }> {
  const answer = await admin.post("/membership/changes/quote", body);
  expect(answer.status).toBe(200);
  return answer.json.data.change;
}

const open = (changeId: string) => admin.post(`/membership/changes/${changeId}/pay`, { callback_url: CALLBACK });

/** The gateway's report of one simulated outcome for an opened payment. */
async function report(
  payment: { checkout_url: string },
  outcome: "— Success" | "Simulate Failure" | "Simulate Pending",
) {
  const forms = checkoutForms((await api.html(payment.checkout_url)).text);
  const fields = [...forms.entries()].find(([label]) => label.endsWith(outcome))![1].fields;
  return api.call("POST", `${V1}/membership/changes/payments/verify`, { body: fields });
}

const refund = () => admin.post("/membership/credits/refund", {});

/** The books: each addition made is paid in full (gateway + credit), and the credit is never overspent. */
async function expectBooksBalance() {
  const { statement, credit } = (await admin.get("/membership/changes")).json.data as {
    statement: { change_id: string; kind: string; price: { total_paise: number }; invoice: { id: string } | null }[];
    credit: { balance_paise: number; entries: { kind: string; amount_paise: number }[] };
  };
  for (const c of statement.filter((s) => s.kind === "add")) {
    const shown = (await admin.get(`/membership/changes/${c.change_id}`)).json.data;
    const invoice = (await admin.get(`/invoices/${c.invoice!.id}`)).json.data;
    const paid = shown.payment?.status === "paid" && !shown.payment.refund_due ? shown.payment.amount_paise : 0;
    expect(paid + invoice.change.credit_applied_paise, `addition ${c.change_id}`).toBe(c.price.total_paise);
  }
  const given = credit.entries.filter((e) => e.kind === "credit_note").reduce((s, e) => s + e.amount_paise, 0);
  const taken = credit.entries.filter((e) => e.kind !== "credit_note").reduce((s, e) => s - e.amount_paise, 0);
  expect(taken).toBeLessThanOrEqual(given);
  expect(credit.balance_paise).toBe(given - taken);
}

describe("an addition's credit is reserved when its payment opens", () => {
  it("two additions opened together: the credit is counted on by one of them only, and both are paid in full", async () => {
    const credit = await creditFromLeaver();
    const [a, b] = [await quote(joiner(TODAY, "E-8")), await quote(joiner(TODAY, "E-9"))];
    const opened = await Promise.all([open(a.change_id), open(b.change_id)]);
    const amounts = opened.map((o) => o.json.data.payment.amount_paise as number).sort((x, y) => x - y);
    // One counts on the whole credit; the other, finding none left, asks for its whole total.
    expect(amounts).toEqual([a.price.total_paise - credit, b.price.total_paise].sort((x, y) => x - y));
    const paid = await Promise.all(opened.map((o) => report(o.json.data.payment, "— Success")));
    expect(paid.map((p) => p.json.data.status)).toEqual(["paid", "paid"]);
    expect(paid.map((p) => p.json.data.refund_due)).toEqual([false, false]);
    await expectBooksBalance();
  });

  it("a refund asked between opening and paying waits: the addition keeps the credit it counted on", async () => {
    const credit = await creditFromLeaver();
    const a = await quote(joiner(TODAY, "E-8"));
    const opened = (await open(a.change_id)).json.data.payment;
    expect(opened.amount_paise).toBe(a.price.total_paise - credit);
    const [refused, paid] = await Promise.all([refund(), report(opened, "— Success")]);
    expect(paid.json.data).toMatchObject({ status: "paid", refund_due: false });
    // Whichever came first, the credit is not refunded as well as used.
    expect(refused.status).toBe(409);
    expect(refused.json.msg).toMatch(
      /^(A payment for an addition that uses this credit is still open: ask for the refund once it is paid or has failed\.|There is no credit to refund\.)$/,
    );
    await expectBooksBalance();
  });

  it("a refund while a payment is open is refused, saying why", async () => {
    await creditFromLeaver();
    await open((await quote(joiner(TODAY, "E-8"))).change_id);
    const refused = await refund();
    expect({ status: refused.status, msg: refused.json.msg }).toEqual({
      status: 409,
      msg: "A payment for an addition that uses this credit is still open: ask for the refund once it is paid or has failed.",
    });
  });

  it("a failed payment releases its credit, and a late success on it is refunded rather than made short", async () => {
    const credit = await creditFromLeaver();
    const [a, b] = [await quote(joiner(TODAY, "E-8")), await quote(joiner(TODAY, "E-9"))];
    const first = (await open(a.change_id)).json.data.payment;
    expect(first.amount_paise).toBe(a.price.total_paise - credit);
    // The first payment fails while the second addition is opened: the credit goes to the second.
    const [failed, second] = await Promise.all([report(first, "Simulate Failure"), open(b.change_id)]);
    expect(failed.json.data.status).toBe("attempted");
    // Opened after the failure in this run or before it: either way, never both counting on the credit.
    const reopened =
      second.json.data.payment.amount_paise === b.price.total_paise
        ? (await open(b.change_id)).json.data.payment
        : second.json.data.payment;
    expect(reopened.amount_paise).toBe(b.price.total_paise - credit);
    expect((await report(reopened, "— Success")).json.data).toMatchObject({ status: "paid", refund_due: false });
    // The first order, paid after all: it no longer covers its addition with the credit gone.
    const late = await report(first, "— Success");
    expect(late.json.data).toEqual({ change_id: a.change_id, status: "paid", refund_due: true });
    expect((await admin.get(`/membership/changes/${a.change_id}`)).json.data.change.status).toBe("quoted");
    expect((await admin.get("/membership")).json.data.refunds_due).toMatchObject([
      { change_id: a.change_id, amount_paise: first.amount_paise },
    ]);
    await expectBooksBalance();
  });

  it("a payment opened again after a failure counts on the credit again", async () => {
    const credit = await creditFromLeaver();
    const a = await quote(joiner(TODAY, "E-8"));
    const first = (await open(a.change_id)).json.data.payment;
    await report(first, "Simulate Failure");
    const again = (await open(a.change_id)).json.data.payment;
    expect(again.amount_paise).toBe(a.price.total_paise - credit);
    expect((await refund()).status).toBe(409);
    expect((await report(again, "— Success")).json.data).toMatchObject({ status: "paid", refund_due: false });
    await expectBooksBalance();
  });
});

describe("a reservation's life", () => {
  it("holds while the payment is pending at the gateway, and is used when it settles", async () => {
    const credit = await creditFromLeaver();
    const a = await quote(joiner(TODAY, "E-8"));
    const opened = (await open(a.change_id)).json.data.payment;
    expect((await report(opened, "Simulate Pending")).json.data.status).toBe("pending");
    api.advance(10_000);
    // Pending: still counted on, so neither a refund nor another addition takes it.
    const [refused, other] = await Promise.all([refund(), quote(joiner(TODAY, "E-9"))]);
    expect(refused.status).toBe(409);
    expect((await open(other.change_id)).json.data.payment.amount_paise).toBe(other.price.total_paise);
    await admin.later(DAY);
    const settled = (await admin.get(`/membership/changes/${a.change_id}`)).json.data;
    expect(settled.change.status).toBe("confirmed");
    expect(settled.payment.amount_paise).toBe(a.price.total_paise - credit);
    await expectBooksBalance();
  });

  it("ends an hour after a payment opened and was never tried: the credit may be refunded, and a late success goes back", async () => {
    await creditFromLeaver();
    const a = await quote(joiner(TODAY, "E-8"));
    const opened = (await open(a.change_id)).json.data.payment;
    api.advance(60 * 60 * 1000 + 1);
    expect((await refund()).status).toBe(200);
    const late = await report(opened, "— Success");
    expect(late.json.data).toEqual({ change_id: a.change_id, status: "paid", refund_due: true });
    await expectBooksBalance();
  });
});

describe("a leaver's last day", () => {
  it("is never before their first day of cover: a joiner leaving before they joined is refused, saying when cover began", async () => {
    // Joined 5 June, added and paid for on 7 June: covered from 7 June, the day the premium was received.
    await admin.change(joiner("2025-06-05", "E-8"));
    for (const day of ["2025-06-04", "2025-06-05", "2025-06-06"]) {
      const before = await admin.post("/membership/changes/quote", leaver(day, "E-8"));
      expect({ status: before.status, msg: before.json.msg, field: before.json.data?.field }).toEqual({
        status: 422,
        msg: "The last day cannot be before their first day of cover (7 June 2025).",
        field: "effective_date",
      });
    }
    // Their first day is a last day they may have: one day covered, nothing more given back than paid.
    const sameDay = await admin.post("/membership/changes/quote", leaver(TODAY, "E-8"));
    expect(sameDay.status).toBe(200);
  });

  it("gives back no more than the joiner paid, however the two are asked together", async () => {
    const made = await admin.change(joiner("2025-06-05", "E-8"));
    const asked = await Promise.all(
      ["2025-06-05", TODAY].map((d) => admin.post("/membership/changes/quote", leaver(d, "E-8"))),
    );
    expect(asked.map((a) => a.status)).toEqual([422, 200]);
    expect(-asked[1]!.json.data.change.price.total_paise).toBeLessThan(made.price.total_paise);
  });
});
