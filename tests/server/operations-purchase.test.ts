import { afterAll, beforeAll, expect, it } from "vitest";
import { Visitor, fillCart, signIn } from "../support/client";
import { type InProcessApp, appInProcess } from "../support/in-process";
import { openHostedCheckout, postCallback } from "../support/payments";

/**
 * What an operator sees of a purchase (docs/decisions/0036): the metrics count it by route pattern
 * and upstream endpoint, behind METRICS_TOKEN on the public port; the log has a line per request
 * with its time and id, and no mobile number, email address or name of the buyer or their people.
 */
const TOKEN = "metrics-token-0123456789abcdef";
const EMPLOYEE = { name: "Ishaan Venkataraman", mobile: "9123987654", email: "ishaan.v@fernleaf.example" };

let app: InProcessApp;
let buyerMobile: string;
beforeAll(async () => {
  app = await appInProcess({ METRICS_TOKEN: TOKEN, LOG_REQUESTS: "1" });
  const visitor = new Visitor(app.url);
  buyerMobile = await signIn(visitor);
  await fillCart(visitor);
  const { forms } = await openHostedCheckout(visitor);
  const paid = await postCallback(visitor, forms.success);
  expect(paid.status).toBe(303);
  // The census: one employee named through the add-one form.
  const added = await visitor.post("/membership/members", {
    intent: "add",
    "self.employee_code": "FL-901",
    "self.full_name": EMPLOYEE.name,
    "self.gender": "male",
    "self.date_of_birth": "1994-03-12",
    "self.mobile": EMPLOYEE.mobile,
    "self.email": EMPLOYEE.email,
    "self.date_of_joining": "2024-04-01",
  });
  expect(added.status).toBeLessThan(400);
  expect((await visitor.get("/membership/members")).text).toContain(EMPLOYEE.name);
}, 60_000);
afterAll(() => app.close());

const scrape = (authorization?: string) =>
  fetch(`${app.url}/metrics`, { headers: authorization ? { authorization } : {} });

it("a scrape after a purchase counts requests by route pattern and upstream calls by endpoint", async () => {
  const answer = await scrape(`Bearer ${TOKEN}`);
  expect(answer.status).toBe(200);
  expect(answer.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
  const text = await answer.text();
  const count = (series: string) => Number(text.match(new RegExp(`^${escape(series)} (\\d+)$`, "m"))?.[1] ?? 0);
  // Requests, by the route that answered: the posts of the walk, and the gateway's callback.
  expect(count('kavach_http_request_duration_seconds_count{route="/checkout/verify",method="POST",status="303"}')).toBe(
    1,
  );
  expect(
    count('kavach_http_request_duration_seconds_count{route="/checkout/payment/callback",method="POST",status="303"}'),
  ).toBe(1);
  expect(
    count('kavach_http_request_duration_seconds_count{route="/membership/members",method="GET",status="200"}'),
  ).toBe(1);
  // The upstream, by endpoint: the order made and verified.
  expect(
    count(
      'kavach_upstream_request_duration_seconds_count{endpoint="/employer/v1/checkout/order/create",method="POST",outcome="2xx"}',
    ),
  ).toBe(1);
  expect(
    count(
      'kavach_upstream_request_duration_seconds_count{endpoint="/employer/v1/checkout/order/verify",method="POST",outcome="2xx"}',
    ),
  ).toBe(1);
  // No label is a raw address or an id.
  expect(text).not.toMatch(/(route|endpoint)="[^"]*(order_|\?|\d{6,})/);
  // The gate, the page cache, the allowances, the event loop and the memory are there too.
  for (const name of [
    "kavach_render_gate_waiting",
    "kavach_page_cache_lookups_total",
    'kavach_allowances_available{store="memory"} 1',
    "nodejs_eventloop_lag_p99_seconds",
    "process_resident_memory_bytes",
  ])
    expect(text).toContain(name);
});

it("/metrics is refused on the public port without the token", async () => {
  for (const authorization of [undefined, "Bearer wrong-token-0123456789abcdef", TOKEN]) {
    const answer = await scrape(authorization);
    expect(answer.status).toBe(401);
    expect(await answer.text()).not.toContain("kavach_");
  }
});

it("/readyz answers 200 on the embedded API: a page renders, the upstream and the database answer", async () => {
  const ready = await fetch(`${app.url}/readyz`);
  expect(ready.status).toBe(200);
  expect(await ready.json()).toEqual({
    status: "ready",
    checks: { render: "ok", upstream: "ok", database: "ok" },
  });
});

it("every line has a time and a level, a request's its id; probes only at debug level", async () => {
  const page = await fetch(`${app.url}/reviews`);
  const id = page.headers.get("x-request-id");
  await fetch(`${app.url}/healthz`);
  await fetch(`${app.url}/readyz`);
  for (const line of app.logs) {
    expect(line.time).toEqual(expect.stringMatching(/^\d{4}-\d\d-\d\dT/));
    expect(["debug", "info", "warn", "error"]).toContain(line.level);
  }
  expect(app.logs).toContainEqual(
    expect.objectContaining({ msg: "request", id, method: "GET", path: "/reviews", route: "/reviews", status: 200 }),
  );
  expect(app.logs.filter((line) => line.route === "/healthz" || line.route === "/readyz")).toEqual([]);
});

it("the purchase and the census leave no mobile number, email address or name in the log", () => {
  const written = app.logs.map((line) => JSON.stringify(line)).join("\n");
  // The walk was logged: the sign-in, the census add, the embedded API's events.
  expect(written).toContain('"route":"/checkout/verify-otp"');
  expect(written).toContain('"event":"order_created"');
  for (const personal of [
    buyerMobile,
    "Asha Rao",
    "asha.rao@fernleaf.example",
    EMPLOYEE.name,
    EMPLOYEE.mobile,
    EMPLOYEE.email,
  ])
    expect(written).not.toContain(personal);
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
