import { afterAll, beforeAll, expect, it } from "vitest";
import { adminVisitor } from "../support/admin-session";
import { Visitor, freshMobile, latestCode, signIn } from "../support/client";
import { type InProcessApp, appInProcess } from "../support/in-process";
import { DEV_COOKIE, type SessionFields, sessionCodec, signedInFields } from "../support/session-cookie";
import { signInOverApi } from "../support/sign-in";

/**
 * docs/product.md, Sign-in: the session cookie, its secrets, its clocks, and logout (the production
 * cookie: security-production.test.ts).
 */

const CURRENT = "current-secret-0123456789abcdef";
const PREVIOUS = "previous-secret-0123456789abcdef";
const RETIRED = "retired-secret-0123456789abcdef";
const MINUTE = 60_000;

let server: InProcessApp;
beforeAll(async () => {
  server = await appInProcess({ SESSION_SECRET: `${CURRENT}, ${PREVIOUS}` });
});
afterAll(() => server.close());

const signing = sessionCodec([CURRENT]);

/** Signs in over the API, then seals a session of the fields sign-in gives, changed, with the given secret. */
async function signedInWith(change: (fields: SessionFields) => SessionFields, codec = signing): Promise<Visitor> {
  const admin = await signInOverApi(`${server.url}/api`);
  const visitor = new Visitor(server.url);
  visitor.cookies.set(DEV_COOKIE, await codec.write(change(signedInFields(admin.token, admin.mobile))));
  return visitor;
}

async function expectSignedOut(visitor: Visitor, method: "GET" | "POST" = "GET") {
  const answer =
    method === "GET"
      ? await visitor.get("/checkout/gst-details")
      : await visitor.post("/checkout/gst-details", { intent: "gstin", gstin: "29AAKCF2931M1Z6" });
  expect([302, 303]).toContain(answer.status);
  expect(answer.location).toBe("/checkout/verify");
}

async function expectSignedIn(visitor: Visitor) {
  const answer = await visitor.get("/checkout/gst-details");
  expect(answer.status).toBe(200);
}

it("development cookie: HttpOnly, SameSite=Lax, Path=/, sealed with the first secret", async () => {
  const visitor = new Visitor(server.url);
  const answer = await visitor.post("/checkout/verify", { mobile: freshMobile() });
  const cookie = answer.headers.getSetCookie().find((c) => c.startsWith(`${DEV_COOKIE}=`))!;
  expect(cookie).toMatch(/; HttpOnly/);
  expect(cookie).toMatch(/; SameSite=Lax/);
  expect(cookie).toMatch(/; Path=\/(;|$)/);
  expect(cookie).not.toMatch(/Domain=/i);
  expect(await signing.read(visitor.cookie(DEV_COOKIE)!)).toHaveProperty("mobileNo");
  expect(await sessionCodec([PREVIOUS]).read(visitor.cookie(DEV_COOKIE)!)).toEqual({});
});

it("rotation: a cookie sealed with an older secret still opens, a retired secret's is refused", async () => {
  const previous = await signedInWith((fields) => fields, sessionCodec([PREVIOUS]));
  await expectSignedIn(previous);
  const retired = await signedInWith((fields) => fields, sessionCodec([RETIRED]));
  const answer = await retired.get("/checkout/gst-details");
  expect(answer.status).toBe(302);
  expect(answer.location).toBe("/checkout/verify");
});

it("a successful code check starts a fresh session: nothing from before sign-in carries over", async () => {
  const visitor = new Visitor(server.url);
  const mobile = freshMobile();
  const before = Date.now();
  await visitor.post("/checkout/verify", { mobile });
  const pending = await signing.read(visitor.cookie(DEV_COOKIE)!);
  expect(pending).toMatchObject({ mobileNo: mobile });
  // What an earlier visit could have left: an old clock and fields the app never sets at sign-in.
  visitor.cookies.set(
    DEV_COOKIE,
    await signing.write({
      ...pending,
      createdAt: before - 11 * 60 * MINUTE,
      lastSeenAt: before - 20 * MINUTE,
      leftover: "from before",
    }),
  );
  const preSignIn = visitor.cookie(DEV_COOKIE)!;
  const verified = await visitor.post("/checkout/verify-otp", {
    intent: "verify",
    code: await latestCode(`${server.url}/api`, mobile),
  });
  expect(verified.status).toBe(303);
  const fresh = await signing.read(visitor.cookie(DEV_COOKIE)!);
  expect(fresh.token).toEqual(expect.any(String));
  expect(fresh.createdAt).toBeGreaterThanOrEqual(before);
  expect(fresh.lastSeenAt).toBeGreaterThanOrEqual(before);
  expect(fresh).not.toHaveProperty("leftover");
  expect(fresh).not.toHaveProperty("resendAt");
  // The cookie from before sign-in holds no token: whoever kept a copy is not signed in.
  const stale = new Visitor(server.url);
  stale.cookies.set(DEV_COOKIE, preSignIn);
  expect((await stale.get("/checkout/gst-details")).location).toBe("/checkout/verify");
});

