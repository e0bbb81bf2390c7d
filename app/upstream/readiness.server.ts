import { z } from "zod";
import { ApiError, apiRequest } from "./http.server";

/**
 * Whether the upstream answers, for /readyz (docs/decisions/0036): one call to the public
 * catalogue (docs/api-contract.md), the cheapest read every upstream serves without a sign-in, and
 * one every visitor's first page needs. Its answer is kept for a few seconds, however many probes
 * ask (a load balancer's and a supervisor's, from each worker), so readiness costs the upstream at
 * most one call per worker every READY_KEPT_MS.
 */
const READY_KEPT_MS = 5_000;

let last: { at: number; answer: Promise<string> } | undefined;

/** "ok", or what is wrong: "unavailable (503)", or the upstream's own failure message. */
export function upstreamReadiness(now = Date.now()): Promise<string> {
  if (last && now - last.at < READY_KEPT_MS) return last.answer;
  const answer = apiRequest({
    backend: "employer",
    path: "/plan/catalogue",
    // Not retried: a probe says how the upstream answers now, and a second try would only double its wait.
    idempotent: false,
    data: z.unknown(),
  }).then(
    () => "ok",
    (error: unknown) =>
      error instanceof ApiError && !error.isOutage
        ? error.message
        : `unavailable (${(error as { status?: number }).status ?? "error"})`,
  );
  last = { at: now, answer };
  return answer;
}
