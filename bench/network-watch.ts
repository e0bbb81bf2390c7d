import type { CDPSession } from "@playwright/test";
import type { Span } from "./request-chain";

/**
 * Requests over the network as the DevTools protocol reports them, timed in this process as the
 * events arrive (in order). A request ends, for the chain, when its answer starts to arrive: what
 * a request sent after that waited for is one round trip more (Remix asks for the next page's data
 * as soon as the post's answer says where to go, before that answer's stream has closed). Answers
 * from the cache are not round trips and are left out; a redirect ends one request and starts the next.
 * A request answered and then cancelled still was a round trip: Remix stops reading a `.data` answer
 * once it has decoded what it needs, which the protocol reports as failed (net::ERR_ABORTED).
 */
export function watchNetwork(cdp: CDPSession) {
  const open = new Map<string, { start: number; answered?: number; cached: boolean; url: string; bytes: number }>();
  let done: Array<Span & { bytes: number; url: string }> = [];
  cdp.on("Network.requestWillBeSent", (event) => {
    const now = performance.now();
    const previous = open.get(event.requestId);
    if (previous && event.redirectResponse && !previous.cached)
      done.push({
        start: previous.start,
        end: now,
        bytes: event.redirectResponse.encodedDataLength ?? 0,
        url: previous.url,
      });
    open.set(event.requestId, { start: now, cached: false, url: event.request.url, bytes: 0 });
  });
  cdp.on("Network.requestServedFromCache", (event) => {
    const request = open.get(event.requestId);
    if (request) request.cached = true;
  });
  cdp.on("Network.responseReceived", (event) => {
    const request = open.get(event.requestId);
    if (!request) return;
    request.answered = performance.now();
    if (event.response.fromDiskCache || event.response.fromPrefetchCache) request.cached = true;
  });
  cdp.on("Network.dataReceived", (event) => {
    const request = open.get(event.requestId);
    if (request) request.bytes += event.encodedDataLength;
  });
  cdp.on("Network.loadingFinished", (event) => {
    const request = open.get(event.requestId);
    open.delete(event.requestId);
    if (request && !request.cached && event.encodedDataLength > 0)
      done.push({
        start: request.start,
        end: request.answered ?? performance.now(),
        bytes: event.encodedDataLength,
        url: request.url,
      });
  });
  cdp.on("Network.loadingFailed", (event) => {
    const request = open.get(event.requestId);
    open.delete(event.requestId);
    if (request?.answered !== undefined && !request.cached)
      done.push({ start: request.start, end: request.answered, bytes: request.bytes, url: request.url });
  });
  return {
    /** Resolves once every request sent before `time` has finished (the protocol reports some after the load event). */
    async settled(time: number) {
      const deadline = performance.now() + 10_000;
      while ([...open.values()].some((r) => r.start <= time && !r.cached) && performance.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 10));
    },
    /** The requests finished since the last call. */
    take() {
      const taken = done;
      done = [];
      return taken;
    },
  };
}
