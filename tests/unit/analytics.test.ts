import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AnalyticsRecord, Sink } from "~/analytics/pipeline.server";
import { AnalyticsPipeline, httpSink, ndjsonFileSink } from "~/analytics/pipeline.server";
import { checkEventData, checkProfile, trimEventName } from "~/analytics/profile";

const record = (name: string): AnalyticsRecord => ({ kind: "event", at: new Date().toISOString(), name, data: {} });

describe("profile and event rules (docs/product.md, Analytics events)", () => {
  it("drops a bad profile value and keeps the good ones", () => {
    const { value, dropped } = checkProfile({
      Identity: "9876543210",
      Name: "Asha Rao",
      Gender: "Female",
      Employed: "Y",
      Married: "maybe",
      Education: "Graduate",
      Age: "thirty",
      DOB: "1990-04-01",
      Phone: "9876543210",
    });
    expect(value).toEqual({
      Identity: "9876543210",
      Name: "Asha Rao",
      Employed: "Y",
      Education: "Graduate",
      DOB: "1990-04-01",
    });
    expect(dropped.sort()).toEqual(["Age", "Gender", "Married", "Phone"]);
  });

  it("accepts a phone with + and more than 8 characters, and M/F gender", () => {
    expect(checkProfile({ Phone: "+919876543210", Gender: "F", Age: 34 }).dropped).toEqual([]);
    expect(checkProfile({ Phone: "+9112345" }).dropped).toEqual(["Phone"]);
  });

  it("keeps flat event values and drops nested ones and bad variable names", () => {
    const { value, dropped } = checkEventData({
      members: 12,
      policy: "yearly",
      ok: true,
      nested: { a: 1 },
      ".dot": 1,
      "end.": 2,
      nan: Number.NaN,
    });
    expect(value).toEqual({ members: 12, policy: "yearly", ok: true });
    expect(dropped.sort()).toEqual([".dot", "end.", "nan", "nested"]);
  });

  it("trims event names over 1024 characters", () => {
    expect(trimEventName("e".repeat(2000))).toHaveLength(1024);
    expect(trimEventName("purchase_faq")).toBe("purchase_faq");
  });
});

describe("the pipeline", () => {
  let blackHole: http.Server;
  let blackHoleUrl: string;
  beforeAll(async () => {
    // Accepts connections and never answers: the worst kind of collector.
    blackHole = http.createServer(() => undefined);
    await new Promise<void>((resolve) => blackHole.listen(0, "127.0.0.1", resolve));
    blackHoleUrl = `http://127.0.0.1:${(blackHole.address() as AddressInfo).port}/collect`;
  });
  afterAll(() => {
    blackHole.closeAllConnections();
    blackHole.close();
  });

  it("returns at once while a collector never answers, and the file still gets every record in order", async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "kavach-analytics-")), "events.ndjson");
    const pipeline = new AnalyticsPipeline([ndjsonFileSink(file), httpSink(blackHoleUrl, 60_000)], {
      log: () => undefined,
    });
    const started = performance.now();
    for (let i = 0; i < 50; i++) pipeline.emit(record(`e${i}`));
    // The collector would hold each call for a minute; emitting waited for none of them (the bound
    // is loose so a loaded machine cannot fail it).
    expect(performance.now() - started).toBeLessThan(1_000);
    await expect
      .poll(() => (fs.existsSync(file) ? fs.readFileSync(file, "utf8").trim().split("\n").length : 0))
      .toBe(50);
    const names = fs
      .readFileSync(file, "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l).name);
    expect(names).toEqual(Array.from({ length: 50 }, (_, i) => `e${i}`));
  });

  it("retries a failing sink with backoff, then gives up and logs", async () => {
    const attempts: number[] = [];
    const logs: unknown[] = [];
    const failing: Sink = {
      name: "failing",
      write: async () => {
        attempts.push(Date.now());
        throw new Error("down");
      },
    };
    const pipeline = new AnalyticsPipeline([failing], { maxAttempts: 3, backoffMs: 20, log: (e) => logs.push(e) });
    pipeline.emit(record("x"));
    await pipeline.idle();
    expect(attempts).toHaveLength(3);
    // The waits double (20 then 40 ms); timers never fire early, only late on a busy machine.
    expect(attempts[1] - attempts[0]).toBeGreaterThanOrEqual(19);
    expect(attempts[2] - attempts[1]).toBeGreaterThanOrEqual(39);
    expect(logs).toEqual([expect.objectContaining({ msg: "analytics batch dropped", sink: "failing" })]);
  });

  it("bounds its queue: the oldest records go first when a sink cannot keep up", async () => {
    const written: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const slow: Sink = {
      name: "slow",
      write: async (batch) => {
        await gate;
        written.push(...batch.map((r) => r.name!));
      },
    };
    const pipeline = new AnalyticsPipeline([slow], { maxQueue: 3, maxBatch: 10, log: () => undefined });
    for (let i = 0; i < 6; i++) pipeline.emit(record(`r${i}`));
    release();
    await pipeline.idle();
    // r0 was already on its way; of the rest only the newest three were kept.
    expect(written).toEqual(["r0", "r3", "r4", "r5"]);
  });
});
