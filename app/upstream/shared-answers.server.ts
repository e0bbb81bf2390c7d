/**
 * Answers of the upstream that are the same for every admin, kept for a short while in this
 * process. Only calls whose answer depends on nothing but what the key holds may use it: the key
 * leaves the bearer token out on purpose.
 *
 * Only successes are kept, and each caller makes its own call on a miss (no shared in-flight
 * call), so one admin's failure, a 401 included, never reaches another.
 */

/** Keys are a few per catalogue query (plans per company and coverage choice); this bounds them. */
const MAX_ENTRIES = 500;
const entries = new Map<string, { expiresAt: number; value: unknown }>();

/** Kept values are handed to every later caller; frozen, a caller that changed one would throw instead. */
function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

/** The value kept under `key` while younger than `ttlMs`; otherwise what `load` resolves to, then kept. */
export async function sharedAnswer<T>(key: string, ttlMs: number, load: () => Promise<T>): Promise<T> {
  const kept = entries.get(key);
  if (kept && kept.expiresAt > Date.now()) return kept.value as T;
  const value = deepFreeze(await load());
  entries.delete(key);
  // Maps iterate in insertion order: the first key is the oldest.
  if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
  entries.set(key, { expiresAt: Date.now() + ttlMs, value });
  return value;
}
