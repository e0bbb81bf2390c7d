import { afterAll, beforeAll, expect, it } from "vitest";
import { adminVisitor } from "../support/admin-session";
import { Visitor, freshMobile } from "../support/client";
import { type InProcessApp, appInProcess } from "../support/in-process";
import { PRODUCTION_COOKIE } from "../support/session-cookie";

/**
 * docs/product.md, Security rules: CSRF without holes. The payment callback's exemption from the same-site check
 * covers that one action, whatever the query string names; a sister site's post (Sec-Fetch-Site:
 * same-site) is accepted only from an origin in SAME_SITE_ORIGINS (without it, none:
 * security-production.test.ts).
 */

let app: InProcessApp;
beforeAll(async () => {
  app = await appInProcess({ NODE_ENV: "production", SAME_SITE_ORIGINS: "https://www.kavach.example" });
});
afterAll(() => app.close());

const crossSite = { "sec-fetch-site": "cross-site", origin: "https://evil.example" };

it("a cross-site post to the callback path cannot reach another route's action through the query", async () => {
  const admin = await adminVisitor(app.url, "payment", { cookieName: PRODUCTION_COOKIE });
  // As the admin's browser would send it from another site's page: the session cookie rides along
  // only on top-level navigations (SameSite=Lax), which is what a cross-site form post is.
  for (const query of [
    "?_data=routes/checkout.payment",
    "?_data=routes/checkout",
    "?_data=root",
    "?index",
    "?_data=routes/checkout.payment&x=1",
  ]) {
    const answer = await admin.post(`/checkout/payment/callback${query}`, { intent: "pay" }, crossSite);
    expect(answer.status, query).toBe(403);
  }
  // No order was opened on the admin's behalf: the payment page still offers to pay.
  const payment = await admin.get("/checkout/payment");
  expect(payment.status).toBe(200);
});

it("the gateway's own cross-site post to the bare callback path still lands on an outcome page", async () => {
  const gateway = new Visitor(app.url);
  const answer = await gateway.post(
    "/checkout/payment/callback",
    { "error[metadata][order_id]": "order_00000000000000" },
    crossSite,
  );
  expect(answer.status).toBe(303);
  expect(answer.location).toMatch(/^\/teamsure\/payment-fail/);
});

it("Sec-Fetch-Site: same-site is accepted only from a listed origin", async () => {
  const post = (origin: string) =>
    new Visitor(app.url).post("/checkout/verify", { mobile: freshMobile() }, { "sec-fetch-site": "same-site", origin });
  expect((await post("https://blog.kavach.example")).status).toBe(403);
  expect((await post("https://kavach.example.evil.example")).status).toBe(403);
  expect((await post("https://www.kavach.example")).status).toBe(303);
});
