import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, expect, it } from "vitest";
import { adminVisitor } from "../support/admin-session";
import type { Visitor } from "../support/client";
import { type InProcessApp, appInProcess } from "../support/in-process";
import { type HostedCheckout, openHostedCheckout, orderStatus, postCallback } from "../support/payments";

/** docs/product.md, Payment outcomes: one open order per cart, signed and amount-bound callbacks, status only forward. */

let server: InProcessApp;
beforeAll(async () => {
  // Pending payments must stay pending while a test looks at them.
  server = await appInProcess({ SANDBOX_PENDING_SETTLE_MS: "600000" });
});
afterAll(() => server.close());

const readyToPay = (): Promise<Visitor> => adminVisitor(server.url, "payment");

async function checkout(): Promise<HostedCheckout & { visitor: Visitor }> {
  const visitor = await readyToPay();
  return { visitor, ...(await openHostedCheckout(visitor)) };
}

function database() {
  return new Database(path.join(server.dataDir, "kavach.sqlite"));
}

const status = (orderId: string) => orderStatus(server, orderId);

it("two Pay clicks at once make one open order; the database refuses a second", async () => {
  const visitor = await readyToPay();
  const [first, second] = await Promise.all([
    visitor.post("/checkout/payment", { policy: "yearly" }),
    visitor.post("/checkout/payment", { policy: "yearly" }),
  ]);
  expect(first.location).toMatch(/\/api\/sandbox\/checkout\/order_/);
  expect(second.location).toBe(first.location);
  const orderId = first.location!.split("/").pop()!;
  const db = database();
  try {
    const cartId = db.prepare("SELECT cart_id FROM orders WHERE order_id = ?").pluck().get(orderId) as number;
    expect(
      db
        .prepare("SELECT COUNT(*) FROM orders WHERE cart_id = ? AND status IN ('created','attempted','pending')")
        .pluck()
        .get(cartId),
    ).toBe(1);
    const copy = db.prepare(
      `INSERT INTO orders (order_id, cart_id, receipt, contents_hash, policy, amount_paise, premium_paise, tax_paise, callback_url, status, created_at, updated_at)
       SELECT 'order_second0000000', cart_id, receipt || '-2', contents_hash, policy, amount_paise, premium_paise, tax_paise, callback_url, 'created', created_at, updated_at
       FROM orders WHERE order_id = ?`,
    );
    expect(() => copy.run(orderId)).toThrow(/UNIQUE constraint failed/);
  } finally {
    db.close();
  }
});

it("a signed success for one order does not pay another", async () => {
  const mine = await checkout();
  const theirs = await checkout();
  const answer = await postCallback(mine.visitor, { ...theirs.forms.success, razorpay_order_id: mine.orderId });
  expect(answer.location).toBe(`/teamsure/payment-fail?order_id=${mine.orderId}`);
  expect((await status(mine.orderId)).status).toBe("created");
  expect((await status(theirs.orderId)).status).toBe("created");
});

it("a forged or altered signature pays nothing", async () => {
  const { visitor, orderId, forms } = await checkout();
  const signature = String(forms.success.razorpay_signature);
  for (const forged of [
    signature.replace(/.$/, (c) => (c === "0" ? "1" : "0")),
    "0".repeat(64),
    signature.slice(0, 63),
  ]) {
    const answer = await postCallback(visitor, { ...forms.success, razorpay_signature: forged });
    expect(answer.location).toBe(`/teamsure/payment-fail?order_id=${orderId}`);
  }
  const unsigned = await postCallback(visitor, {
    razorpay_order_id: orderId,
    razorpay_payment_id: String(forms.success.razorpay_payment_id),
  });
  expect(unsigned.location).toMatch(/^\/teamsure\/payment-fail/);
  expect((await status(orderId)).status).toBe("created");
});

it("a signed payment for an amount other than the order's is refused", async () => {
  const { visitor, orderId, forms } = await checkout();
  const db = database();
  try {
    // As if the gateway had recorded this payment for one rupee.
    db.prepare("UPDATE payment_attempts SET amount_paise = 100 WHERE payment_id = ?").run(
      String(forms.success.razorpay_payment_id),
    );
  } finally {
    db.close();
  }
  const answer = await postCallback(visitor, forms.success);
  expect(answer.location).toBe(`/teamsure/payment-fail?order_id=${orderId}`);
  expect((await status(orderId)).status).toBe("created");
});

it("a double or replayed success changes nothing once paid", async () => {
  const { visitor, orderId, forms } = await checkout();
  const [first, second] = await Promise.all([
    postCallback(visitor, forms.success),
    postCallback(visitor, forms.success),
  ]);
  expect(first.location).toBe(`/teamsure/verify-payment?order_id=${orderId}`);
  expect(second.location).toBe(first.location);
  const paid = await status(orderId);
  expect(paid).toMatchObject({ status: "paid", payment_id: forms.success.razorpay_payment_id });
  await postCallback(visitor, forms.success);
  expect(await status(orderId)).toEqual(paid);
});

it("a late failure or pending after paid changes nothing, and the buyer sees the success", async () => {
  const { visitor, orderId, forms } = await checkout();
  await postCallback(visitor, forms.success);
  const paid = await status(orderId);
  for (const late of [forms.failure, forms.pending]) {
    const answer = await postCallback(visitor, late);
    expect(await status(orderId)).toEqual(paid);
    expect(answer.location).toBe(`/teamsure/verify-payment?order_id=${orderId}`);
  }
});

it("status only moves forward: pending is not undone by a failure, and success still completes it", async () => {
  const { visitor, orderId, forms } = await checkout();
  await postCallback(visitor, forms.failure);
  expect((await status(orderId)).status).toBe("attempted");
  await postCallback(visitor, forms.pending);
  expect((await status(orderId)).status).toBe("pending");
  await postCallback(visitor, forms.failure);
  expect((await status(orderId)).status).toBe("pending");
  await postCallback(visitor, forms.success);
  expect((await status(orderId)).status).toBe("paid");
});

it("no loader changes state: GETs of the callback and the outcome pages leave the order as it was", async () => {
  const { visitor, orderId, forms } = await checkout();
  const query = new URLSearchParams(forms.success as Record<string, string>).toString();
  const viaGet = await visitor.get(`/checkout/payment/callback?${query}`);
  expect(viaGet.location).toBe("/checkout/payment");
  for (const page of ["/teamsure/verify-payment", "/teamsure/payment-pending", "/teamsure/payment-fail"])
    await visitor.get(`${page}?order_id=${orderId}&${query}`);
  expect((await status(orderId)).status).toBe("created");
});
