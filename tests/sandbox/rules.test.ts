import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type TestApi, startApi } from "./helpers";

/**
 * docs/product.md, Security rules: the embedded API keeps its own rules, whatever a client checked. Orders need
 * the minimum people, callbacks go only to the site's origin, an order is looked up only by its
 * owner, and every answer carries nosniff and a restrictive CSP.
 */

const V1 = "/api/employer/v1";
const ORIGIN = "https://kavach.example";
const CALLBACK = `${ORIGIN}/checkout/payment/callback`;
let api: TestApi;
let token: string;

beforeEach(async () => {
  api = await startApi({ allowedCallbackOrigin: ORIGIN });
  token = await api.login("9876543210");
  for (const [type, item] of [
    ["company", { gstin: "29AAKCF2931M1Z6" }],
    ["admin", { name: "Ananya Rao", email: "ananya@fernleaf.example", total_employees: 12, authorised: true }],
    ["plan", { plan_id: "kavach-essential", coverage_ids: [] }],
    ["people", { rows: [{ band: "18-35", range: "1A", count: 5 }] }],
  ] as const) {
    expect((await api.call("POST", `${V1}/carts/update`, { token, body: { type, item } })).status).toBe(200);
  }
});
afterEach(async () => api.close());

const createOrder = (callback_url = CALLBACK, as = token) =>
  api.call("POST", `${V1}/checkout/order/create`, { token: as, body: { policy: "monthly", callback_url } });

describe("orders", () => {
  it("are refused below the minimum people, by the API itself", async () => {
    await api.call("POST", `${V1}/carts/update`, {
      token,
      body: { type: "people", item: { rows: [{ band: "18-35", range: "1A", count: 1 }] } },
    });
    const refused = await createOrder();
    expect(refused.status).toBe(409);
    expect(refused.json.msg).toBe("At least 2 people must be covered.");
    await api.call("POST", `${V1}/carts/update`, {
      token,
      body: { type: "people", item: { rows: [{ band: "18-35", range: "1A", count: 2 }] } },
    });
    expect((await createOrder()).status).toBe(200);
  });

  it.each([
    "https://evil.example/checkout/payment/callback",
    "http://kavach.example/checkout/payment/callback",
    "https://kavach.example.evil.example/x",
    "https://kavach.example:8443/x",
  ])("refuse a callback URL outside the configured origin: %s", async (url) => {
    const refused = await createOrder(url);
    expect(refused.status).toBe(400);
    expect(refused.json.msg).toBe("callback_url must be on the site's own origin.");
  });

  it("accept a callback URL on the configured origin", async () => {
    const created = await createOrder(CALLBACK);
    expect(created.status).toBe(200);
  });
});

describe("an order look-up (the order id alone)", () => {
  const lookUp = (orderId: string, as?: string) =>
    api.call("POST", `${V1}/checkout/order/verify`, { token: as, body: { razorpay_order_id: orderId } });

  it("needs the owner's token: none is 401, another admin's is 404, the owner's answers", async () => {
    const orderId: string = (await createOrder()).json.data.order_id;
    expect((await lookUp(orderId)).status).toBe(401);
    api.advance(31_000);
    const stranger = await api.login("9123456789");
    const foreign = await lookUp(orderId, stranger);
    expect(foreign.status).toBe(404);
    expect(JSON.stringify(foreign.json)).not.toMatch(/amount|status":"/);
    const own = await lookUp(orderId, token);
    expect(own.status).toBe(200);
    expect(own.json.data).toMatchObject({ order_id: orderId, status: "created" });
  });
});

describe("every /api answer", () => {
  it.each([
    ["GET", "/api/global/faq"],
    ["GET", `${V1}/carts/get`],
    ["GET", "/api/nothing-here"],
    ["POST", `${V1}/checkout/order/verify`],
  ])("%s %s carries nosniff and a CSP that allows no script or framing", async (method, path) => {
    const response = await fetch(`${api.base}${path}`, {
      method,
      headers: { "content-type": "application/json" },
      body: method === "POST" ? "{}" : undefined,
    });
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    const csp = response.headers.get("content-security-policy")!;
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/script-src|unsafe-eval/);
  });
});
