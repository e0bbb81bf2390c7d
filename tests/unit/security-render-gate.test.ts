import http from "node:http";
import { once } from "node:events";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { renderGate } from "../../server/render-gate";

/** Decision 0005: a burst of page renders waits its turn instead of starving the API calls. */

let close: () => void = () => undefined;
afterEach(() => close());

/** A site whose every page takes `workMs` to render (the work a render does, not a wait of the test's). */
async function gatedSite(limit: number, workMs: number) {
  let inFlight = 0;
  let peak = 0;
  const app = express();
  app.use(renderGate(limit));
  app.get("*", (_req, res) => {
    inFlight += 1;
    peak = Math.max(peak, inFlight);
    setTimeout(() => {
      inFlight -= 1;
      res.send("rendered");
    }, workMs);
  });
  const server = app.listen(0, "127.0.0.1");
  await once(server, "listening");
  close = () => server.close();
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, peak: () => peak };
}

describe("renderGate", () => {
  it("lets only `limit` requests in at once, and serves every one of a burst", async () => {
    const site = await gatedSite(3, 20);
    const answers = await Promise.all(Array.from({ length: 20 }, () => fetch(site.url)));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    expect(site.peak()).toBe(3);
  });

  it("gives the turn of a visitor who gave up while waiting to the next one", async () => {
    const site = await gatedSite(1, 100);
    const first = fetch(site.url);
    await once(site.server, "request");
    // A second visitor queues behind the first (its request is in), then closes the connection before its turn.
    const quitter = http.get(site.url);
    quitter.on("error", () => undefined);
    await once(site.server, "request");
    quitter.destroy();
    await first;
    const started = Date.now();
    expect((await fetch(site.url)).status).toBe(200);
    expect(Date.now() - started).toBeLessThan(1000);
    // And only one slot is ever in use: the quitter's turn neither leaked nor ran twice.
    expect((await Promise.all([fetch(site.url), fetch(site.url)])).map((a) => a.status)).toEqual([200, 200]);
    expect(site.peak()).toBe(1);
  });
});
