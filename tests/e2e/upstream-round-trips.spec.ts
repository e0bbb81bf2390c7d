import { expect, test } from "@playwright/test";
import {
  PURCHASE_UPSTREAM_SEQUENTIAL_MAX,
  REQUEST_UPSTREAM_SEQUENTIAL_MAX,
  UPSTREAM_DELAY_MS,
} from "../../bench/budgets";
import type { DelayedUpstream } from "../../bench/delayed-upstream";
import { startDelayedUpstream } from "../../bench/delayed-upstream";
import { walkThroughUpstream } from "../../bench/upstream-walk";
import { freshGstin } from "../support/cart";
import type { RunningServer } from "../support/server";
import { startServer } from "../support/server";

/**
 * One upstream round trip a request where the data allows (decision 0024): the purchase without
 * script (with the GSTIN confirmation page), through an upstream in a server of its own that
 * answers each call after 50 ms, makes no request wait for more than 2 upstream calls in a row,
 * only the code check for 2 (the cart needs its token), and at most 18 in a row in all once the
 * catalogue answers every admin shares are kept (after one walk, as in a server that has run for a
 * minute: a walk that chose the same company and stopped before paying, as a GSTIN holds one
 * membership). A hydrated page's posts, each followed by the next page's data (decision 0035),
 * keep to the same 2 in a row: the cart the post wrote is the cart the next page reads.
 */
let upstream: DelayedUpstream;
let server: RunningServer;

test.beforeAll(async () => {
  upstream = await startDelayedUpstream(UPSTREAM_DELAY_MS);
  server = await startServer({ env: { API_BASE_URL: upstream.baseUrl } });
});

test.afterAll(async () => {
  await server?.stop();
  await upstream?.close();
});

test("no checkout request waits for more than 2 upstream calls in a row, the purchase for at most 18", async () => {
  const gstin = freshGstin();
  const cold = await walkThroughUpstream(server.url, upstream, undefined, "form posts", { gstin, pay: false });
  expect(
    cold.filter((s) => s.sequential > REQUEST_UPSTREAM_SEQUENTIAL_MAX).map((s) => `${s.request}: ${s.sequential}`),
  ).toEqual([]);
  const steps = await walkThroughUpstream(server.url, upstream, undefined, "form posts", { gstin });
  expect(steps).toHaveLength(18);
  // The walk did reach the upstream: the counts below are measured, not an absence.
  expect(steps.reduce((sum, s) => sum + s.calls, 0)).toBeGreaterThanOrEqual(14);
  expect(
    steps.filter((s) => s.sequential > REQUEST_UPSTREAM_SEQUENTIAL_MAX).map((s) => `${s.request}: ${s.sequential}`),
  ).toEqual([]);
  expect(steps.reduce((sum, s) => sum + s.sequential, 0)).toBeLessThanOrEqual(PURCHASE_UPSTREAM_SEQUENTIAL_MAX);
  // No request waits for one call to make one that does not need its answer: the one chain of two
  // is the code check, whose token the cart read needs. Add-people asks the remembered count's
  // price beside the cart, not after it.
  expect(steps.filter((s) => s.sequential > 1).map((s) => `${s.request}: ${s.names.join(" then ")}`)).toEqual([
    "POST /checkout/verify-otp: POST /api/global/users/verify/otp then GET /api/employer/v1/carts/get",
  ]);
});

test("a hydrated page's followed post waits for no more than 2 upstream calls in a row, its own and the next page's", async () => {
  const gstin = freshGstin();
  await walkThroughUpstream(server.url, upstream, undefined, "form posts", { gstin, pay: false });
  const steps = await walkThroughUpstream(server.url, upstream, undefined, "hydrated", { gstin });
  // Every step's post was followed: the sign-in page, 8 followed posts and the payment's redirect.
  expect(steps.map((s) => s.status)).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 202]);
  expect(
    steps.filter((s) => s.sequential > REQUEST_UPSTREAM_SEQUENTIAL_MAX).map((s) => `${s.request}: ${s.sequential}`),
  ).toEqual([]);
  // Fewer in a row than the form posts make: each page's own reads ride with the post that led there.
  expect(steps.reduce((sum, s) => sum + s.sequential, 0)).toBeLessThan(PURCHASE_UPSTREAM_SEQUENTIAL_MAX);
});
