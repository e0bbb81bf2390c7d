import { afterAll, beforeAll, expect, it } from "vitest";
import { Visitor, freshMobile, latestCode } from "../support/client";
import { type InProcessApp, appInProcess } from "../support/in-process";
import { DEV_COOKIE, PRODUCTION_COOKIE } from "../support/session-cookie";

/**
 * A production server configured with no more than it needs (PUBLIC_ORIGIN, SANDBOX): its cookies
 * (docs/product.md, Sign-in) and no sister site trusted (docs/product.md, Security rules).
 */

let app: InProcessApp;
beforeAll(async () => {
  app = await appInProcess({ NODE_ENV: "production" });
});
afterAll(() => app.close());

it("without SAME_SITE_ORIGINS no sister site is trusted", async () => {
  const answer = await new Visitor(app.url).post(
    "/checkout/verify",
    { mobile: freshMobile() },
    { "sec-fetch-site": "same-site", origin: "https://www.kavach.example" },
  );
  expect(answer.status).toBe(403);
});

it("production cookies (session and toast): __Host- prefixed, Secure, HttpOnly, SameSite=Lax, Path=/, no Domain; HSTS sent", async () => {
  const visitor = new Visitor(app.url);
  const answer = await visitor.post("/checkout/verify", { mobile: freshMobile() });
  expect(answer.status).toBe(303);
  const cookie = answer.headers.getSetCookie().find((c) => c.startsWith(`${PRODUCTION_COOKIE}=`));
  expect(cookie).toBeDefined();
  const attributes = cookie!
    .split(";")
    .slice(1)
    .map((a) => a.trim().toLowerCase());
  expect(attributes).toEqual(expect.arrayContaining(["path=/", "secure", "httponly", "samesite=lax"]));
  expect(attributes.some((a) => a.startsWith("domain="))).toBe(false);
  expect(visitor.cookie(DEV_COOKIE)).toBeUndefined();
  const page = await visitor.get("/");
  expect(page.headers.get("strict-transport-security")).toMatch(/max-age=\d{8,}/);
  // The one-shot message's cookie is pinned to this host as the session's is.
  const signedOut = await visitor.post("/logout", {});
  const toast = signedOut.headers.getSetCookie().find((c) => c.includes("toast="));
  expect(toast).toMatch(/^__Host-kavach_toast=/);
  expect(toast!.toLowerCase()).toContain("secure");
  expect(toast!.toLowerCase()).toContain("path=/");
});

it("the device cookie a right code sets is as pinned: __Host- prefixed, Secure, HttpOnly, SameSite=Lax, Path=/, long-lived", async () => {
  const visitor = new Visitor(app.url);
  const mobile = freshMobile();
  expect((await visitor.post("/checkout/verify", { mobile })).status).toBe(303);
  const signedIn = await visitor.post("/checkout/verify-otp", {
    intent: "verify",
    code: await latestCode(`${app.url}/api`, mobile),
  });
  expect(signedIn.status).toBe(303);
  const cookie = signedIn.headers.getSetCookie().find((c) => c.startsWith("__Host-kavach_device="));
  const attributes = cookie!
    .split(";")
    .slice(1)
    .map((a) => a.trim().toLowerCase());
  expect(attributes).toEqual(
    expect.arrayContaining(["path=/", "secure", "httponly", "samesite=lax", "max-age=15552000"]),
  );
  expect(attributes.some((a) => a.startsWith("domain="))).toBe(false);
});
