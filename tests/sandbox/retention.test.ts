import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestApi, startApi } from "./helpers";
import { BANYAN, BLUEJAY, KAVERI, QUILLPOINT, paidTeam } from "./paid-membership";

/**
 * Retention (docs/product.md, Personal data; decision 0039): a membership's members are kept for the policy
 * year and three years after the policy ends, then the sandbox erases them: on an interval, and at once
 * through the test clock's `POST /api/sandbox/retention/purge`. Bought on 2 June 2025 (the helpers' day),
 * the cover ends on 1 June 2026 and the members may be held up to 1 June 2029: erased 1,461 days after
 * the purchase. The test clock dates the purchase back instead, to 2 June 2021.
 */

const ERASE_AFTER_DAYS = 1461;

let api: TestApi;
beforeAll(async () => {
  api = await startApi({ testClock: true });
});
afterAll(async () => {
  await api.close();
});

const purge = async () => (await api.call("POST", "/api/sandbox/retention/purge")).json.data.erased;
const passDays = (orderId: string, days: number) =>
  api.call("POST", "/api/sandbox/clock/membership", { body: { order_id: orderId, advance_days: days } });
const outboxTo = async (to: string) =>
  (await api.call("GET", `/api/sandbox/emails?to=${encodeURIComponent(to)}`)).json.data as unknown[];

describe("members' details three years after the policy ends", () => {
  it("are kept to the last day and erased the day after, with the outbox's emails to them; counts only in the log", async () => {
    const admin = await paidTeam(api, "yearly");
    const orderId: string = (await admin.get("/membership")).json.data.order.order_id;
    const employeeEmail = `e-1-${admin.mobileNo}@fernleaf.example`;
    // The e-cards are drawn in a worker thread and emailed when done: waited for, not assumed.
    await expect.poll(() => outboxTo(employeeEmail), { timeout: 20_000 }).toHaveLength(1);

    expect((await passDays(orderId, ERASE_AFTER_DAYS - 1)).status).toBe(200);
    expect(await purge()).toEqual([]);
    const kept = (await admin.get("/membership/census")).json.data;
    expect(kept.total).toBe(3);
    expect(kept.erased).toBeNull();

    await passDays(orderId, 1);
    expect(await purge()).toEqual([
      { order_id: orderId, erased_on: "2025-06-02", policy_ended_on: "2022-06-01", members: 3 },
    ]);
    const census = (await admin.get("/membership/census")).json.data;
    expect(census.total).toBe(0);
    expect(census.members).toEqual([]);
    expect(census.erased).toEqual({ erased_on: "2025-06-02", policy_ended_on: "2022-06-01" });
    expect(await outboxTo(employeeEmail)).toEqual([]);
    // The admin's own email (the certificate) is not a member's and stays.
    expect(await outboxTo(admin.adminEmail)).not.toEqual([]);
    // A second run finds nothing left to erase.
    expect(await purge()).toEqual([]);

    const logged = api.logs.filter((l) => l.event === "members_erased");
    expect(logged).toEqual([expect.objectContaining({ order_id: orderId, members: 3 })]);
    const everything = JSON.stringify(api.logs);
    expect(everything).not.toContain("Employee E-1");
    expect(everything).not.toContain(employeeEmail);
  });

  it("leave another membership whose time is not up untouched", async () => {
    const old = await paidTeam(api, "yearly", BANYAN);
    const recent = await paidTeam(api, "monthly", QUILLPOINT);
    await passDays((await old.get("/membership")).json.data.order.order_id, ERASE_AFTER_DAYS);
    const erased = await purge();
    expect(erased).toHaveLength(1);
    expect((await recent.get("/membership/census")).json.data.total).toBe(3);
    expect((await old.get("/membership/census")).json.data.total).toBe(0);
  });

  it("keeps the outbox's emails to an address another membership still covers", async () => {
    const old = await paidTeam(api, "yearly", BLUEJAY);
    const recent = await paidTeam(api, "monthly", KAVERI);
    const shared = `e-1-${old.mobileNo}@fernleaf.example`;
    // The same person joins the other company, under the same address, and gets their e-cards there too.
    await recent.change({
      kind: "add",
      band: "18-35",
      range: "1A",
      effective_date: "2025-06-02",
      members: [
        {
          employee_code: "E-9",
          full_name: "Employee E-1",
          gender: "female",
          date_of_birth: "1995-01-01",
          relationship: "self",
          mobile: "9876543210",
          email: shared,
          date_of_joining: null,
        },
      ],
    });
    await expect.poll(async () => (await outboxTo(shared)).length, { timeout: 20_000 }).toBe(2);
    await passDays((await old.get("/membership")).json.data.order.order_id, ERASE_AFTER_DAYS);
    expect(await purge()).toHaveLength(1);
    expect((await old.get("/membership/census")).json.data.total).toBe(0);
    expect(await outboxTo(shared)).toHaveLength(2);
    expect(await outboxTo(`e-2-${old.mobileNo}@fernleaf.example`)).toEqual([]);
  });

  it("the purge is the test clock's alone", async () => {
    const plain = await startApi();
    try {
      expect((await plain.call("POST", "/api/sandbox/retention/purge")).status).toBe(404);
    } finally {
      await plain.close();
    }
  });
});

describe("the scheduled purge", () => {
  it("runs on its interval in the embedded API, with no call from anyone", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kavach-retention-"));
    const scheduled = await startApi({
      testClock: true,
      databasePath: path.join(dir, "api.sqlite"),
      retentionSweepMs: 25,
    });
    try {
      const admin = await paidTeam(scheduled, "yearly");
      const orderId: string = (await admin.get("/membership")).json.data.order.order_id;
      expect((await admin.get("/membership/census")).json.data.total).toBe(3);
      await scheduled.call("POST", "/api/sandbox/clock/membership", {
        body: { order_id: orderId, advance_days: ERASE_AFTER_DAYS },
      });
      await expect.poll(async () => (await admin.get("/membership/census")).json.data.total).toBe(0);
      expect((await admin.get(`/membership/census`)).json.data.erased).toMatchObject({ erased_on: "2025-06-02" });
    } finally {
      await scheduled.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
