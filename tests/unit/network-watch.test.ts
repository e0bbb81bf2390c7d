import { EventEmitter } from "node:events";
import type { CDPSession } from "@playwright/test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { watchNetwork } from "../../bench/network-watch";
import { sequentialCount } from "../../bench/request-chain";

/**
 * The round trips the slow walk and tests/e2e/browser-round-trips.spec.ts count (decision 0030):
 * what the DevTools protocol reports, read into requests and chained.
 */
function protocol() {
  const events = new EventEmitter();
  let now = 0;
  vi.spyOn(performance, "now").mockImplementation(() => now);
  const at = (time: number, event: string, params: object) => {
    now = time;
    events.emit(event, params);
  };
  const sent = (time: number, requestId: string, url: string) =>
    at(time, "Network.requestWillBeSent", { requestId, request: { url } });
  const answered = (time: number, requestId: string) =>
    at(time, "Network.responseReceived", { requestId, response: {} });
  return { network: watchNetwork(events as unknown as CDPSession), at, sent, answered };
}

afterEach(() => vi.restoreAllMocks());

describe("the network watch", () => {
  it("counts a step's post and the next page's data though Remix cancels both answers once decoded", () => {
    const { network, at, sent, answered } = protocol();
    sent(0, "post", "/checkout/company-details.data");
    answered(400, "post");
    at(410, "Network.dataReceived", { requestId: "post", encodedDataLength: 300 });
    sent(405, "data", "/checkout/plan-select.data");
    at(420, "Network.loadingFailed", { requestId: "post", errorText: "net::ERR_ABORTED" });
    answered(800, "data");
    at(810, "Network.loadingFailed", { requestId: "data", errorText: "net::ERR_ABORTED" });
    const requests = network.take();
    expect(requests.map((r) => [r.url, r.start, r.end])).toEqual([
      ["/checkout/company-details.data", 0, 400],
      ["/checkout/plan-select.data", 405, 800],
    ]);
    expect(requests[0].bytes).toBe(300);
    expect(sequentialCount(requests)).toBe(2);
  });

  it("leaves out answers from the cache and requests that failed before any answer", () => {
    const { network, at, sent, answered } = protocol();
    sent(0, "module", "/build/routes/checkout.plan-select.js");
    at(1, "Network.requestServedFromCache", { requestId: "module" });
    answered(2, "module");
    at(3, "Network.loadingFinished", { requestId: "module", encodedDataLength: 0 });
    sent(0, "gone", "/checkout/plan-select.data");
    at(5, "Network.loadingFailed", { requestId: "gone", errorText: "net::ERR_ABORTED" });
    expect(network.take()).toEqual([]);
  });

  it("counts requests sent together as one round trip", () => {
    const { network, at, sent, answered } = protocol();
    sent(0, "post", "/checkout/add-people.data");
    answered(400, "post");
    at(401, "Network.loadingFinished", { requestId: "post", encodedDataLength: 500 });
    for (const id of ["module", "chunk", "data"]) sent(410, id, `/${id}`);
    for (const id of ["module", "chunk", "data"]) {
      answered(810, id);
      at(811, "Network.loadingFinished", { requestId: id, encodedDataLength: 100 });
    }
    expect(sequentialCount(network.take())).toBe(2);
  });
});
