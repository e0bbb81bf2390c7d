import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { AnalyticsRecord } from "~/analytics/pipeline.server";
import { AnalyticsPipeline, hubspotSink } from "~/analytics/pipeline.server";

/**
 * Spec row 7.24 (the HubSpot call, decision 0020): the events forwarded to HubSpot carry `channel_partner`
 * among their contact properties when a finance partner brought the admin, with the visitor's hutk and the
 * bearer token (docs/product.md, Analytics events); profiles are not forwarded.
 */

interface Received {
  authorization: string | undefined;
  body: { eventName: string; properties: Record<string, unknown>; identity?: string; hutk: string | null };
}

let server: http.Server;
let url: string;
const received: Received[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let text = "";
    req.on("data", (chunk: Buffer) => (text += chunk.toString()));
    req.on("end", () => {
      received.push({ authorization: req.headers.authorization, body: JSON.parse(text) as Received["body"] });
      res.end("{}");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hubspot`;
});
afterAll(() => {
  server.close();
});

it("sends channel_partner among the event's properties, and leaves it out when no partner brought the admin", async () => {
  const pipeline = new AnalyticsPipeline([hubspotSink(url, "hs-token", 2000)]);
  const event = (name: string, partner?: string): AnalyticsRecord => ({
    kind: "event",
    at: new Date().toISOString(),
    name,
    identity: "9876543210",
    ...(partner ? { channel_partner: partner } : {}),
    data: { plan: "kavach-essential" },
    hutk: "hutk-1",
  });
  pipeline.emit(event("purchase_select_plan_buy", "Godrej"));
  pipeline.emit(event("purchase_checkout_proceed"));
  pipeline.emit({ kind: "profile", at: new Date().toISOString(), identity: "9876543210", data: { Name: "Asha" } });
  await pipeline.idle();

  expect(received.map((r) => r.body)).toEqual([
    {
      eventName: "purchase_select_plan_buy",
      properties: { plan: "kavach-essential", channel_partner: "Godrej" },
      identity: "9876543210",
      hutk: "hutk-1",
    },
    {
      eventName: "purchase_checkout_proceed",
      properties: { plan: "kavach-essential" },
      identity: "9876543210",
      hutk: "hutk-1",
    },
  ]);
  expect(received.every((r) => r.authorization === "Bearer hs-token")).toBe(true);
});
