import { AsyncLocalStorage } from "node:async_hooks";

/**
 * Reads shared within one request to the server (decisions 0024, 0035): a loader beside another
 * asking for the same cart makes one call, and the cart a step's post wrote is the cart the next
 * page's loader reads when the server follows the post's redirect, without asking again. A scope
 * is one request (with the page it follows); a call that may change the upstream's state forgets
 * everything kept, and a write that answers with the state it left keeps that instead.
 */
const scope = new AsyncLocalStorage<Map<string, Promise<unknown>>>();

/** Runs one request's work, and the followed page's, with its own shared reads. */
export function inRequestScope<T>(work: () => Promise<T>): Promise<T> {
  return scope.run(new Map(), work);
}

/** What `read` answered earlier in this request for `key`, or its answer now, kept for the rest of it. */
export function readOnce<T>(key: string, read: () => Promise<T>): Promise<T> {
  const kept = scope.getStore();
  if (!kept) return read();
  const earlier = kept.get(key) as Promise<T> | undefined;
  if (earlier) return earlier;
  const answer = read();
  kept.set(key, answer);
  // A failure is not kept: the next read asks again.
  answer.catch(() => kept.get(key) === answer && kept.delete(key));
  return answer;
}

/** Before a call that may change the upstream's state: nothing kept is current once it is made. */
export function forgetReads(): void {
  scope.getStore()?.clear();
}

/** A write's answer is the state it left: what `key` reads from now on in this request. */
export function keepRead<T>(key: string, value: T): void {
  scope.getStore()?.set(key, Promise.resolve(value));
}
