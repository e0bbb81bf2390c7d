import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type TestApi, checkoutForms, startApi } from "./helpers";

const V1 = "/api/employer/v1";
const CALLBACK = "https://app.example/checkout/payment/callback";
const KARNATAKA = "29AAKCF2931M1Z6";
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
async function paidAdmin(policy: "monthly" | "yearly") {
  const mobileNo = String(nextMobile++);
  let token = await api.login(mobileNo);
  const update = (type: string, item: unknown) =>
    api.call("POST", `${V1}/carts/update`, { token, body: { type, item } });
  await update("company", { gstin: KARNATAKA });
  await update("admin", { name: "Ananya Rao", email: "ananya@fernleaf.example", total_employees: 3 });
  await update("plan", { plan_id: "kavach-essential", coverage_ids: [] });
  await update("people", { rows: [{ band: "18-35", range: "1A", count: 3 }] });
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
    const second = await paidAdmin("monthly");
    await second.cancel();
    expect((await first.membership()).billing.mandate.cancelled).toBeNull();
    expect((await first.membership()).billing.next_charge).not.toBeNull();
  });
});
