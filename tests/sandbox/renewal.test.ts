import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type TestApi, checkoutForms, startApi } from "./helpers";
import { freshGstin, sampleCompanyName } from "../support/cart";
import { DAY, V1, paidTeam } from "./paid-membership";

// docs/product.md, Renewal.
let api: TestApi;
const CALLBACK = "https://app.example/checkout/payment/callback";
const LINK = "https://kavach.example/membership/renewal";

// Each test moves the clock through a cover year of its own.
beforeEach(async () => {
  api = await startApi();
});
afterEach(async () => {
  await api.close();
});

/** Bought on 2 June 2025 (the test clock's day); the last day of cover is 1 June 2026. E-1 turns 36 in between. */
async function team() {
  const gstin = freshGstin();
  const t = await paidTeam(api, "yearly", gstin, { datesOfBirth: { "E-1": "1990-01-01" } });
  const reminders = async () => ({
    sms: (await api.call("GET", `/api/sandbox/sms?mobile_no=${t.mobileNo}`)).json.data
      .map((m: { text: string }) => m.text)
      .filter((text: string) => text.includes("Renew it here")),
    emails: (await api.call("GET", `/api/sandbox/emails?to=${t.adminEmail}`)).json.data.filter(
      (e: { subject: string }) => /renew/i.test(e.subject),
    ),
  });
  return {
    ...t,
    company: sampleCompanyName(gstin),
    reminders,
    membership: async () => (await t.get("/membership")).json.data,
  };
}

/** The days from the test clock's start (2 June 2025, 10:00 IST) to `date`. */
const daysTo = (date: string) => Math.round((Date.parse(`${date}T04:30:00Z`) - api.now()) / DAY);

