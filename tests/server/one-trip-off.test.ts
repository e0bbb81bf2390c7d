import { afterAll, beforeAll, expect, it } from "vitest";
import { ONE_TRIP } from "../../app/one-trip/protocol";
import { adminVisitor } from "../support/admin-session";
import { decodeData } from "../support/client";
import { type InProcessApp, appInProcess } from "../support/in-process";

/**
 * ONE_TRIP=off (docs/decisions/0045): a hydrated page's post is answered as Remix alone answers it,
 * the redirect without the next page's data, so the browser asks for that page itself: two round
 * trips a step, as before decision 0035. tests/server/followed-redirect.test.ts is the same post
 * with the switch on (the default).
 */
let app: InProcessApp;
beforeAll(async () => {
  app = await appInProcess({ ONE_TRIP: "off" });
});
afterAll(() => app.close());

it("with ONE_TRIP=off a hydrated step's post answers the redirect alone, and the next page is a second request", async () => {
  const admin = await adminVisitor(app.url, "details");
  const details = { name: "Asha Rao", email: "asha.rao@fernleaf.example", totalEmployees: "12", authorised: "on" };
  // The client's half asks to be followed, as a hydrated page always does.
  const post = await admin.post("/checkout/company-details.data", details, { [ONE_TRIP.header]: "1" });
  expect(post.status).toBe(202);
  expect(post.headers.get("content-type")).not.toBe(ONE_TRIP.type);
  expect(JSON.stringify(await decodeData<unknown>(post.text))).toContain("/checkout/plan-select");
  expect(post.text).not.toContain("routes/checkout.plan-select");

  // The second round trip: the page's data, asked for as Remix's client asks.
  const next = await admin.get("/checkout/plan-select.data");
  expect(next.status).toBe(200);
  expect(JSON.stringify(await decodeData<unknown>(next.text))).toContain("asha.rao@fernleaf.example");
});
