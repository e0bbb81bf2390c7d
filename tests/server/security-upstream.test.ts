import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { adminVisitor } from "../support/admin-session";
import { type Answer, type Form, Visitor, freshMobile } from "../support/client";
import { type FakeUpstream, type UpstreamMode, startFakeUpstream } from "../support/fake-upstream";
import { type InProcessApp, appInProcess } from "../support/in-process";

/**
 * docs/product.md, Errors and outages: with the upstream down, slow, failing or talking nonsense,
 * every page shows the generic message inside the page, forms keep what was typed, and the server stays up. GETs to the
 * upstream are retried once; anything that writes, never.
 */

const SERVICE_DOWN = "Currently service is down. Please try after sometime.";
const TIMEOUT_MS = 400;
const FAULTS: UpstreamMode[] = ["down", "slow", "500", "malformed"];

let upstream: FakeUpstream;
let server: InProcessApp;
let admin: Visitor;

beforeAll(async () => {
  upstream = await startFakeUpstream({ slowMs: TIMEOUT_MS * 3 });
  server = await appInProcess({ API_BASE_URL: upstream.baseUrl, API_TIMEOUT_MS: String(TIMEOUT_MS) });
  // Signed in and through the first steps while the upstream is up.
  admin = await adminVisitor(server.url, "plan", { apiBaseUrl: upstream.baseUrl });
  expect((await admin.get("/checkout/plan-select")).status).toBe(200);
});
afterAll(async () => {
  await server.close();
  await upstream.close();
});
afterEach(() => {
  upstream.mode = "up";
});

/** The generic message is in the page, the page is not the 500 page, and the server still answers. */
async function expectGenericMessage(answer: Answer, what: string) {
  expect(answer.status, what).not.toBe(500);
  expect(answer.status, what).toBeGreaterThanOrEqual(400);
  expect(answer.text, what).toContain(SERVICE_DOWN);
  expect(answer.headers.get("content-type"), what).toMatch(/^text\/html/);
}

const PAGES = [
  "/reviews",
  "/terms-of-use",
  // The checkout's FAQ reads the API's GET /faq (spec row 7.8).
  "/checkout/faq",
  "/checkout/gst-details",
  "/checkout/company-details",
  "/checkout/plan-select",
  "/checkout/summary",
];

/** Forms a visitor fills before signing in: their pages need nothing from the upstream. */
const PUBLIC_FORMS: Array<{ path: string; form: Form; typed: string[] }> = [
  { path: "/checkout/verify", form: { mobile: "98765 43210" }, typed: ["98765 43210"] },
  { path: "/app", form: { mobile: "9876543210" }, typed: ["9876543210"] },
];

/** Step forms: with reads working the form comes back filled; in a full outage, as a form to send again. */
const STEP_FORMS: Array<{ path: string; form: Form; typed: string[] }> = [
  { path: "/checkout/gst-details", form: { intent: "confirm", gstin: "07AAFCT1128B1ZV" }, typed: ["07AAFCT1128B1ZV"] },
  {
    path: "/checkout/company-details",
    form: { name: "Ravi Kumar", email: "ravi@tanager.example", totalEmployees: "40", authorised: "on" },
    typed: ["Ravi Kumar", "ravi@tanager.example", "40"],
  },
  // The plan page checks the cart's plan again rather than the one submitted: nothing typed to keep.
  { path: "/checkout/plan-select", form: { planId: "kavach-standard" }, typed: [] },
];

async function expectTypedKept(answer: Answer, path: string, typed: string[]) {
  await expectGenericMessage(answer, path);
  for (const value of typed) expect(answer.text, `${path} keeps ${value}`).toContain(`value="${value}"`);
}

for (const mode of FAULTS) {
  describe(`upstream ${mode}`, () => {
    it("every page shows the generic message, never the 500 page", async () => {
      upstream.mode = mode;
      for (const path of PAGES) await expectGenericMessage(await admin.get(path), path);
      upstream.mode = "up";
      expect((await admin.get("/checkout/plan-select")).status).toBe(200);
    });

    it("every form answers with the generic message and keeps what was typed", async () => {
      upstream.mode = mode;
      for (const { path, form, typed } of PUBLIC_FORMS)
        await expectTypedKept(await new Visitor(server.url).post(path, form), path, typed);
      for (const { path, form, typed } of STEP_FORMS) await expectTypedKept(await admin.post(path, form), path, typed);
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    });
  });
}

it("a write that fails after its reads went through answers its form with the message and what was typed", async () => {
  upstream.mode = "500-on-writes";
  for (const { path, form, typed } of STEP_FORMS) await expectTypedKept(await admin.post(path, form), path, typed);
});

it("a withdrawal from the cash deposit, refused by an outage, answers with the generic message inside the page", async () => {
  upstream.mode = "500-on-writes";
  const answer = await admin.post("/membership/deposit", {
    intent: "withdraw",
    amount: "500",
    idempotency_key: "3f1c2a5e-8b7d-4c6e-9a0b-1d2e3f4a5b6c",
  });
  expect(answer.status).toBe(503);
  await expectGenericMessage(answer, "withdrawal");
});

it("a GET to the upstream is retried once; a write never is, even when it is a GET that sends a code", async () => {
  upstream.mode = "500";
  upstream.seen.length = 0;
  await admin.get("/checkout/company-details");
  expect(upstream.seen.filter((r) => r === "GET /api/employer/v1/carts/get")).toHaveLength(2);

  upstream.mode = "500-on-writes";
  upstream.seen.length = 0;
  await expectGenericMessage(
    await admin.post("/checkout/company-details", {
      name: "Ravi Kumar",
      email: "ravi@tanager.example",
      authorised: "on",
    }),
    "write",
  );
  expect(upstream.seen.filter((r) => r === "POST /api/employer/v1/carts/update")).toHaveLength(1);

  for (const mode of ["500", "slow"] as const) {
    upstream.mode = mode;
    upstream.seen.length = 0;
    await new Visitor(server.url).post("/checkout/verify", { mobile: freshMobile() });
    expect(
      upstream.seen.filter((r) => r === "GET /api/global/users"),
      mode,
    ).toHaveLength(1);
  }
});