describe("renewal", () => {
  it("opens 45 days before the end, quotes each member re-banded with the changes line by line, and reminds", async () => {
    const t = await team();
    const before = await t.membership();
    expect(before.cover_end_date).toBe("2026-06-01");
    expect(before.cover_status).toBe("in_force");
    expect(before.renewal).toMatchObject({
      state: "not_open",
      opens_on: "2026-04-17",
      renewal_date: "2026-06-02",
      grace_ends_on: "2026-07-01",
      order: null,
    });
    const early = await t.post("/membership/renewal/order", { policy: "yearly", callback_url: CALLBACK });
    expect(early).toMatchObject({ status: 409, json: { msg: "The renewal opens on 2026-04-17." } });
    expect((await t.reminders()).sms).toEqual([]);

    await t.later(daysTo("2026-04-17") * DAY);
    expect((await t.membership()).renewal.state).toBe("open");
    const first = await t.reminders();
    expect(first.sms).toEqual([
      `Kavach: the group health cover of ${t.company} ends on 1 June 2026, in 45 days. Renew it here: ${LINK}`,
    ]);
    expect(first.emails).toHaveLength(1);
    expect(first.emails[0].subject).toBe("Renew your Kavach cover before 1 June 2026");
    expect(first.emails[0].text).toContain(LINK);

    const quote = (await t.get("/membership/renewal")).json.data;
    expect(quote).toMatchObject({ cover_starts_on: "2026-06-02", cover_ends_on: "2027-06-01", moved_band: 1 });
    expect(quote.plan).toMatchObject({ plan_id: "kavach-essential" });
    const e1 = quote.lines.find((l: { employee_code: string }) => l.employee_code === "E-1");
    const e2 = quote.lines.find((l: { employee_code: string }) => l.employee_code === "E-2");
    expect(e1).toMatchObject({
      full_name: "Employee E-1",
      age_on_renewal: 36,
      band_before: "18-35",
      band_after: "36-45",
      band_after_label: "36–45 years",
      moved_band: true,
    });
    expect(e1.monthly_after_paise).toBeGreaterThan(e1.monthly_before_paise);
    expect(e2).toMatchObject({ age_on_renewal: 31, band_before: "18-35", band_after: "18-35", moved_band: false });
    expect(e2.monthly_after_paise).toBe(e2.monthly_before_paise);
    // Karnataka: CGST and SGST, before and after; the year costs more by E-1's move alone.
    expect(quote.after.yearly.tax_lines.map((l: { label: string }) => l.label)).toEqual(["CGST 9%", "SGST 9%"]);
    expect(quote.after.monthly.premium_paise - quote.before.monthly.premium_paise).toBe(
      e1.monthly_after_paise - e1.monthly_before_paise,
    );
    expect(quote.before.yearly.total_paise).toBe(before.order.amount_paise);

    // 15 days before, then straight to the last day but one: the 3-day reminder, the 15-day one not again.
    await t.later(daysTo("2026-05-17") * DAY);
    await t.membership();
    await t.later(daysTo("2026-05-31") * DAY);
    await t.membership();
    await t.membership();
    const sent = (await t.reminders()).sms;
    expect(sent).toHaveLength(3);
    expect(sent[0]).toContain("ends on 1 June 2026, tomorrow.");
    expect(sent[1]).toContain("in 15 days");
  });

  it("pays like a purchase and issues the next period: new policy, census kept re-banded, e-cards emailed", async () => {
    const t = await team();
    const bought = await t.membership();
    await t.later(daysTo("2026-05-20") * DAY);
    const ordered = await t.post("/membership/renewal/order", { policy: "yearly", callback_url: CALLBACK });
    expect(ordered.status).toBe(200);
    expect(ordered.json.data).toMatchObject({ status: "created", policy: "yearly", cover_starts_on: "2026-06-02" });
    // Asking again for the same quote gives back the same order.
    const again = await t.post("/membership/renewal/order", { policy: "yearly", callback_url: CALLBACK });
    expect(again.json.data.order_id).toBe(ordered.json.data.order_id);
    const page = await api.html(`/api/sandbox/checkout/${ordered.json.data.order_id}`);
    const pay = [...checkoutForms(page.text).entries()].find(([label]) => label.endsWith("— Success"))![1];
    const paid = await api.call("POST", `${V1}/checkout/order/verify`, { body: pay.fields });
    expect(paid.json.data).toMatchObject({ status: "paid", amount_paise: ordered.json.data.amount_paise });

    const now = await t.membership();
    expect(now.order.order_id).toBe(ordered.json.data.order_id);
    expect(now.start_date).toBe("2026-06-02");
    expect(now.cover_end_date).toBe("2027-06-01");
    expect(now.current_period).toEqual({ from: "2026-06-02", to: "2027-06-01" });
    expect(now.policy.policy_number).not.toBe(bought.policy.policy_number);
    expect(now.policy.policy_number).toMatch(/^KVP\/2026\/\d{6}$/);
    expect(now.census).toMatchObject({ employees_named: 3, complete: true });
    expect(now.renewal.state).toBe("not_open");
    const census = (await t.get("/membership/census")).json.data;
    expect(census.members.map((m: { employee_code: string; band: string }) => [m.employee_code, m.band])).toEqual([
      ["E-1", "36-45"],
      ["E-2", "18-35"],
      ["E-3", "18-35"],
    ]);
    expect(census.members.every((m: { e_card_status: string }) => m.e_card_status === "issued")).toBe(true);
    expect(census.policy.period).toEqual({ from: "2026-06-02", to: "2027-06-01" });
    // The renewal's own invoice, for its year, and the new papers to the admin.
    const invoice = (await t.get(`/invoices/${paid.json.data.invoice.id}`)).json.data;
    expect(invoice.billing_period).toEqual({ from: "2026-06-02", to: "2027-06-01" });
    const papers = async (address: string) =>
      (await api.call("GET", `/api/sandbox/emails?to=${encodeURIComponent(address)}`)).json.data
        .map((e: { subject: string }) => e.subject)
        .filter((subject: string) => subject.includes(now.policy.policy_number));
    await expect.poll(() => papers(t.adminEmail)).toEqual([`Your policy is issued: ${now.policy.policy_number}`]);
    await expect
      .poll(() => papers(`e-1-${t.mobileNo}@fernleaf.example`))
      .toEqual([`Your health insurance e-cards: policy ${now.policy.policy_number}`]);
    const second = await t.post("/membership/renewal/order", { policy: "yearly", callback_url: CALLBACK });
    expect(second.status).toBe(409);
  });

  it("renews on another plan and other benefits when the admin chooses them, priced and issued as chosen", async () => {
    const t = await team();
    await t.later(daysTo("2026-05-20") * DAY);
    const same = (await t.get("/membership/renewal")).json.data;
    const other = same.choices.plans.find((p: { plan_id: string }) => p.plan_id !== same.plan.plan_id);
    const optional = same.choices.coverages.filter((c: { required: boolean }) => !c.required);
    const kept = optional.filter((c: { chosen: boolean }) => c.chosen).map((c: { id: string }) => c.id);
    // One optional benefit fewer (or one more, if none was chosen), and the other plan.
    const coverages = kept.length > 0 ? kept.slice(1) : [optional[0].id];
    const query = `plan_id=${other.plan_id}&coverages=${coverages.join(",")}`;
    const changed = (await t.get(`/membership/renewal?${query}`)).json.data;
    expect(changed.plan).toEqual(other);
    expect(changed.plan_before).toEqual(same.plan);
    expect(changed.benefits.map((b: { id: string }) => b.id)).toEqual(
      same.choices.coverages
        .filter((c: { id: string; required: boolean }) => c.required || coverages.includes(c.id))
        .map((c: { id: string }) => c.id),
    );
    expect(changed.after.yearly.total_paise).not.toBe(same.after.yearly.total_paise);
    // The quote before any payment is what it was: only the choice changed.
    expect(changed.before).toEqual(same.before);

    const ordered = await t.post("/membership/renewal/order", {
      policy: "yearly",
      callback_url: CALLBACK,
      plan_id: other.plan_id,
      coverages,
    });
    expect(ordered.json.data.amount_paise).toBe(changed.after.yearly.total_paise);
    const page = await api.html(`/api/sandbox/checkout/${ordered.json.data.order_id}`);
    const pay = [...checkoutForms(page.text).entries()].find(([label]) => label.endsWith("— Success"))![1];
    await api.call("POST", `${V1}/checkout/order/verify`, { body: pay.fields });
    const now = await t.membership();
    expect(now.order.order_id).toBe(ordered.json.data.order_id);
    expect((await t.get("/membership/census")).json.data.policy).toMatchObject({
      plan_name: other.name,
    });

    const unknown = await t.get("/membership/renewal?plan_id=no-such-plan");
    expect(unknown).toMatchObject({ status: 400, json: { msg: "Unknown plan: no-such-plan." } });
  });

  it("while its payment is pending, the period it renews stays the membership; settled, the next period is issued", async () => {
    const t = await team();
    const bought = await t.membership();
    await t.later(daysTo("2026-05-20") * DAY);
    const ordered = await t.post("/membership/renewal/order", { policy: "yearly", callback_url: CALLBACK });
    const page = await api.html(`/api/sandbox/checkout/${ordered.json.data.order_id}`);
    const pending = [...checkoutForms(page.text).entries()].find(([label]) => label === "Simulate Pending")![1];
    await api.call("POST", `${V1}/checkout/order/verify`, { body: pending.fields });
    const waiting = await t.membership();
    expect(waiting.order.order_id).toBe(bought.order.order_id);
    expect(waiting.renewal.order).toMatchObject({ order_id: ordered.json.data.order_id, status: "pending" });
    expect((await t.get("/membership/census")).json.data.total).toBe(3);

    await t.later(DAY);
    const settled = await t.membership();
    expect(settled.order.order_id).toBe(ordered.json.data.order_id);
    expect(settled.start_date).toBe("2026-06-02");
    expect(settled.policy.policy_number).not.toBe(bought.policy.policy_number);
  });

  it("leaves out an employee past the oldest band, in the quote and in the next period", async () => {
    const t = await paidTeam(api, "yearly", undefined, {
      band: "56-65",
      datesOfBirth: { "E-1": "1960-01-01", "E-2": "1961-01-01", "E-3": "1965-01-01" },
    });
    await t.later(daysTo("2026-05-20") * DAY);
    const quote = (await t.get("/membership/renewal")).json.data;
    expect(quote.not_renewable).toEqual(["E-1"]);
    expect(quote.lines[0]).toMatchObject({ employee_code: "E-1", age_on_renewal: 66, band_after: null });
    expect(quote.after.members).toBe(2);
    const ordered = await t.post("/membership/renewal/order", { policy: "yearly", callback_url: CALLBACK });
    const page = await api.html(`/api/sandbox/checkout/${ordered.json.data.order_id}`);
    const pay = [...checkoutForms(page.text).entries()].find(([label]) => label.endsWith("— Success"))![1];
    await api.call("POST", `${V1}/checkout/order/verify`, { body: pay.fields });
    const census = (await t.get("/membership/census")).json.data;
    expect(census.members.map((m: { employee_code: string }) => m.employee_code)).toEqual(["E-2", "E-3"]);
  });

  it("is refused to another company's admin and signed out", async () => {
    const signedOut = await api.call("GET", `${V1}/membership/renewal`);
    expect(signedOut.status).toBe(401);
    const stranger = await api.login("9811100001");
    const none = await api.call("GET", `${V1}/membership/renewal`, { token: stranger });
    expect(none.status).toBe(404);
  });

  it("unrenewed: reminded on the end date, then ended with expired e-cards, open for the grace period only", async () => {
    const t = await team();
    await t.later(daysTo("2026-06-01") * DAY);
    const last = await t.membership();
    expect(last.cover_status).toBe("in_force");
    expect((await t.reminders()).sms[0]).toBe(
      `Kavach: the group health cover of ${t.company} ends today. Renew it here: ${LINK}`,
    );

    await t.later(daysTo("2026-06-02") * DAY);
    const ended = await t.membership();
    expect(ended.cover_status).toBe("ended");
    expect(ended.renewal.state).toBe("grace");
    const census = (await t.get("/membership/census")).json.data;
    expect(census.members.map((m: { e_card_status: string }) => m.e_card_status)).toEqual([
      "expired",
      "expired",
      "expired",
    ]);
    const inGrace = await t.post("/membership/renewal/order", { policy: "yearly", callback_url: CALLBACK });
    expect(inGrace.status).toBe(200);

    await t.later(daysTo("2026-07-02") * DAY);
    expect((await t.membership()).renewal.state).toBe("closed");
    const late = await t.post("/membership/renewal/order", { policy: "yearly", callback_url: CALLBACK });
    expect(late).toMatchObject({
      status: 409,
      json: { msg: "The renewal closed on 2026-07-01; buy a new membership instead." },
    });
  });
});
