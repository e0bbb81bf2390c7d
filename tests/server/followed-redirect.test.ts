import { afterAll, beforeAll, expect, it } from "vitest";
import { type FollowedAnswer, ONE_TRIP } from "../../app/one-trip/protocol";
import { cookiesAfter } from "../../app/one-trip/follow.server";
import { adminVisitor } from "../support/admin-session";
import { decodeData, freshMobile, latestCode, Visitor } from "../support/client";
import { type InProcessApp, appInProcess } from "../support/in-process";

/**
 * A hydrated step in one round trip (docs/decisions/0035): a hydrated page's post that redirects
 * comes back with the next page's data, loaded with the cookies the post set; anything else is
 * answered as single fetch answers it.
 */
let app: InProcessApp;
beforeAll(async () => {
  app = await appInProcess();
});
afterAll(() => app.close());

const follow = { [ONE_TRIP.header]: "1" };
const details = { name: "Asha Rao", email: "asha.rao@fernleaf.example", totalEmployees: "12", authorised: "on" };

async function followed(answer: { status: number; headers: Headers; text: string }) {
  expect(answer.status).toBe(200);
  expect(answer.headers.get("content-type")).toBe(ONE_TRIP.type);
  const body = JSON.parse(answer.text) as FollowedAnswer;
  return {
    redirect: await decodeData<unknown>(body.answer),
    url: body.next.url,
    next: await decodeData<unknown>(body.next.body),
  };
}

it("a step's post comes back with the next page's data, loaded after the post's own write", async () => {
  const admin = await adminVisitor(app.url, "details");
  const { redirect, url, next } = await followed(await admin.post("/checkout/company-details.data", details, follow));
  expect(JSON.stringify(redirect)).toContain("/checkout/plan-select");
  expect(url).toBe("/checkout/plan-select.data");
  // The plan page's own data: the cart as just saved, and the plans to choose from.
  expect(JSON.stringify(next)).toContain("asha.rao@fernleaf.example");
  expect(JSON.stringify(next)).toContain("routes/checkout.plan-select");
});

it("signing in: the next page is loaded with the session the same answer sets", async () => {
  const visitor = new Visitor(app.url);
  const mobile = freshMobile();
  const asked = await followed(await visitor.post("/checkout/verify.data", { mobile }, follow));
  expect(asked.url).toBe("/checkout/verify-otp.data");
  // The code page knows the number only from the cookie the post set.
  expect(JSON.stringify(asked.next)).toContain(mobile.slice(-4));
});

it("without the header, a failed check or a document post, the answer is as it was", async () => {
  const admin = await adminVisitor(app.url, "details");
  const plain = await admin.post("/checkout/company-details.data", details);
  expect(plain.status).toBe(202);
  expect(plain.headers.get("content-type")).not.toBe(ONE_TRIP.type);

  const refused = await admin.post("/checkout/company-details.data", { ...details, email: "not an email" }, follow);
  expect(refused.status).toBe(400);
  expect(refused.headers.get("content-type")).not.toBe(ONE_TRIP.type);

  // A document post (no .data) keeps its 303, header or not.
  const document = await admin.post("/checkout/company-details", details, follow);
  expect(document.status).toBe(303);
});

it("cookies after an answer: a set cookie replaces its value, an expired one is gone, others stay", () => {
  expect(
    cookiesAfter("a=1; b=2; c=x%3Dy", [
      "a=3; Path=/; HttpOnly",
      "b=; Path=/; Max-Age=0",
      "d=4; Expires=Wed, 21 Oct 2099 07:28:00 GMT",
      "c=; Expires=Thu, 01 Jan 1970 00:00:00 GMT",
    ]),
  ).toBe("a=3; d=4");
  expect(cookiesAfter(null, ["s=abc%3D.sig; Path=/"])).toBe("s=abc%3D.sig");
});

it("every cookie set on a followed sign-in is Path=/ and host-only, as the followed request's cookie jar assumes", async () => {
  const visitor = new Visitor(app.url);
  const mobile = freshMobile();
  const asked = await visitor.post("/checkout/verify.data", { mobile }, follow);
  const code = await latestCode(`${app.url}/api`, mobile);
  const verified = await visitor.post("/checkout/verify-otp.data", { intent: "verify", code }, follow);
  expect((await followed(verified)).url).toBe("/checkout/gst-details.data");
  const cookies = [asked, verified].flatMap((answer) => answer.headers.getSetCookie());
  // The session on asking, the device and the refreshed session on verifying.
  expect(cookies.length).toBeGreaterThanOrEqual(3);
  for (const cookie of cookies) {
    expect(cookie).toMatch(/;\s*Path=\/(;|$)/i);
    expect(cookie).not.toMatch(/;\s*Domain=/i);
  }
});
