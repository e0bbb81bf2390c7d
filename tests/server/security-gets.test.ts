import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { adminVisitor } from "../support/admin-session";
import { Visitor, freshMobile } from "../support/client";
import { type InProcessApp, appInProcess } from "../support/in-process";
import { openHostedCheckout, readHostedCheckout } from "../support/payments";

/**
 * docs/product.md, Security rules: GETs change nothing that matters. A prefill link followed by a signed-in
 * admin asks before it starts over (by POST); analytics GETs and the sandbox payment page are not
 * unbounded writes for anonymous callers.
 */

let server: InProcessApp;
beforeAll(async () => {
  server = await appInProcess();
});
afterAll(() => server.close());

const crossSite = { "sec-fetch-site": "cross-site", referer: "https://evil.example/" };

function prefillLink(mobile: string) {
  return `/?prefill=1&business_contact_number=${mobile}&gstin=07AAFCT1128B1ZV&business_email=mallory%40evil.example&admin_name=Mallory`;
}

it("a cross-site prefill link leaves a signed-in admin signed in, with their checkout, and asks by POST", async () => {
  const admin = await adminVisitor(server.url, "payment");
  const other = freshMobile();
  const followed = await admin.get(prefillLink(other), crossSite);
  expect(followed.status).toBe(302);
  expect(followed.location).toMatch(/^\/prefill\?/);
  const page = await admin.get(followed.location!);
  expect(page.status).toBe(200);
  expect(page.text).toContain("Start over with this link?");
  expect(page.text).toMatch(/<form method="post"/);
  expect(page.text).toContain(other);
  // Still signed in, with the cart as it was: the review step still opens.
  const review = await admin.get("/checkout/checkout");
  expect(review.status).toBe(200);
  expect(review.text).toContain("Review your membership");
  // Another site cannot send the POST for them.
  const forged = await admin.post(
    "/prefill",
    { to: "/", prefill: "1", business_contact_number: other },
    { "sec-fetch-site": "cross-site", origin: "https://evil.example" },
  );
  expect(forged.status).toBe(403);
  expect((await admin.get("/checkout/checkout")).status).toBe(200);
});

it("the admin's own POST starts over with the link's details", async () => {
  const admin = await adminVisitor(server.url);
  const other = freshMobile();
  const followed = await admin.get(prefillLink(other));
  const fields = new URLSearchParams(followed.location!.split("?")[1]);
  const started = await admin.post("/prefill", fields);
  expect(started.status).toBe(302);
  expect(started.location).toBe("/");
  // Signed out, with the link's number in the sign-in form.
  expect((await admin.get("/checkout/gst-details")).location).toBe("/checkout/verify");
  expect((await admin.get("/checkout/verify")).text).toContain(`value="${other}"`);
});

it("a visitor who is not signed in gets the prefill applied at once, as before", async () => {
  const visitor = new Visitor(server.url);
  const other = freshMobile();
  const followed = await visitor.get(prefillLink(other));
  expect(followed.status).toBe(302);
  expect(followed.location).toBe("/");
  expect((await visitor.get("/checkout/verify")).text).toContain(`value="${other}"`);
});

it("anonymous GETs of /checkout/faq write no analytics events; an admin's are counted", async () => {
  const file = path.join(server.dataDir, "events.ndjson");
  const faqEvents = () =>
    fs.existsSync(file)
      ? fs
          .readFileSync(file, "utf8")
          .split("\n")
          .filter((line) => line.includes('"purchase_faq"'))
          .map((line) => JSON.parse(line) as { identity?: string })
      : [];
  const before = faqEvents().length;
  for (let i = 0; i < 30; i += 1)
    expect((await fetch(`${server.url}/checkout/faq`, { redirect: "manual" })).status).toBe(200);
  const mobile = freshMobile();
  const admin = await adminVisitor(server.url, "gst", { mobile });
  await admin.get("/checkout/faq");
  // Events are appended in order (app/analytics/pipeline.server.ts): once the admin's is in the
  // file, any the anonymous GETs had made would be in it before.
  await expect.poll(() => faqEvents().some((event) => event.identity === mobile)).toBe(true);
  expect(faqEvents()).toHaveLength(before + 1);
});

it("opening the sandbox payment page again and again stops making payment ids", async () => {
  const admin = await adminVisitor(server.url, "payment");
  const { orderId } = await openHostedCheckout(admin);
  const seen = new Set<string>();
  for (let i = 0; i < 40; i += 1)
    seen.add(String((await readHostedCheckout(server.url, orderId)).success.razorpay_payment_id));
  // The first view (above) and then at most nine more make new ids; the rest show the newest again.
  expect(seen.size).toBeLessThanOrEqual(10);
});
