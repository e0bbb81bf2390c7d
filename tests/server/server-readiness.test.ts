import { afterAll, beforeAll, expect, it } from "vitest";
import { type FakeUpstream, startFakeUpstream } from "../support/fake-upstream";
import { type InProcessApp, appInProcess } from "../support/in-process";

/**
 * docs/product.md, Security rules: /healthz goes through the render path, so it fails when no page
 * can be rendered; /readyz too, and says so.
 */

let upstream: FakeUpstream;
let app: InProcessApp;
beforeAll(async () => {
  upstream = await startFakeUpstream({ slowMs: 12_000 });
  app = await appInProcess({ API_BASE_URL: upstream.baseUrl, API_TIMEOUT_MS: "13000" });
});
afterAll(async () => {
  await app.close();
  await upstream.close();
});

it("/healthz and /readyz fail while no page can be rendered", async () => {
  expect((await fetch(`${app.url}/healthz`)).status).toBe(200);
  upstream.mode = "slow";
  // More renders waiting on a stalled upstream than there are render slots (64 with a remote upstream).
  const stuck = Array.from({ length: 70 }, () =>
    fetch(`${app.url}/reviews`).then(
      (r) => r.arrayBuffer(),
      () => undefined,
    ),
  );
  // Once they have all arrived (on a busy machine that can take a moment), no page can be rendered.
  let body: unknown;
  await expect
    .poll(
      async () => {
        const health = await fetch(`${app.url}/healthz`);
        body = await health.json();
        return health.status;
      },
      { timeout: 8000 },
    )
    .toBe(503);
  expect(body).toEqual({ status: "unavailable" });
  // Readiness says what is wrong: no render slot, and the upstream not answering (docs/decisions/0036).
  const ready = await fetch(`${app.url}/readyz`);
  expect(ready.status).toBe(503);
  expect(await ready.json()).toEqual({
    status: "unavailable",
    checks: { render: "no page rendered within 2000 ms", upstream: "no answer within 2000 ms" },
  });
  upstream.mode = "up";
  await Promise.all(stuck);
  expect((await fetch(`${app.url}/healthz`)).status).toBe(200);
}, 60_000);
