import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type TestApi, startApi } from "./helpers";
import { DAY, paidTeam } from "./paid-membership";

/**
 * The pre-debit notice (docs/product.md, Cancelling the monthly mandate): from two days before each monthly
 * charge the sweep emails the admin the amount and the date, once per charge, and never after a cancellation.
 */

let api: TestApi;

beforeEach(async () => {
  // The sweep runs every few milliseconds here, so a test sees it pass without waiting for hours.
  api = await startApi({ retentionSweepMs: 20 });
});
afterEach(async () => {
  await api.close();
});

const notices = async (to: string) =>
  ((await api.call("GET", `/api/sandbox/emails?to=${to}`)).json.data as { subject: string; text: string }[]).filter(
    (e) => e.subject.startsWith("Pre-debit notice"),
  );

/** The paise a notice's subject names: "₹1,770" or "₹1,770.50". */
const paiseIn = (subject: string) => Math.round(Number(/₹([\d,.]+)/.exec(subject)![1]!.replaceAll(",", "")) * 100);

describe("the pre-debit notice", () => {
  it("goes to the admin two days before each charge, once, with the amount and the date; never after a cancellation", async () => {
    const first = await paidTeam(api, "monthly"); // paid 2 June 2025: the second charge is on 2 July
    const cancelled = await paidTeam(api, "monthly");
    expect((await cancelled.post("/membership/mandate/cancel", {})).status).toBe(200);
    api.advance(DAY);
    const later = await paidTeam(api, "monthly"); // paid 3 June: its second charge is on 3 July
    await first.later(0); // signed in again on the moved clock
    const next = (await first.get("/membership")).json.data.billing.next_charge;
    expect(next.date).toBe("2025-07-02");

    api.advance(27 * DAY); // 30 June, two days before the first's charge
    await expect.poll(async () => (await notices(first.adminEmail)).length).toBe(1);
    const [notice] = await notices(first.adminEmail);
    expect(notice!.subject).toMatch(/^Pre-debit notice: ₹[\d,.]+ on 2 July 2025 for your Kavach membership$/);
    expect(paiseIn(notice!.subject)).toBe(next.amount_paise);
    expect(notice!.text).toContain("monthly charge 2 of 12");
    expect(notice!.text).toContain("cancel the mandate before then");
    expect(notice!.text).toContain("Cover then runs to 1 July 2025");

    // 1 July: the later membership's notice shows a sweep has run since; the first's went only once, and
    // the cancelled mandate's never.
    api.advance(DAY);
    await expect.poll(async () => (await notices(later.adminEmail)).length).toBe(1);
    expect(await notices(first.adminEmail)).toHaveLength(1);
    expect(await notices(cancelled.adminEmail)).toEqual([]);
  });
});
