import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createAllowances, createSlidingWindowLimiter } from "../../server/ip-rate-limit";

const HOUR = 60 * 60 * 1000;

function clock(start = 1_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe("sliding-window limiter", () => {
  it("allows the limit within the window, refuses the next and says when the oldest drops out", () => {
    const time = clock();
    const limiter = createSlidingWindowLimiter({ limit: 3, windowMs: HOUR, now: time.now });
    for (let i = 0; i < 3; i += 1) {
      expect(limiter.take("a")).toEqual({ allowed: true });
      time.advance(10 * 60 * 1000);
    }
    expect(limiter.take("a")).toEqual({ allowed: false, retryAfterMs: 30 * 60 * 1000 });
  });

  it("slides: an hour after the first event one more is allowed, not a fresh batch", () => {
    const time = clock();
    const limiter = createSlidingWindowLimiter({ limit: 2, windowMs: HOUR, now: time.now });
    limiter.take("a");
    time.advance(HOUR / 2);
    limiter.take("a");
    time.advance(HOUR / 2 + 1);
    expect(limiter.take("a").allowed).toBe(true);
    expect(limiter.take("a").allowed).toBe(false);
  });

  it("does not count refusals: hammering does not push the wait further out", () => {
    const time = clock();
    const limiter = createSlidingWindowLimiter({ limit: 1, windowMs: HOUR, now: time.now });
    limiter.take("a");
    for (let i = 0; i < 50; i += 1) limiter.take("a");
    time.advance(HOUR + 1);
    expect(limiter.take("a").allowed).toBe(true);
  });

  it("keeps each key to itself", () => {
    const limiter = createSlidingWindowLimiter({ limit: 1, windowMs: HOUR, now: clock().now });
    expect(limiter.take("203.0.113.1").allowed).toBe(true);
    expect(limiter.take("203.0.113.1").allowed).toBe(false);
    expect(limiter.take("203.0.113.2").allowed).toBe(true);
  });

  it("forgets addresses whose window has passed once many are held", () => {
    const time = clock();
    const limiter = createSlidingWindowLimiter({ limit: 1, windowMs: HOUR, now: time.now, sweepAbove: 100 });
    for (let i = 0; i < 100; i += 1) limiter.take(`old-${i}`);
    time.advance(HOUR + 1);
    limiter.take("new");
    expect(limiter.size).toBe(1);
  });

  it("never allows more than the limit in any window, whatever the timing (property)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5 }), fc.array(fc.integer({ min: 0, max: HOUR / 4 }), { maxLength: 60 }), (limit, gaps) => {
        const time = clock();
        const limiter = createSlidingWindowLimiter({ limit, windowMs: HOUR, now: time.now });
        const allowedAt: number[] = [];
        for (const gap of gaps) {
          time.advance(gap);
          if (limiter.take("k").allowed) allowedAt.push(time.now());
        }
        for (const t of allowedAt) expect(allowedAt.filter((u) => u > t - HOUR && u <= t).length).toBeLessThanOrEqual(limit);
      }),
    );
  });
});

describe("per-IP code allowances", () => {
  it("caps code requests and verifications separately, and says when to try again", () => {
    const time = clock();
    const spend = createAllowances({ codeRequest: 2, codeVerification: 1, appLink: 1 }, time.now);
    expect(spend("198.51.100.7", "codeRequest")).toEqual({ ok: true });
    expect(spend("198.51.100.7", "codeRequest")).toEqual({ ok: true });
    expect(spend("198.51.100.7", "codeVerification")).toEqual({ ok: true });
    expect(spend("198.51.100.7", "codeRequest")).toEqual({ ok: false, message: "Too many codes were asked for from your network. Try again in 60 minutes." });
    time.advance(HOUR - 30_000);
    expect(spend("198.51.100.7", "codeVerification")).toEqual({ ok: false, message: "Too many codes were tried from your network. Try again in 1 minute." });
  });
});

describe("app-link allowances", () => {
  it("count per key, so a number's cap and an address's cap are separate", () => {
    const time = clock();
    const perNumber = createAllowances({ codeRequest: 1, codeVerification: 1, appLink: 1 }, time.now);
    expect(perNumber("9876543210", "appLink")).toEqual({ ok: true });
    expect(perNumber("9876543210", "appLink")).toEqual({ ok: false, message: "Too many links were asked for. Try again in 60 minutes." });
    expect(perNumber("9123456780", "appLink")).toEqual({ ok: true });
    // Another kind's allowance for the same key is untouched.
    expect(perNumber("9876543210", "codeRequest")).toEqual({ ok: true });
  });
});
