import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { Visitor, fillCart, freshMobile, signIn } from "../support/client";
import { openHostedCheckout, readHostedCheckout } from "../support/payments";
import { type RunningServer, startServer } from "../support/server";

/**
 * docs/product.md, Security rules: GETs change nothing that matters. A prefill link followed by a signed-in
 * admin asks before it starts over (by POST); analytics GETs and the sandbox payment page are not
 * unbounded writes for anonymous callers.
 */

let server: RunningServer;
test.beforeAll(async () => {
  server = await startServer();
});
test.afterAll(async () => server.stop());

const crossSite = { "sec-fetch-site": "cross-site", referer: "https://evil.example/" };

function prefillLink(mobile: string) {
  return `/?prefill=1&business_contact_number=${mobile}&gstin=07AAFCT1128B1ZV&business_email=mallory%40evil.example&admin_name=Mallory`;
}

test("a cross-site prefill link leaves a signed-in admin signed in, with their checkout, and asks by POST", async () => {
  const admin = new Visitor(server.url);
  await signIn(admin);
  await fillCart(admin);
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
  expect(review.text).toContain("Fernleaf Analytics");
  // Another site cannot send the POST for them.
  const forged = await admin.post(
    "/prefill",
    { to: "/", prefill: "1", business_contact_number: other },
    { "sec-fetch-site": "cross-site", origin: "https://evil.example" },
  );
  expect(forged.status).toBe(403);
  expect((await admin.get("/checkout/checkout")).status).toBe(200);
});

test("the admin's own POST starts over with the link's details", async () => {
  const admin = new Visitor(server.url);
  await signIn(admin);
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

test("a visitor who is not signed in gets the prefill applied at once, as before", async () => {
  const visitor = new Visitor(server.url);
  const other = freshMobile();
  const followed = await visitor.get(prefillLink(other));
  expect(followed.status).toBe(302);
  expect(followed.location).toBe("/");
  expect((await visitor.get("/checkout/verify")).text).toContain(`value="${other}"`);
});

test("anonymous GETs of /checkout/faq write no analytics events; an admin's are counted", async () => {
  const file = path.join(server.dataDir, "events.ndjson");
  const faqEvents = () =>
    fs.existsSync(file)
      ? fs
          .readFileSync(file, "utf8")
          .split("\n")
          .filter((line) => line.includes('"purchase_faq"')).length
      : 0;
  const before = faqEvents();
  for (let i = 0; i < 30; i += 1)
    expect((await fetch(`${server.url}/checkout/faq`, { redirect: "manual" })).status).toBe(302);
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(faqEvents()).toBe(before);
  const admin = new Visitor(server.url);
  await signIn(admin);
  await admin.get("/checkout/faq");
  await expect.poll(faqEvents).toBe(before + 1);
});

test("opening the sandbox payment page again and again stops making payment ids", async () => {
  const admin = new Visitor(server.url);
  await signIn(admin);
  await fillCart(admin);
  const { orderId } = await openHostedCheckout(admin);
  const seen = new Set<string>();
  for (let i = 0; i < 40; i += 1)
    seen.add(String((await readHostedCheckout(server.url, orderId)).success.razorpay_payment_id));
  // The first view (above) and then at most nine more make new ids; the rest show the newest again.
  expect(seen.size).toBeLessThanOrEqual(10);
});
