import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type TestApi, checkoutForms, startApi } from "./helpers";
import { joiner, joiningEmployee, leaver } from "./paid-membership";

const V1 = "/api/employer/v1";
const CALLBACK = "https://app.example/checkout/payment/callback";
const KARNATAKA = "29AAKCF2931M1Z6";
const DELHI = "07AAFCT1128B1ZV";
const SEZ = "33AAHCS4170P1ZY";
/** Another Karnataka company: a GSTIN holds one membership (docs/product.md, One membership per company). */
const BANYAN = "29AABCB4021K1ZU";
const DAY = 24 * 60 * 60 * 1000;

let api: TestApi;
let nextMobile = 9200000001;

beforeEach(async () => {
  api = await startApi();
});
afterEach(async () => {
  await api.close();
});

/** A membership paid on 2 June 2025 (the helpers' clock) by the given billing. */
async function paidAdmin(
  policy: "monthly" | "yearly",
  gstin = KARNATAKA,
  people: { band: string; range: string; count: number }[] = [{ band: "18-35", range: "1A", count: 3 }],
  coverages: string[] = [],
) {
  const mobileNo = String(nextMobile++);
  let token = await api.login(mobileNo);
  const update = (type: string, item: unknown) =>
    api.call("POST", `${V1}/carts/update`, { token, body: { type, item } });
  await update("company", { gstin });
  await update("admin", { name: "Ananya Rao", email: "ananya@fernleaf.example", total_employees: 3, authorised: true });
  await update("plan", { plan_id: "kavach-essential", coverage_ids: coverages });
  await update("people", { rows: people });
  const order = await api.call("POST", `${V1}/checkout/order/create`, {
    token,
    body: { policy, callback_url: CALLBACK },
  });
  const page = await api.html(`/api/sandbox/checkout/${order.json.data.order_id}`);
  const pay = [...checkoutForms(page.text).entries()].find(([label]) => label.endsWith("— Success"))![1];
  const paid = await api.call("POST", `${V1}/checkout/order/verify`, { body: pay.fields });
  expect(paid.json.data.status).toBe("paid");
  return {
    /** Signs in again: a session lasts hours, and these tests move the clock by days. */
    async later(ms: number) {
      api.advance(ms);
      token = await api.login(mobileNo);
    },
    membership: async () => (await api.call("GET", `${V1}/membership`, { token })).json.data,
    cancel: () => api.call("POST", `${V1}/membership/mandate/cancel`, { token, body: {} }),
    post: (path: string, body: unknown) => api.call("POST", `${V1}${path}`, { token, body }),
    get: (path: string) => api.call("GET", `${V1}${path}`, { token }),
  };
}

