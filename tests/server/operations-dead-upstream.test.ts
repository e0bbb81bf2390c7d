import path from "node:path";
import type { ServerBuild } from "@remix-run/node";
import { afterAll, beforeAll, expect, it } from "vitest";
import type * as AppServerEntry from "../../app/entry.server";
import { Visitor, freshMobile } from "../support/client";
import { type InProcessApp, appInProcess } from "../support/in-process";

/**
 * An upstream nobody answers at (docs/decisions/0036): /readyz says so with 503 while /healthz, the
 * liveness check, stays 200; each upstream failure's line carries the time and the id of the
 * request that met it, as that request's own line does; the metrics count the failures by endpoint.
 * Without METRICS_TOKEN, /metrics is not served on the public port at all.
 */
let app: InProcessApp;
beforeAll(async () => {
  app = await appInProcess({ API_BASE_URL: "http://127.0.0.1:9", LOG_REQUESTS: "1" });
});
afterAll(() => app.close());

it("/readyz answers 503 naming the upstream; /healthz stays 200", async () => {
  const ready = await fetch(`${app.url}/readyz`);
  expect(ready.status).toBe(503);
  expect(await ready.json()).toEqual({
    status: "unavailable",
    checks: { render: "ok", upstream: expect.stringMatching(/^unavailable/) },
  });
  expect((await fetch(`${app.url}/healthz`)).status).toBe(200);
});

it("an upstream failure's line carries the time and the id of the request that met it", async () => {
  const mobile = freshMobile();
  const asked = await new Visitor(app.url).post("/checkout/verify", { mobile });
  expect(asked.status).toBe(503);
  const id = asked.headers.get("x-request-id");
  expect(id).toBeTruthy();
  const lines = app.logs.filter((line) => line.id === id);
  expect(lines).toEqual([
    expect.objectContaining({
      level: "error",
      time: expect.any(String),
      msg: "upstream failure",
      endpoint: "/global/users",
      reason: "network",
      detail: "ECONNREFUSED",
    }),
    expect.objectContaining({
      level: "info",
      time: expect.any(String),
      msg: "request",
      route: "/checkout/verify",
      status: 503,
    }),
  ]);
  // The number asked for is in neither line (the query string is never logged).
  expect(JSON.stringify(lines)).not.toContain(mobile);
});

it("the metrics count the failures by endpoint; /metrics is not public without a token", async () => {
  expect((await fetch(`${app.url}/metrics`)).status).toBe(404);
  // The in-process app's own metrics: the same text the token or METRICS_PORT would be answered.
  const build = (await import(path.resolve("build/index.js"))) as ServerBuild;
  const { metrics } = build.entry.module as unknown as typeof AppServerEntry;
  const text = await metrics.processMetrics();
  expect(text).toMatch(
    /^kavach_upstream_failures_total\{endpoint="\/global\/users",method="GET",reason="network"\} [1-9]/m,
  );
  expect(text).toMatch(/^kavach_http_request_duration_seconds_count\{route="\/readyz",method="GET",status="503"\} 1$/m);
});
