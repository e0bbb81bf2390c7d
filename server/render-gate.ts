import type { RequestHandler } from "express";

/**
 * Lets at most `limit` requests into the Remix handler at once, in the order they arrived, and
 * starts at most one per turn of the event loop.
 *
 * Page renders call the embedded API over loopback in this same process. Under a burst, unbounded
 * renders fill the event loop and the API calls they wait on queue behind them until they time
 * out: a page fails because too many pages are being rendered (decision 0005). Behind the gate,
 * the API calls only ever compete with `limit` renders; a burst costs waiting, not errors.
 *
 * One start per turn keeps the order fair. A render is nearly all CPU, so started straight from
 * the socket events it would run to its end before the loop looks at the sockets again, and the
 * loop would serve the connections it happens to see first over and over while others wait:
 * seconds, at 32 connections (measured: a p99 of 1.4 s against 0.2 s). Between two starts
 * the loop reads every request that has arrived, and each takes its place in the queue.
 */
export interface RenderGate extends RequestHandler {
  /** Waits for a turn outside Express (the readiness check); call the function it gives to leave. */
  enter(): Promise<() => void>;
  /** Renders running now. */
  readonly active: number;
  /** Requests waiting for a turn now. */
  readonly waiting: number;
}

/** `onAbandoned`: told of each visitor who went away while waiting (the metrics). */
export function renderGate(limit: number, { onAbandoned }: { onAbandoned?: () => void } = {}): RenderGate {
  let active = 0;
  let scheduled = false;
  const waiting: Array<() => void> = [];

  function schedule() {
    if (scheduled || active >= limit || waiting.length === 0) return;
    scheduled = true;
    setImmediate(startNext);
  }

  function startNext() {
    scheduled = false;
    const next = active < limit ? waiting.shift() : undefined;
    next?.();
    schedule();
  }

  function release() {
    active -= 1;
    schedule();
  }

  const gate = ((_req, res, next) => {
    const enter = () => {
      active += 1;
      // "close" fires once for every response, finished or abandoned by the client.
      res.once("close", release);
      next();
    };
    waiting.push(enter);
    // A visitor who gives up while waiting must not take a turn later: nothing would end it.
    res.once("close", () => {
      const at = waiting.indexOf(enter);
      if (at < 0) return;
      waiting.splice(at, 1);
      onAbandoned?.();
    });
    schedule();
  }) as RenderGate;
  Object.defineProperties(gate, {
    active: { get: () => active },
    waiting: { get: () => waiting.length },
  });
  gate.enter = () =>
    new Promise((resolve) => {
      waiting.push(() => {
        active += 1;
        let left = false;
        resolve(() => {
          if (left) return;
          left = true;
          release();
        });
      });
      schedule();
    });
  return gate;
}
