import type { RequestHandler } from "express";

/**
 * Lets at most `limit` requests into the Remix handler at once; the rest wait their turn in order.
 *
 * Page renders call the embedded API over loopback in this same process. Under a burst, unbounded
 * renders fill the event loop and the API calls they wait on queue behind them until they time
 * out: a page fails because too many pages are being rendered (issue 6 item 8). Behind the gate,
 * the API calls only ever compete with `limit` renders; a burst costs waiting, not errors.
 */
export function renderGate(limit: number): RequestHandler {
  let active = 0;
  const waiting: Array<() => void> = [];

  function release() {
    active -= 1;
    const next = waiting.shift();
    if (next) next();
  }

  return (_req, res, next) => {
    const enter = () => {
      active += 1;
      // "close" fires once for every response, finished or abandoned by the client.
      res.once("close", release);
      next();
    };
    if (active < limit) return enter();
    waiting.push(enter);
    // A visitor who gives up while waiting must not take a turn later: nothing would end it.
    res.once("close", () => {
      const at = waiting.indexOf(enter);
      if (at >= 0) waiting.splice(at, 1);
    });
  };
}