it("idle timeout: 29 idle minutes keep the session, 31 end it, on pages and on posts", async () => {
  const now = Date.now();
  await expectSignedIn(await signedInWith((f) => ({ ...f, lastSeenAt: now - 29 * MINUTE })));
  await expectSignedOut(await signedInWith((f) => ({ ...f, lastSeenAt: now - 31 * MINUTE })), "GET");
  await expectSignedOut(await signedInWith((f) => ({ ...f, lastSeenAt: now - 31 * MINUTE })), "POST");
});

it("a page view moves the idle clock forward", async () => {
  const visitor = await signedInWith((f) => ({ ...f, lastSeenAt: Date.now() - 20 * MINUTE }));
  const before = Date.now();
  await expectSignedIn(visitor);
  expect((await signing.read(visitor.cookie(DEV_COOKIE)!)).lastSeenAt).toBeGreaterThanOrEqual(before);
});

it("absolute lifetime: 11 h 59 min is fine, 12 h 1 min ends the session even when active", async () => {
  const now = Date.now();
  await expectSignedIn(await signedInWith((f) => ({ ...f, createdAt: now - (12 * 60 - 1) * MINUTE, lastSeenAt: now })));
  await expectSignedOut(
    await signedInWith((f) => ({ ...f, createdAt: now - (12 * 60 + 1) * MINUTE, lastSeenAt: now })),
    "GET",
  );
  await expectSignedOut(
    await signedInWith((f) => ({ ...f, createdAt: now - (12 * 60 + 1) * MINUTE, lastSeenAt: now })),
    "POST",
  );
});

it("after logout the old cookie is signed out: the API revoked its token", async () => {
  const visitor = await adminVisitor(server.url, "gst", { secret: CURRENT });
  const oldCookie = visitor.cookie(DEV_COOKIE)!;
  const { token } = await signing.read(oldCookie);
  const cart = () =>
    fetch(`${server.url}/api/employer/v1/carts/get`, { headers: { authorization: `Bearer ${token}` } });
  expect((await cart()).status).toBe(200);

  const loggedOut = await visitor.post("/logout", {});
  expect(loggedOut.status).toBe(303);
  expect(loggedOut.location).toBe("/checkout/verify");
  expect(visitor.cookie(DEV_COOKIE)).toBeUndefined();

  expect((await cart()).status).toBe(401);
  const replay = new Visitor(server.url);
  replay.cookies.set(DEV_COOKIE, oldCookie);
  const answer = await replay.get("/checkout/gst-details");
  expect(answer.status).toBe(303);
  expect(answer.location).toBe("/checkout/verify");
});

for (const [why, change] of [
  ["an idle timeout", (f: SessionFields) => ({ ...f, lastSeenAt: Date.now() - 31 * MINUTE })],
  [
    "the absolute lifetime",
    (f: SessionFields) => ({ ...f, createdAt: Date.now() - (12 * 60 + 1) * MINUTE, lastSeenAt: Date.now() }),
  ],
  ["a version change", (f: SessionFields) => ({ ...f, version: "0.0.1-retired" })],
] as const) {
  it(`a session ended by ${why} has its API token revoked, as logout does`, async () => {
    const visitor = await signedInWith(change);
    const { token } = await signing.read(visitor.cookie(DEV_COOKIE)!);
    const cart = () =>
      fetch(`${server.url}/api/employer/v1/carts/get`, { headers: { authorization: `Bearer ${token}` } });
    expect((await cart()).status).toBe(200);
    const ended = await visitor.get("/checkout/gst-details");
    expect([302, 303]).toContain(ended.status);
    expect(ended.location).toMatch(/^\/(checkout\/verify)?$/);
    // Whoever copied the token (or the cookie) before it ended holds nothing now.
    expect((await cart()).status).toBe(401);
  });
}

it("the API token cannot be read from the session cookie: the value is sealed, not only signed", async () => {
  // The cookie the app itself sets at sign-in, not one sealed here: what is read is the app's sealing.
  const visitor = new Visitor(server.url);
  await signIn(visitor);
  const value = decodeURIComponent(visitor.cookie(DEV_COOKIE)!);
  const { token } = await signing.read(visitor.cookie(DEV_COOKIE)!);
  expect(token).toEqual(expect.any(String));
  const readable = [
    value,
    ...value
      .split(/[.:]/)
      .flatMap((part) => [
        Buffer.from(part, "base64").toString("latin1"),
        Buffer.from(part, "base64url").toString("latin1"),
      ]),
  ];
  for (const text of readable) {
    expect(text).not.toContain(String(token));
    expect(text).not.toMatch(/"token"|mobileNo/);
  }
  // Altering one character of the sealed value leaves nothing to read: signed out.
  const tampered = new Visitor(server.url);
  const raw = visitor.cookie(DEV_COOKIE)!;
  tampered.cookies.set(DEV_COOKIE, raw.slice(0, -3) + (raw.slice(-3, -2) === "A" ? "B" : "A") + raw.slice(-2));
  expect((await tampered.get("/checkout/gst-details")).location).toBe("/checkout/verify");
});

it("logout is a POST: GET /logout changes nothing", async () => {
  const visitor = await adminVisitor(server.url, "gst", { secret: CURRENT });
  const answer = await visitor.get("/logout");
  expect(answer.status).toBe(302);
  expect(answer.location).toBe("/");
  await expectSignedIn(visitor);
});
