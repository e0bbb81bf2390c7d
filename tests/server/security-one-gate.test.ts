import { afterAll, beforeAll, expect, it } from "vitest";
import { ONE_TRIP } from "../../app/one-trip/protocol";
import { quoteQuery } from "../../app/validation/people";
import { parseSubmission } from "../../app/validation/submission.server";
import { adminVisitor } from "../support/admin-session";
import { type InProcessApp, appInProcess } from "../support/in-process";

/**
 * One gate for every URL a loader sees (docs/decisions/0040): a query string past the input
 * bounds is refused however the request arrives — at the door, as the redirect the server follows
 * for a hydrated post, or handed to a loader that parses it — before any parser builds its arrays.
 */
let app: InProcessApp;
beforeAll(async () => {
  app = await appInProcess();
});
afterAll(() => app.close());

const follow = { [ONE_TRIP.header]: "1" };
const HOSTILE = "/checkout/quote?rows[1000000].count=1";

it("a hydrated post whose redirect goes past the bounds is answered alone, at once, and the door refuses the page", async () => {
  const admin = await adminVisitor(app.url, "details");
  const heapBefore = process.memoryUsage().heapUsed;
  for (let i = 0; i < 2; i += 1) {
    const started = performance.now();
    const answer = await admin.post("/checkout/whatsapp.data", { whatsapp: "on", returnTo: HOSTILE }, follow);
    // Not followed: Remix's own 202 with the redirect, which the browser then asks for itself.
    expect(answer.status).toBe(202);
    expect(answer.headers.get("content-type")).not.toBe(ONE_TRIP.type);
    expect(answer.text).toContain("/checkout/quote?rows[1000000].count=1");
    expect(performance.now() - started).toBeLessThan(1_000);
  }
  // A million-row array would be tens of megabytes at least (the issue measured gigabytes).
  expect(process.memoryUsage().heapUsed - heapBefore).toBeLessThan(40 * 1024 * 1024);
  const asked = await admin.get(`${HOSTILE.replace("/checkout/quote", "/checkout/quote.data")}`);
  expect(asked.status).toBe(400);
});

it("a loader parsing its query string refuses fields past the bounds before Conform reads them", () => {
  const query = new FormData();
  query.append("rows[1000000].count", "1");
  let thrown: unknown;
  const started = performance.now();
  try {
    parseSubmission(query, quoteQuery);
  } catch (error) {
    thrown = error;
  }
  expect(performance.now() - started).toBeLessThan(100);
  expect(thrown).toMatchObject({ init: { status: 400 } });

  const many = new FormData();
  for (let i = 0; i < 201; i += 1) many.append(`coverage`, String(i));
  expect(() => parseSubmission(many, quoteQuery)).toThrow();
});
