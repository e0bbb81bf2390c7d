/**
 * Per-client-IP caps on one-time codes (decisions 0006, 0011) and on the app-link SMS, which is also
 * capped per number. The API already limits each mobile number; these stop one address from walking
 * through many numbers (SMS cost, code guessing across numbers).
 * In memory on purpose: the app is one process, and a restart only forgives an hour's count.
 */

export interface SlidingWindowOptions {
  limit: number;
  windowMs: number;
  now?: () => number;
  /** Keys held before stale ones are swept; bounds memory when many addresses pass by. */
  sweepAbove?: number;
}

export type Decision = { allowed: true } | { allowed: false; retryAfterMs: number };

/** Counts events per key over the last windowMs; an event past the limit is refused and not counted. */
export function createSlidingWindowLimiter({ limit, windowMs, now = Date.now, sweepAbove = 10_000 }: SlidingWindowOptions) {
  const events = new Map<string, number[]>();

  function recent(key: string, at: number): number[] {
    const kept = (events.get(key) ?? []).filter((t) => t > at - windowMs);
    if (kept.length === 0) events.delete(key);
    else events.set(key, kept);
    return kept;
  }

  function sweep(at: number) {
    for (const key of [...events.keys()]) recent(key, at);
  }

  return {
    take(key: string): Decision {
      const at = now();
      const kept = recent(key, at);
      if (kept.length >= limit) return { allowed: false, retryAfterMs: kept[kept.length - limit]! + windowMs - at };
      if (!events.has(key) && events.size >= sweepAbove) sweep(at);
      events.set(key, [...kept, at]);
      return { allowed: true };
    },
    /** Keys currently tracked (for tests of the sweep). */
    get size() {
      return events.size;
    },
  };
}

/** What a cap counts: codes asked for, codes tried, app-link texts (docs/product.md, Security rules). */
export type Allowance = "codeRequest" | "codeVerification" | "appLink";

export type AllowanceCaps = Record<Allowance, number>;

const HOUR_MS = 60 * 60 * 1000;

const REFUSALS: Record<Allowance, string> = {
  codeRequest: "Too many codes were asked for from your network.",
  codeVerification: "Too many codes were tried from your network.",
  appLink: "Too many links were asked for.",
};

export type AllowanceResult = { ok: true } | { ok: false; message: string };

/**
 * Hourly caps, one limiter per kind, keyed by whatever the caller counts against: a client IP, or a
 * mobile number. A refusal carries the message the form shows.
 */
export function createAllowances(caps: AllowanceCaps, now?: () => number) {
  const limiters = Object.fromEntries(
    Object.entries(caps).map(([kind, limit]) => [kind, createSlidingWindowLimiter({ limit, windowMs: HOUR_MS, now })]),
  ) as Record<Allowance, ReturnType<typeof createSlidingWindowLimiter>>;
  return function spend(key: string, kind: Allowance): AllowanceResult {
    const decision = limiters[kind].take(key);
    if (decision.allowed) return { ok: true };
    const minutes = Math.max(1, Math.ceil(decision.retryAfterMs / 60_000));
    return { ok: false, message: `${REFUSALS[kind]} Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.` };
  };
}
