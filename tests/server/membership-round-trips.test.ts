import { afterAll, beforeAll, expect, it } from "vitest";
import { UPSTREAM_DELAY_MS } from "../../bench/budgets";
import { type DelayedUpstream, startDelayedUpstream } from "../../bench/delayed-upstream";
import { sequentialCount } from "../../bench/request-chain";
import { adminSession, adminVisitor } from "../support/admin-session";
import { Visitor } from "../support/client";
import { type InProcessApp, appInProcess } from "../support/in-process";
import { payOverApi } from "../support/membership";

/**
 * One upstream round trip a request where the data allows (decision 0024): /membership reads the
 * membership and its changes statement beside each other, through an upstream that answers each call
 * after 50 ms, so the page waits for one upstream call, not two in a row.
 */
let upstream: DelayedUpstream;
let app: InProcessApp;
beforeAll(async () => {
  upstream = await startDelayedUpstream(UPSTREAM_DELAY_MS);
  app = await appInProcess({ API_BASE_URL: upstream.baseUrl });
});
afterAll(async () => {
  await app.close();
  await upstream.close();
});

/** The upstream calls made while `page` was asked for and answered. */
async function callsOf(page: () => Promise<unknown>) {
  const before = upstream.calls.length;
  await page();
  return upstream.calls.slice(before);
}

it("a paid admin's membership page, statement and all, waits for one upstream call", async () => {
  const { admin, cookie } = await adminSession(upstream.baseUrl, "payment");
  await payOverApi(upstream.baseUrl.replace(/\/api$/, ""), admin.token, "yearly");
  const visitor = new Visitor(app.url);
  visitor.cookies.set(cookie.name, cookie.value);
  let page = { status: 0, text: "" };
  const calls = await callsOf(async () => (page = await visitor.get("/membership")));
  expect(page.status).toBe(200);
  // The statement was read and shown: the members table counts those covered now.
  expect(page.text).toContain("Covered now");
  expect(calls.map((c) => c.call)).toEqual(
    expect.arrayContaining(["GET /api/employer/v1/membership", "GET /api/employer/v1/membership/changes"]),
  );
  expect(sequentialCount(calls)).toBe(1);
});

it("an admin who has not paid is led to the first unfinished step", async () => {
  const visitor = await adminVisitor(app.url, "plan", { apiBaseUrl: upstream.baseUrl });
  const page = await visitor.get("/membership");
  expect(page.status).toBe(302);
  expect(page.location).toBe("/checkout/plan-select");
});