describe("cancelling the monthly mandate", () => {
  it("stops every later charge and ends cover at the end of the last month paid", async () => {
    const admin = await paidAdmin("monthly");
    const before = await admin.membership();
    expect(before.billing.next_charge).toEqual({ date: "2025-07-02", amount_paise: before.order.amount_paise });
    expect(before.billing.mandate.cancelled).toBeNull();
    expect(before.cover_end_date).toBe("2026-06-01");

    await admin.later(10 * DAY);
    const cancelled = await admin.cancel();
    expect(cancelled.status).toBe(200);
    expect(cancelled.json.data.cancellation).toEqual({
      cancelled_at: new Date(api.now()).toISOString(),
      cancelled_on: "2025-06-12",
      cancelled_by: "Ananya Rao",
      months_paid: 1,
      cover_ends_on: "2025-07-01",
    });

    const after = await admin.membership();
    expect(after.billing.next_charge).toBeNull();
    expect(after.cover_end_date).toBe("2025-07-01");
    expect(after.billing.mandate.cancelled.cover_ends_on).toBe("2025-07-01");
    expect(after.billing.schedule.map((s: { status: string }) => s.status)).toEqual([
      "paid",
      ...Array.from({ length: 11 }, () => "cancelled"),
    ]);
  });

  it("counts the months whose charge has been collected", async () => {
    const admin = await paidAdmin("monthly");
    // 2 June + 2 months and a day: the July and August charges have been collected.
    await admin.later(62 * DAY);
    const cancelled = await admin.cancel();
    expect(cancelled.json.data.cancellation).toMatchObject({ months_paid: 3, cover_ends_on: "2025-09-01" });
  });

  it("refuses a second cancel, naming the first one's dates, and changes nothing", async () => {
    const admin = await paidAdmin("monthly");
    const first = await admin.cancel();
    await admin.later(40 * DAY);
    const again = await admin.cancel();
    expect(again.status).toBe(409);
    expect(again.json.msg).toBe("The mandate was already cancelled on 2 June 2025; cover ends on 1 July 2025.");
    expect(again.json.data.cancellation).toEqual(first.json.data.cancellation);
    expect((await admin.membership()).cover_end_date).toBe("2025-07-01");
  });

  it("makes one cancellation of two at once", async () => {
    const admin = await paidAdmin("monthly");
    const answers = await Promise.all([admin.cancel(), admin.cancel()]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
  });

  it("has nothing to cancel for yearly billing or before a payment", async () => {
    const yearly = await paidAdmin("yearly");
    const refused = await yearly.cancel();
    expect(refused.status).toBe(409);
    expect(refused.json.msg).toBe("Yearly billing has no mandate to cancel.");
    expect((await yearly.membership()).billing.mandate).toBeNull();

    const unpaid = await api.login(String(nextMobile++));
    const none = await api.call("POST", `${V1}/membership/mandate/cancel`, { token: unpaid, body: {} });
    expect(none.status).toBe(404);
  });

  it("cancels only the caller's own mandate", async () => {
    const first = await paidAdmin("monthly");
    const second = await paidAdmin("monthly", BANYAN);
    await second.cancel();
    expect((await first.membership()).billing.mandate.cancelled).toBeNull();
    expect((await first.membership()).billing.next_charge).not.toBeNull();
  });
});

/** The employees bought (three unless told), named in the census (18–35, no dependants). */
async function nameTeam(admin: Admin, codes = ["E-1", "E-2", "E-3"]) {
  for (const code of codes) {
    const saved = await admin.post("/membership/census/members", {
      rows: [
        {
          employee_code: code,
          full_name: `Employee ${code}`,
          gender: "female",
          date_of_birth: "1995-01-01",
          relationship: "self",
          mobile: "9876543210",
          email: `${code.toLowerCase()}@fernleaf.example`,
          date_of_joining: "2024-06-01",
        },
      ],
    });
    expect(saved.status).toBe(200);
  }
}

type Admin = Awaited<ReturnType<typeof paidAdmin>>;

/** Pays for a quoted yearly addition with the sandbox gateway's "Success". */
async function payFor(admin: Admin, changeId: string) {
  const pay = await admin.post(`/membership/changes/${changeId}/pay`, { callback_url: CALLBACK });
  const forms = checkoutForms((await api.html(pay.json.data.payment.checkout_url)).text);
  const success = [...forms.entries()].find(([l]) => l.endsWith("— Success"))![1].fields;
  return api.call("POST", `${V1}/membership/changes/payments/verify`, { body: success });
}

const spouseOf = (employee_code: string, date_of_birth = "1997-05-05") => ({
  employee_code,
  full_name: `Spouse of ${employee_code}`,
  gender: "female",
  date_of_birth,
  relationship: "spouse",
});

describe("quoting a change", () => {
  // Paid on 2 June 2025 (cover to 1 June 2026); today is 25 June 2025. ₹150 a month for 18–35, 1A, 10% yearly discount.
  const regimes = [
    { name: "a Karnataka buyer", gstin: KARNATAKA, add: [13861, 13861], remove: [13661, 13661] },
    { name: "a Delhi buyer", gstin: DELHI, add: [27722], remove: [27323] },
    { name: "an SEZ unit", gstin: SEZ, add: [], remove: [] },
  ];
  for (const r of regimes) {
    it(`prices a joiner and a leaver pro rata to the paisa for ${r.name}`, async () => {
      const admin = await paidAdmin("yearly", r.gstin);
      await nameTeam(admin);
      await admin.later(18 * DAY); // 20 June 2025

      // Joined 20 June, added that day: 347 days to 1 June 2026. 15,000 × 12 × 347/365 × 90% = 1,54,010.96 → 1,54,011 paise.
      const add = await admin.post("/membership/changes/quote", joiner("2025-06-20"));
      expect(add.status).toBe(200);
      const addPrice = add.json.data.change.price;
      expect(addPrice).toMatchObject({
        unit_monthly_paise: 15000,
        days: 347,
        discount_pct: 10,
        premium_paise: 154011,
        cover_from: "2025-06-20",
      });
      await admin.later(5 * DAY); // 25 June 2025
      expect(addPrice.tax_lines.map((l: { paise: number }) => l.paise)).toEqual(r.add);
      expect(addPrice.total_paise).toBe(154011 + r.add.reduce((a, b) => a + b, 0));

      // Last day 24 June: 342 days given back. 15,000 × 12 × 342/365 × 90% = 1,51,791.78 → 1,51,792 paise.
      const remove = await admin.post("/membership/changes/quote", leaver("2025-06-24"));
      expect(remove.status).toBe(200);
      const removePrice = remove.json.data.change.price;
      expect(removePrice).toMatchObject({ days: 342, premium_paise: -151792 });
      expect(removePrice.tax_lines.map((l: { paise: number }) => -l.paise)).toEqual(r.remove);
      expect(removePrice.total_paise).toBe(-(151792 + r.remove.reduce((a, b) => a + b, 0)));
    });
  }

  it("refuses each date outside the rules, saying why", async () => {
    const admin = await paidAdmin("yearly");
    await nameTeam(admin);
    await admin.later(40 * DAY); // 12 July 2025
    const refusals: [unknown, string][] = [
      [joiner("2025-07-13"), "Add a joiner from their date of joining: it cannot be in the future."],
      [joiner("2025-06-11"), "The date of joining must be within the last 30 days (on or after 12 June 2025)."],
      [leaver("2025-06-11"), "The last day must be within the last 30 days (on or after 12 June 2025)."],
      [leaver("2026-06-02"), "The date is after the cover ended (1 June 2026)."],
      [joiner("2025-02-30"), "effective_date must be a real date."],
    ];
    for (const [body, msg] of refusals) {
      const answer = await admin.post("/membership/changes/quote", body);
      expect({ status: answer.status, msg: answer.json.msg }).toEqual({
        status: answer.status === 400 ? 400 : 422,
        msg,
      });
      expect(answer.status).toBeGreaterThanOrEqual(400);
    }
    // Another membership bought today (12 July 2025): a joiner cannot join before its cover starts.
    const later = await paidAdmin("yearly", BANYAN);
    await nameTeam(later);
    const beforeCover = await later.post("/membership/changes/quote", joiner("2025-07-11"));
    expect(beforeCover.json.msg).toBe("The date is before the cover started (12 July 2025).");
  });

  it("prices over the cover year's own 366 days when it takes in a 29 February", async () => {
    // Bought on 2 June 2027: the cover year to 1 June 2028 has 366 days.
    api.advance(730 * DAY);
    const admin = await paidAdmin("yearly");
    await nameTeam(admin);
    // Joined on the first day: 15,000 × 12 × 366/366 × 90% = 1,62,000 paise, a bought member's year exactly.
    const first = await admin.post("/membership/changes/quote", joiner("2027-06-02"));
    expect(first.json.data.change.price).toMatchObject({ days: 366, days_in_year: 366, premium_paise: 162000 });
    expect((await admin.membership()).order.premium_paise).toBe(3 * 162000);
    await admin.later(30 * DAY); // 2 July 2027
    // Joined 2 July: 336 days to 1 June 2028. 15,000 × 12 × 336/366 × 90% = 1,48,721.31 → 1,48,721 paise.
    const later = await admin.post("/membership/changes/quote", joiner("2027-07-02"));
    expect(later.json.data.change.price).toMatchObject({ days: 336, days_in_year: 366, premium_paise: 148721 });
  });

  it("refuses a change dated after the cover ended, saying so (never a credit for a joiner, never a 503)", async () => {
    const admin = await paidAdmin("yearly");
    await nameTeam(admin);
    await admin.later(366 * DAY); // 3 June 2026, the day after the cover's end
    const refused = await admin.post("/membership/changes/quote", joiner("2026-06-03"));
    expect({ status: refused.status, msg: refused.json.msg, field: refused.json.data?.field }).toEqual({
      status: 422,
      msg: "The date is after the cover ended (1 June 2026).",
      field: "effective_date",
    });
    // A joiner of the cover's last day, added after it: their premium would come after the cover ended.
    const late = await admin.post("/membership/changes/quote", joiner("2026-06-01"));
    expect({ status: late.status, msg: late.json.msg }).toEqual({
      status: 409,
      msg: "The cover ended on 1 June 2026: no one can be added to it.",
    });
  });

  it("covers a joiner added on the cover's last day for that one day", async () => {
    const admin = await paidAdmin("yearly");
    await nameTeam(admin);
    await admin.later(364 * DAY); // 1 June 2026, the cover's last day
    const lastDay = await admin.post("/membership/changes/quote", joiner("2026-06-01"));
    // 15,000 × 12 × 1/365 × 90% = 443.84 → 444 paise.
    expect(lastDay.json.data.change.price).toMatchObject({ days: 1, days_in_year: 365, premium_paise: 444 });
  });

  it("refuses a monthly leaver's last day beyond the month paid", async () => {
    const admin = await paidAdmin("monthly");
    await nameTeam(admin);
    const beyond = await admin.post("/membership/changes/quote", leaver("2025-07-02"));
    expect(beyond.json.msg).toBe("The last day cannot be after the period paid for, which ends on 1 July 2025.");
    const monthly = await admin.post("/membership/changes/quote", joiner("2025-06-02"));
    // Monthly: the mandate's next charge grows by ₹150 and its GST from 2 July.
    expect(monthly.json.data.change.price).toMatchObject({
      policy: "monthly",
      premium_paise: 15000,
      tax_paise: 2700,
      starts_on: "2025-07-02",
      new_monthly_paise: (await admin.membership()).order.amount_paise + 17700,
    });
  });

  it("collects a monthly joiner's part-month at once: no cover before the premium", async () => {
    const admin = await paidAdmin("monthly", DELHI);
    await nameTeam(admin);
    await admin.later(23 * DAY); // 25 June 2025; the next charge is on 2 July
    const quoted = (await admin.post("/membership/changes/quote", joiner("2025-06-20"))).json.data.change;
    // Covered from today, the day the premium is received, not from the date of joining; the part-month
    // 25 June to 1 July is 7 of the billing month's 30 days: 15,000 × 7/30 = 3,500 paise, IGST 630.
    expect(quoted.price).toMatchObject({
      cover_from: "2025-06-25",
      cover_from_reason:
        "Covered from 25 June 2025, the day the premium is received, not from 20 June 2025: no cover starts before its premium is paid (Insurance Act s.64VB).",
      due_now: {
        from: "2025-06-25",
        to: "2025-07-01",
        days: 7,
        period_days: 30,
        premium_paise: 3500,
        tax_lines: [{ label: "IGST 18%", rate_bp: 1800, paise: 630 }],
        tax_paise: 630,
        total_paise: 4130,
      },
      starts_on: "2025-07-02",
    });
    const shown = (await admin.get(`/membership/changes/${quoted.change_id}`)).json.data;
    expect(shown.amount_due_paise).toBe(4130);
    // Not made by a confirm: it is paid for first.
    const confirm = await admin.post(`/membership/changes/${quoted.change_id}/confirm`, {});
    expect({ status: confirm.status, msg: confirm.json.msg }).toEqual({
      status: 409,
      msg: "An addition is paid for before it is made: pay for it first.",
    });
    expect((await payFor(admin, quoted.change_id)).json.data.status).toBe("paid");
    const [made] = (await admin.get("/membership/changes")).json.data.statement;
    expect(made).toMatchObject({ change_id: quoted.change_id, status: "confirmed" });
    const inv = (await admin.get(`/invoices/${made.invoices[0].id}`)).json.data;
    expect(inv).toMatchObject({
      taxable_paise: 3500,
      tax_paise: 630,
      total_paise: 4130,
      billing_period: { from: "2025-06-25", to: "2025-07-01" },
    });
  });

  it("moves a monthly membership's next charge once a joiner is paid for", async () => {
    const admin = await paidAdmin("monthly");
    await nameTeam(admin);
    const before = await admin.membership();
    const quoted = await admin.post("/membership/changes/quote", joiner("2025-06-02"));
    // Added on the charge day: the whole first month is collected at once.
    expect(quoted.json.data.change.price.due_now).toMatchObject({ days: 30, period_days: 30, total_paise: 17700 });
    expect((await payFor(admin, quoted.json.data.change.change_id)).json.data.status).toBe("paid");
    const after = await admin.membership();
    expect(after.billing.next_charge).toEqual({ date: "2025-07-02", amount_paise: before.order.amount_paise + 17700 });
    expect(after.billing.schedule[0].amount_paise).toBe(before.order.amount_paise);
    expect(after.billing.schedule[11].amount_paise).toBe(before.order.amount_paise + 17700);
  });

  it("never leaves fewer than 2 employees", async () => {
    const admin = await paidAdmin("yearly");
    await nameTeam(admin);
    const first = await admin.post("/membership/changes/quote", leaver("2025-06-02", "E-1"));
    expect((await admin.post(`/membership/changes/${first.json.data.change.change_id}/confirm`, {})).status).toBe(200);
    const second = await admin.post("/membership/changes/quote", leaver("2025-06-02", "E-2"));
    expect(second.status).toBe(409);
    expect(second.json.msg).toBe("At least 2 employees must stay covered.");
  });
});

describe("confirming a change", () => {
  it("confirms once: a second confirm answers the same change and the statement holds it once", async () => {
    const admin = await paidAdmin("yearly");
    await nameTeam(admin);
    const quoted = await admin.post("/membership/changes/quote", leaver("2025-06-02"));
    const id = quoted.json.data.change.change_id;
    const [a, b] = await Promise.all([
      admin.post(`/membership/changes/${id}/confirm`, {}),
      admin.post(`/membership/changes/${id}/confirm`, {}),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.json.data.change).toEqual(b.json.data.change);
    expect(a.json.data.change).toMatchObject({ status: "confirmed", confirmed_by: "Ananya Rao" });
    const statement = (await admin.get("/membership/changes")).json.data.statement;
    expect(statement).toHaveLength(1);
    expect(statement[0]).toMatchObject({
      kind: "remove",
      employee_code: "E-1",
      effective_date: "2025-06-02",
      reason: "Resigned",
    });
    const again = await admin.post("/membership/changes/quote", leaver("2025-06-02"));
    expect(again.json.msg).toBe("This employee has already been removed.");
  });

  it("confirms a yearly change on a later day at the price it was quoted", async () => {
    const admin = await paidAdmin("yearly");
    await nameTeam(admin);
    await admin.later(5 * DAY);
    const quoted = await admin.post("/membership/changes/quote", leaver("2025-06-06"));
    expect(quoted.json.data.change.price.days).toBe(360);
    // Confirmed the next day: the same price (the days depend on the effective date), so it is made.
    await admin.later(DAY);
    const same = await admin.post(`/membership/changes/${quoted.json.data.change.change_id}/confirm`, {});
    expect(same.status).toBe(200);
    expect(same.json.data.change.price).toEqual(quoted.json.data.change.price);
  });

  it("re-quotes a monthly joiner paid for after the next charge was collected, at the new month's part", async () => {
    const monthly = await paidAdmin("monthly");
    await nameTeam(monthly);
    await monthly.later(29 * DAY); // 1 July
    const joinerQuote = await monthly.post("/membership/changes/quote", joiner("2025-06-20"));
    expect(joinerQuote.json.data.change.price).toMatchObject({
      starts_on: "2025-07-02",
      due_now: { from: "2025-07-01", to: "2025-07-01", days: 1, period_days: 30 },
    });
    await monthly.later(DAY); // 2 July: the July charge was collected at the old amount
    const requoted = await monthly.post(`/membership/changes/${joinerQuote.json.data.change.change_id}/pay`, {
      callback_url: CALLBACK,
    });
    expect(requoted.status).toBe(409);
    expect(requoted.json.msg).toBe(
      "The price has changed since it was quoted on 1 July 2025: it is now shown again. Check it and confirm.",
    );
    // Now the whole month from 2 July is collected at once, and the mandate grows from 2 August.
    expect(requoted.json.data.change.price).toMatchObject({
      starts_on: "2025-08-02",
      due_now: { from: "2025-07-02", to: "2025-08-01", days: 31, period_days: 31, total_paise: 17700 },
    });
    expect((await monthly.get("/membership/changes")).json.data.statement).toEqual([]);
    // The fresh quote is kept: paid for, it is made at the price now shown.
    expect((await payFor(monthly, requoted.json.data.change.change_id)).json.data.status).toBe("paid");
    const made = (await monthly.get(`/membership/changes/${requoted.json.data.change.change_id}`)).json.data.change;
    expect(made).toMatchObject({ status: "confirmed", price: { starts_on: "2025-08-02" } });
  });

  it("refuses another company's employee and change exactly like unknown ones", async () => {
    const mine = await paidAdmin("yearly");
    await nameTeam(mine);
    const theirs = await paidAdmin("yearly", BANYAN);
    await nameTeam(theirs, ["T-1", "T-2", "T-3"]);
    const quoted = await mine.post("/membership/changes/quote", leaver("2025-06-02"));
    const stranger = await theirs.post(`/membership/changes/${quoted.json.data.change.change_id}/confirm`, {});
    expect(stranger.status).toBe(404);
    expect(stranger.json.msg).toBe("There is no such change.");
    const removal = await theirs.post("/membership/changes/quote", leaver("2025-06-02"));
    expect(removal.status).toBe(404);
    expect(removal.json.msg).toBe("There is no such employee in your team.");
    expect((await mine.get("/membership/changes")).json.data.statement).toEqual([]);
  });
});

describe("a joiner named with the change", () => {
  const family = [
    { band: "18-35", range: "1A", count: 2 },
    { band: "18-35", range: "2A", count: 1 },
  ];

  it("saves the joiner and their spouse to the census once confirmed, and not before", async () => {
    const admin = await paidAdmin("yearly", KARNATAKA, family);
    await nameTeam(admin);
    const quoted = await admin.post("/membership/changes/quote", joiner("2025-06-02", "E-9", "2A", [spouseOf("E-9")]));
    expect(quoted.status).toBe(200);
    expect(quoted.json.data.change).toMatchObject({ kind: "add", employee_code: "E-9", range: "2A", event: null });
    expect(quoted.json.data.change.members.map((m: { full_name: string }) => m.full_name)).toEqual([
      "Joiner E-9",
      "Spouse of E-9",
    ]);
    const names = async () =>
      (await admin.get("/membership/census")).json.data.members.map((m: { full_name: string }) => m.full_name);
    expect(await names()).not.toContain("Joiner E-9");
    const id = quoted.json.data.change.change_id;
    // A yearly addition is paid for first: a confirm alone is refused.
    const unpaid = await admin.post(`/membership/changes/${id}/confirm`, {});
    expect({ status: unpaid.status, msg: unpaid.json.msg }).toEqual({
      status: 409,
      msg: "An addition is paid for before it is made: pay for it first.",
    });
    const pay = await admin.post(`/membership/changes/${id}/pay`, { callback_url: CALLBACK });
    expect(pay.json.data.payment).toMatchObject({
      amount_paise: quoted.json.data.change.price.total_paise,
      status: "created",
    });
    const forms = checkoutForms((await api.html(pay.json.data.payment.checkout_url)).text);
    const outcome = (label: string) => [...forms.entries()].find(([l]) => l.endsWith(label))![1].fields;

    // A failed payment leaves the joiner out; the change stays quoted, to be paid again.
    const failed = await api.call("POST", `${V1}/membership/changes/payments/verify`, {
      body: outcome("Simulate Failure"),
    });
    expect(failed.json.data).toEqual({ change_id: id, status: "attempted", refund_due: false });
    expect(await names()).not.toContain("Joiner E-9");
    expect((await admin.get(`/membership/changes/${id}`)).json.data.change.status).toBe("quoted");

    const paid = await api.call("POST", `${V1}/membership/changes/payments/verify`, { body: outcome("— Success") });
    expect(paid.json.data).toEqual({ change_id: id, status: "paid", refund_due: false });
    expect((await admin.get(`/membership/changes/${id}`)).json.data).toMatchObject({
      change: { status: "confirmed", confirmed_by: "Ananya Rao" },
      payment: { status: "paid" },
    });
    // The same success reported again (the gateway retries) makes nothing twice.
    await api.call("POST", `${V1}/membership/changes/payments/verify`, { body: outcome("— Success") });
    expect((await admin.get("/membership/changes")).json.data.statement).toHaveLength(1);
    const census = (await admin.get("/membership/census")).json.data.members;
    expect(census.filter((m: { employee_code: string }) => m.employee_code === "E-9")).toMatchObject([
      { full_name: "Joiner E-9", relationship: "self", date_of_joining: "2025-06-02", range: "2A" },
      { full_name: "Spouse of E-9", relationship: "spouse", range: "2A" },
    ]);
  });

  it("checks the joiner by the census's rules, their age on the date of joining and what their cover takes", async () => {
    const admin = await paidAdmin("yearly", KARNATAKA, family);
    await nameTeam(admin);
    const refusals: [object, { row_number: number; column: string; message: string }][] = [
      [
        joiner("2025-06-02", "E-1"),
        { row_number: 1, column: "employee_code", message: "An employee with this code is already on the list" },
      ],
      [
        { ...joiner("2025-06-02"), members: [joiningEmployee("E-9", { date_of_birth: "1985-06-03" })] },
        {
          row_number: 1,
          column: "date_of_birth",
          message: "Aged 39 on the date of joining (02 Jun 2025): the 18–35 years band is for ages 18 to 35",
        },
      ],
      [
        { ...joiner("2025-06-02"), members: [joiningEmployee("E-9", { mobile: "12345" })] },
        { row_number: 1, column: "mobile", message: "Enter a 10-digit mobile number starting with 6, 7, 8 or 9" },
      ],
      [
        joiner("2025-06-02", "E-9", "1A", [spouseOf("E-9")]),
        { row_number: 2, column: "relationship", message: "Employee only cover (1A) takes no dependants" },
      ],
      [
        joiner("2025-06-02", "E-9", "2A", [spouseOf("E-9", "2010-01-01")]),
        {
          row_number: 2,
          column: "date_of_birth",
          message: "A spouse must be 18 or older on the date of joining (02 Jun 2025)",
        },
      ],
    ];
    for (const [body, rejection] of refusals) {
      const answer = await admin.post("/membership/changes/quote", body);
      expect(answer.status).toBe(422);
      expect(answer.json.data.rejected).toMatchObject([rejection]);
    }
    const notBought = await admin.post("/membership/changes/quote", { ...joiner("2025-06-02"), range: "2A+2C" });
    expect({ status: notBought.status, msg: notBought.json.msg }).toEqual({
      status: 422,
      msg: "No cover was bought for that age band and family cover.",
    });
  });
});

describe("a family event", () => {
  const family = [
    { band: "18-35", range: "1A", count: 3 },
    { band: "18-35", range: "2A", count: 1 },
  ];
  const marriage = (effective_date: string, employee_code = "E-1", spouse = spouseOf(employee_code)) => ({
    kind: "family",
    event: "marriage",
    employee_code,
    effective_date,
    member: spouse,
  });

  it("moves the employee to the wider cover bought, priced on the difference from the day of the marriage", async () => {
    const admin = await paidAdmin("yearly", KARNATAKA, family);
    await nameTeam(admin, ["E-1", "E-2", "E-3", "E-4"]);
    await admin.later(23 * DAY); // 25 June 2025
    const quoted = await admin.post("/membership/changes/quote", marriage("2025-06-20"));
    expect(quoted.status).toBe(200);
    const { change } = quoted.json.data;
    expect(change).toMatchObject({ kind: "add", event: "marriage", employee_code: "E-1", range: "2A" });
    // Priced on the step from 1A to 2A for the 342 days from today, the day its premium is received (not
    // the marriage's 20 June: no cover before the premium), as a joiner would be.
    const step = change.price.unit_monthly_paise;
    expect(step).toBeGreaterThan(0);
    expect(change.price).toMatchObject({
      days: 342,
      premium_paise: Math.round((step * 12 * 342 * 0.9) / 365),
      cover_from: "2025-06-25",
    });
    expect((await payFor(admin, change.change_id)).json.data.status).toBe("paid");
    const census = (await admin.get("/membership/census")).json.data.members;
    expect(census.filter((m: { employee_code: string }) => m.employee_code === "E-1")).toMatchObject([
      { relationship: "self", range: "2A" },
      { relationship: "spouse", full_name: "Spouse of E-1", range: "2A" },
    ]);
    // The statement counts no new employee: the married one moved from 1A to 2A, their place with them,
    // and the census counts the same places and names.
    const { statement, covered } = (await admin.get("/membership/changes")).json.data;
    expect(statement).toHaveLength(1);
    expect(covered).toMatchObject([
      { band: "18-35", range: "1A", employees_bought: 2, employees: 2 },
      { band: "18-35", range: "2A", employees_bought: 2, employees: 2 },
    ]);
    expect((await admin.get("/membership/census")).json.data.summary.by_cover).toMatchObject([
      { range: "1A", employees_bought: 2, employees_named: 2 },
      { range: "2A", employees_bought: 2, employees_named: 2 },
    ]);
  });

  it("is invoiced by the insurer alone, as the one supply that changed; a newborn at no charge has no tax invoice", async () => {
    // Bought with term life and doctor consultation besides the health cover; one employee on 2A+2C.
    const admin = await paidAdmin(
      "yearly",
      DELHI,
      [
        { band: "18-35", range: "1A", count: 3 },
        { band: "18-35", range: "2A+2C", count: 1 },
      ],
      ["doctor-consultation", "group-term-life-insurance"],
    );
    await nameTeam(admin, ["E-1", "E-2", "E-3", "E-4"]);
    await admin.later(23 * DAY); // 25 June 2025
    const quoted = (await admin.post("/membership/changes/quote", marriage("2025-06-20"))).json.data.change;
    expect(quoted.range).toBe("2A+2C");
    expect((await payFor(admin, quoted.change_id)).json.data.status).toBe("paid");
    const married = (await admin.get(`/membership/changes/${quoted.change_id}`)).json.data.change;
    // One document, the health insurer's, with one 997133 line: no add-on changed, so none is billed.
    expect(married.invoices).toHaveLength(1);
    const inv = (await admin.get(`/invoices/${married.invoices[0].id}`)).json.data;
    expect(inv.number).toMatch(/^SG\/25-26\/\d{6}$/);
    expect(inv.lines.map((l: { sac: string }) => l.sac)).toEqual(["997133"]);
    expect(inv).toMatchObject({
      taxable_paise: quoted.price.premium_paise,
      tax_paise: quoted.price.tax_paise,
      total_paise: quoted.price.total_paise,
    });
    expect(inv.tax_lines).toEqual(quoted.price.tax_lines);

    // A newborn the 2A+2C cover already takes: no charge, so no tax invoice (an endorsement records it).
    const born = await admin.post("/membership/changes/quote", {
      kind: "family",
      event: "birth",
      employee_code: "E-1",
      effective_date: "2025-06-24",
      member: { full_name: "Baby Rao", gender: "female", date_of_birth: "2025-06-24", relationship: "daughter" },
    });
    expect(born.json.data.change.price.total_paise).toBe(0);
    const cards = async () =>
      (await api.call("GET", "/api/sandbox/emails?to=e-1%40fernleaf.example")).json.data.filter(
        (e: { subject: string; attachments?: { filename: string }[] }) =>
          e.subject.startsWith("Your health insurance e-cards"),
      ).length;
    const before = await cards();
    const confirmed = await admin.post(`/membership/changes/${born.json.data.change.change_id}/confirm`, {});
    expect(confirmed.status).toBe(200);
    expect(confirmed.json.data.change).toMatchObject({ status: "confirmed", invoice: null, invoices: [] });
    // With no invoice to carry them, the family's e-cards (the newborn's among them) go by themselves, once.
    await expect.poll(cards).toBe(before + 1);
    await admin.post(`/membership/changes/${born.json.data.change.change_id}/confirm`, {});
    expect(await cards()).toBe(before + 1);
    const listed = (await admin.get("/membership")).json.data.invoices;
    expect(listed.every((i: { total_paise: number }) => i.total_paise > 0)).toBe(true);
  });

  it("refuses each date and family rule, saying why", async () => {
    const admin = await paidAdmin("yearly", KARNATAKA, family);
    await nameTeam(admin, ["E-1", "E-2", "E-3", "E-4"]);
    await admin.later(40 * DAY); // 12 July 2025
    const dated: [object, string][] = [
      [marriage("2025-07-13"), "The date of the event cannot be in the future."],
      [marriage("2025-06-11"), "A family event is added within 30 days of it (on or after 12 June 2025)."],
    ];
    for (const [body, msg] of dated) {
      const answer = await admin.post("/membership/changes/quote", body);
      expect({ status: answer.status, msg: answer.json.msg, field: answer.json.data?.field }).toEqual({
        status: 422,
        msg,
        field: "effective_date",
      });
    }
    const child = { ...spouseOf("E-1", "2025-07-01"), relationship: "daughter", full_name: "Baby" };
    const rows: [object, { column: string; message: string }][] = [
      [marriage("2025-07-01", "E-1", child), { column: "relationship", message: "A marriage adds a spouse" }],
      [
        { ...marriage("2025-07-01", "E-1", { ...child, date_of_birth: "2025-06-30" }), event: "birth" },
        { column: "date_of_birth", message: "A newborn’s date of birth is the date of the birth" },
      ],
      [
        { ...marriage("2025-07-01", "E-1", child), event: "birth" },
        { column: "relationship", message: "No family cover bought for the 18–35 years band takes another child" },
      ],
      [
        marriage("2025-07-01", "E-1", spouseOf("E-1", "2010-01-01")),
        { column: "date_of_birth", message: "A spouse must be 18 or older on the date of the marriage" },
      ],
    ];
    for (const [body, rejection] of rows) {
      const answer = await admin.post("/membership/changes/quote", body);
      expect(answer.status).toBe(422);
      expect(answer.json.data.rejected).toMatchObject([{ row_number: 1, ...rejection }]);
    }
    const stranger = await admin.post("/membership/changes/quote", marriage("2025-07-01", "E-77"));
    expect({ status: stranger.status, msg: stranger.json.msg }).toEqual({
      status: 404,
      msg: "There is no such employee in your team.",
    });
  });
});

describe("paying for an addition", () => {
  it("asks the gateway for the whole addition when the cash deposit does not cover it, taking nothing from it", async () => {
    const admin = await paidAdmin("yearly");
    await nameTeam(admin);
    const leaving = await admin.post("/membership/changes/quote", leaver("2025-06-02"));
    await admin.post(`/membership/changes/${leaving.json.data.change.change_id}/confirm`, {});
    const refunded = -leaving.json.data.change.price.total_paise;
    // The joiner is covered one day more than the leaver gave back: the deposit falls short by that day,
    // so none of it is used and the whole premium is paid (docs/decisions/0055).
    const joining = await admin.post("/membership/changes/quote", joiner("2025-06-02"));
    const { change_id: id, price } = joining.json.data.change;
    expect(price.total_paise).toBeGreaterThan(refunded);
    const shown = (await admin.get(`/membership/changes/${id}`)).json.data;
    expect({ due: shown.amount_due_paise, fromDeposit: shown.from_deposit_paise }).toEqual({
      due: price.total_paise,
      fromDeposit: 0,
    });
    const pay = await admin.post(`/membership/changes/${id}/pay`, { callback_url: CALLBACK });
    expect(pay.json.data.payment.amount_paise).toBe(price.total_paise);
    expect((await payFor(admin, id)).json.data).toEqual({ change_id: id, status: "paid", refund_due: false });
    expect((await admin.get("/membership/deposit")).json.data.deposit.balance_paise).toBe(refunded);
  });

  it("lists a payment for an addition that can no longer be made among the membership's refunds, once", async () => {
    const admin = await paidAdmin("yearly");
    await nameTeam(admin);
    // The same joiner quoted in two tabs, both payments opened: the first paid makes the addition.
    const [first, second] = [
      (await admin.post("/membership/changes/quote", joiner("2025-06-02"))).json.data.change.change_id,
      (await admin.post("/membership/changes/quote", joiner("2025-06-02"))).json.data.change.change_id,
    ];
    const pay = await admin.post(`/membership/changes/${second}/pay`, { callback_url: CALLBACK });
    const forms = checkoutForms((await api.html(pay.json.data.payment.checkout_url)).text);
    const success = [...forms.entries()].find(([l]) => l.endsWith("— Success"))![1].fields;
    expect((await payFor(admin, first)).json.data.refund_due).toBe(false);
    expect((await admin.membership()).refunds_due).toEqual([]);
    api.advance(60_000);
    const late = await api.call("POST", `${V1}/membership/changes/payments/verify`, { body: success });
    expect(late.json.data).toEqual({ change_id: second, status: "paid", refund_due: true });
    await api.call("POST", `${V1}/membership/changes/payments/verify`, { body: success });
    expect((await admin.membership()).refunds_due).toEqual([
      {
        order_id: pay.json.data.payment.order_id,
        change_id: second,
        payment_id: success.razorpay_payment_id,
        amount_paise: pay.json.data.payment.amount_paise,
        recorded_at: new Date(api.now()).toISOString(),
      },
    ]);
    expect((await admin.get(`/membership/changes/${second}`)).json.data.change.status).toBe("quoted");
  });
});

describe("the test clock for a membership", () => {
  it("is not there unless the test clock is on", async () => {
    const admin = await paidAdmin("monthly");
    const { order_id } = (await admin.membership()).order;
    const answer = await api.call("POST", "/api/sandbox/clock/membership", { body: { order_id, advance_days: 1 } });
    expect(answer.status).toBe(404);
    expect((await admin.membership()).start_date).toBe("2025-06-02");
  });

  it("dates one membership's payment and changes back, so its charges and quotes move with them", async () => {
    await api.close();
    api = await startApi({ testClock: true });
    const admin = await paidAdmin("monthly");
    await nameTeam(admin);
    const { order_id } = (await admin.membership()).order;
    const moved = await api.call("POST", "/api/sandbox/clock/membership", { body: { order_id, advance_days: 29 } });
    expect(moved.json.data).toEqual({ changes: 0, renewal_reminders: 0 });
    // Paid on 4 May as seen from 2 June: the second charge falls on 4 June.
    expect((await admin.membership()).billing.next_charge.date).toBe("2025-06-04");
    const quoted = (await admin.post("/membership/changes/quote", joiner("2025-06-02"))).json.data.change;
    expect(quoted.price.starts_on).toBe("2025-06-04");
    await api.call("POST", "/api/sandbox/clock/membership", { body: { order_id, advance_days: 2 } });
    const shown = (await admin.get(`/membership/changes/${quoted.change_id}`)).json.data.change;
    expect(shown).toMatchObject({
      effective_date: "2025-05-31",
      priced_on: "2025-05-31",
      price: { starts_on: "2025-06-02" },
    });
    const requoted = await admin.post(`/membership/changes/${quoted.change_id}/pay`, { callback_url: CALLBACK });
    expect(requoted.status).toBe(409);
    // Two days on, the second charge was collected today at the old amount: the joiner's starts with the third.
    expect(requoted.json.data.change.price.starts_on).toBe("2025-07-02");
  });
});

describe("changes are for a named team", () => {
  it("quotes no change until every employee bought is named; then a joiner is a place on top of those bought, and every count agrees", async () => {
    const admin = await paidAdmin("yearly");
    await nameTeam(admin, ["E-1", "E-2"]);
    const early = await admin.post("/membership/changes/quote", joiner("2025-06-02"));
    expect({ status: early.status, msg: early.json.msg }).toEqual({
      status: 409,
      msg: "Finish naming your team first: 2 of 3 employees are named. Changes during the year start once every employee bought is named.",
    });
    const batch = await admin.post("/membership/changes/quotes", { changes: [joiner("2025-06-02")] });
    expect(batch.status).toBe(409);
    expect((await admin.get("/membership/changes")).json.data.statement).toEqual([]);

    await nameTeam(admin, ["E-3"]);
    await admin.later(2 * DAY);
    const joined = await admin.post("/membership/changes/quote", joiner("2025-06-03", "E-9"));
    expect(joined.status).toBe(200);
    expect((await payFor(admin, joined.json.data.change.change_id)).json.data.status).toBe("paid");
    const left = await admin.post("/membership/changes/quote", leaver("2025-06-03", "E-1"));
    expect((await admin.post(`/membership/changes/${left.json.data.change.change_id}/confirm`, {})).status).toBe(200);

    // Every count agrees: 3 places bought at purchase and 1 with the joiner, 4 named, 3 covered now.
    const census = (await admin.get("/membership/census")).json.data.summary;
    expect(census).toMatchObject({ employees_bought: 4, employees_named: 4, lives_bought: 4, complete: true });
    const { covered } = (await admin.get("/membership/changes")).json.data;
    expect(covered).toMatchObject([{ band: "18-35", range: "1A", employees_bought: 4, employees: 3 }]);
    const overview = (await admin.get("/membership")).json.data;
    expect(overview.census).toMatchObject({ employees_bought: 4, employees_named: 4 });
  });
});
