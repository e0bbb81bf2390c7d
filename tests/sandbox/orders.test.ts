import Database from "better-sqlite3";
import { createHmac } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { SECRET, type TestApi, checkoutForms, startApi } from "./helpers";

const V1 = "/api/employer/v1";
const CALLBACK = "https://app.example/checkout/payment/callback";
let api: TestApi;
let token: string;
let dir: string;
let raw: Database.Database;

const sign = (orderId: string, paymentId: string) =>
  createHmac("sha256", SECRET).update(`${orderId}|${paymentId}`).digest("hex");

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), "kavach-api-"));
  const databasePath = join(dir, "api.sqlite");
  api = await startApi({ databasePath, pendingSettleMs: 20_000 });
  raw = new Database(databasePath);
  token = await api.login("9876543210");
  await update("company", { gstin: "29AAKCF2931M1Z6" });
  await update("admin", {
    name: "Ananya Rao",
    email: "ananya@fernleaf.example",
    total_employees: 12,
    authorised: true,
  });
  await update("plan", { plan_id: "kavach-essential", coverage_ids: ["doctor-consultation"] });
  await update("people", {
    rows: [
      { band: "18-35", range: "1A", count: 5 },
      { band: "46-55", range: "2A", count: 2 },
    ],
  });
});
afterEach(async () => {
  raw.close();
  await api.close();
  rmSync(dir, { recursive: true, force: true });
});

function update(type: string, item: unknown) {
  return api.call("POST", `${V1}/carts/update`, { token, body: { type, item } });
}

async function createOrder(policy: string, callback_url = CALLBACK) {
  return api.call("POST", `${V1}/checkout/order/create`, { token, body: { policy, callback_url } });
}

async function orderId(policy = "monthly"): Promise<string> {
  const r = await createOrder(policy);
  expect(r.status).toBe(200);
  return r.json.data.order_id;
}

/** The gateway's callback; sent with the owner's token, which a look-up (the order id alone) needs. */
function verify(body: Record<string, string>) {
  return api.call("POST", `${V1}/checkout/order/verify`, { token, body });
}

/** Renders the sandbox checkout page and returns its three forms. */
async function checkout(id: string) {
  const page = await api.html(`/api/sandbox/checkout/${id}`);
  expect(page.status).toBe(200);
  const forms = checkoutForms(page.text);
  const pay = [...forms.entries()].find(([label]) => label.endsWith("— Success"))![1];
  return { page, pay, fail: forms.get("Simulate Failure")!, pending: forms.get("Simulate Pending")! };
}

function dbStatus(id: string): string {
  return raw.prepare("SELECT status FROM orders WHERE order_id = ?").pluck().get(id) as string;
}

describe("POST /checkout/order/create", () => {
  it("creates an order for the cart's amount", async () => {
    const r = await createOrder("monthly");
    expect(r.status).toBe(200);
    const o = r.json.data;
    expect(o).toEqual({
      order_id: expect.stringMatching(/^order_[0-9A-Za-z]{14}$/),
      receipt: expect.stringMatching(/^rcpt_\d+_[0-9a-f]{12}_monthly_1$/),
      status: "created",
      policy: "monthly",
      amount_paise: 264910,
      premium_paise: 224500,
      tax_paise: 40410,
      currency: "INR",
      checkout_url: `/api/sandbox/checkout/${o.order_id}`,
      payment_id: null,
      paid_at: null,
    });
    const cart = await api.call("GET", `${V1}/carts/get`, { token });
    expect(cart.json.data.order).toEqual(o);
  });

  it("is idempotent for the same contents and policy, and supersedes otherwise", async () => {
    const first = await createOrder("monthly");
    const again = await createOrder("monthly");
    expect(again.json.data).toEqual(first.json.data);

    const yearly = await createOrder("yearly");
    expect(yearly.json.data.order_id).not.toBe(first.json.data.order_id);
    expect(yearly.json.data.amount_paise).toBe(2861028);
    expect(dbStatus(first.json.data.order_id)).toBe("superseded");
    expect(dbStatus(yearly.json.data.order_id)).toBe("created");

    // Back to monthly: a fresh order with its own receipt; the superseded one stays closed.
    const back = await createOrder("monthly");
    expect(back.json.data.order_id).not.toBe(first.json.data.order_id);
    expect(back.json.data.receipt).toMatch(/_monthly_2$/);
    expect(back.json.data.receipt.replace(/_2$/, "_1")).toBe(first.json.data.receipt);
    expect(dbStatus(first.json.data.order_id)).toBe("superseded");
    expect(dbStatus(yearly.json.data.order_id)).toBe("superseded");
    const open = raw
      .prepare("SELECT COUNT(*) FROM orders WHERE status IN ('created', 'attempted', 'pending')")
      .pluck()
      .get();
    expect(open).toBe(1);
  });

  it("opens a new order when the cart contents change", async () => {
    const first = await orderId();
    await update("people", { rows: [{ band: "18-35", range: "1A", count: 6 }] });
    const cart = await api.call("GET", `${V1}/carts/get`, { token });
    // The old order is closed at once: it can no longer be paid.
    expect(cart.json.data.order).toMatchObject({ order_id: first, status: "superseded" });
    const second = await createOrder("monthly");
    expect(second.json.data.order_id).not.toBe(first);
    expect(second.json.data.amount_paise).toBe(cart.json.data.quote.monthly.total_paise);
    expect(dbStatus(first)).toBe("superseded");
  });

  it("keeps one open order per cart in the database itself", async () => {
    const id = await orderId();
    const row = raw.prepare("SELECT * FROM orders WHERE order_id = ?").get(id) as Record<string, unknown>;
    const insert = () =>
      raw
        .prepare(
          `INSERT INTO orders (order_id, cart_id, receipt, contents_hash, policy, amount_paise, premium_paise, tax_paise,
             callback_url, status, created_at, updated_at)
           VALUES ('order_rawrawrawrawraw', ?, 'rcpt_raw', 'x', 'yearly', 100, 100, 0, ?, ?, 0, 0)`,
        )
        .run(row.cart_id, CALLBACK, "attempted");
    expect(insert).toThrow(/UNIQUE constraint failed: orders\.cart_id/);
    // Reopening a closed order is refused too.
    await createOrder("yearly");
    expect(() => raw.prepare("UPDATE orders SET status = 'created' WHERE order_id = ?").run(id)).toThrow(
      /UNIQUE constraint failed/,
    );
  });

  it("answers 409 for an incomplete cart", async () => {
    api.advance(30_000);
    const other = await api.login("9123456780");
    const r = await api.call("POST", `${V1}/checkout/order/create`, {
      token: other,
      body: { policy: "monthly", callback_url: CALLBACK },
    });
    expect(r).toEqual({
      status: 409,
      json: { success: 0, msg: "The cart is not complete yet: add the company, admin details, plan, people first." },
    });
  });

  it("validates policy and callback_url", async () => {
    expect((await createOrder("weekly")).json.msg).toBe("policy must be monthly or yearly.");
    expect((await createOrder("monthly", "not a url")).json.msg).toBe("callback_url must be an absolute URL.");
    expect((await createOrder("monthly", "javascript:alert(1)")).json.msg).toBe(
      "callback_url must be an http or https URL.",
    );
  });
});

describe("sandbox checkout page", () => {
  it("offers success, failure and pending forms posting to the callback", async () => {
    const id = await orderId();
    const { page, pay, fail, pending } = await checkout(id);
    expect(page.headers.get("content-type")).toMatch(/^text\/html/);
    expect(page.headers.get("content-security-policy")).toContain("form-action https://app.example");
    expect(page.text).toContain("Kavach (sandbox)");
    expect(page.text).toContain("Pay ₹2,649.10 — Success");
    expect(page.text).not.toMatch(/<script/i);
    for (const form of [pay, fail, pending]) expect(form.action).toBe(CALLBACK);
    expect(pay.fields.razorpay_order_id).toBe(id);
    expect(pay.fields.razorpay_payment_id).toMatch(/^pay_[0-9A-Za-z]{14}$/);
    expect(pay.fields.razorpay_signature).toBe(sign(id, pay.fields.razorpay_payment_id!));
    expect(pending.fields.razorpay_signature).toBe(sign(id, pending.fields.razorpay_payment_id!));
    expect(Object.keys(fail.fields).sort()).toEqual(
      [
        "error[code]",
        "error[description]",
        "error[metadata][order_id]",
        "error[metadata][payment_id]",
        "error[reason]",
        "error[source]",
        "error[step]",
      ].sort(),
    );
    expect(fail.fields["error[metadata][order_id]"]).toBe(id);
    const ids = new Set(
      [pay, pending].map((f) => f.fields.razorpay_payment_id).concat(fail.fields["error[metadata][payment_id]"]),
    );
    expect(ids.size).toBe(3);
    const attempts = raw
      .prepare("SELECT outcome FROM payment_attempts WHERE order_id = ? ORDER BY outcome")
      .pluck()
      .all(id);
    expect(attempts).toEqual(["failed", "pending", "success"]);
  });

  it("answers 404 for an unknown order", async () => {
    const page = await api.html("/api/sandbox/checkout/order_00000000000000");
    expect(page.status).toBe(404);
    expect(page.text).toContain("Order not found");
  });
});

describe("POST /checkout/order/verify", () => {
  it("marks the order paid on a valid signature, and a replay changes nothing", async () => {
    const id = await orderId();
    const { pay } = await checkout(id);
    api.advance(5000);
    const r = await verify(pay.fields);
    expect(r).toEqual({
      status: 200,
      json: {
        success: 1,
        data: {
          order_id: id,
          status: "paid",
          amount_paise: 264910,
          policy: "monthly",
          payment_id: pay.fields.razorpay_payment_id,
          paid_at: new Date(api.now()).toISOString(),
          failure_reason: null,
          refunds_due: [],
          payment_refund_due: false,
          invoice: {
            id: "SG-25-26-000001",
            number: "SG/25-26/000001",
            email_to: "a…@fernleaf.example",
            email_status: "sent",
          },
          // The insurer's premium and Kavach's doctor consultation, each on its supplier's invoice (decision 0047).
          invoices: [
            {
              id: "SG-25-26-000001",
              number: "SG/25-26/000001",
              supplier: "Suraksha General Insurance Company Limited",
              document_for: "Group health insurance premium, supplied and invoiced by the insurer",
              total_paise: expect.any(Number),
            },
            {
              id: "KV-25-26-000001",
              number: "KV/25-26/000001",
              supplier: "Kavach Health Benefits Private Limited",
              document_for: "Kavach's own health services (consultations, check-ups, wellness), invoiced by Kavach",
              total_paise: expect.any(Number),
            },
          ],
        },
      },
    });
    expect(r.json.data.invoices[0].total_paise + r.json.data.invoices[1].total_paise).toBe(264910);
    api.advance(60_000);
    const replay = await verify(pay.fields);
    expect(replay.json).toEqual(r.json);
    const cart = await api.call("GET", `${V1}/carts/get`, { token });
    expect(cart.json.data.order).toMatchObject({ order_id: id, status: "paid", paid_at: r.json.data.paid_at });

    // Paid is final: the page shows it, and create gives the paid order back, whatever the policy.
    const page = await api.html(`/api/sandbox/checkout/${id}`);
    expect(page.text).toContain("already paid");
    expect(page.text).not.toContain("<form");
    expect((await createOrder("monthly")).json.data.order_id).toBe(id);
    expect((await createOrder("yearly")).json.data.order_id).toBe(id);
  });

  it("refuses a tampered signature", async () => {
    const id = await orderId();
    const { pay } = await checkout(id);
    const sig = pay.fields.razorpay_signature!;
    const tampered = { ...pay.fields, razorpay_signature: (sig[0] === "a" ? "b" : "a") + sig.slice(1) };
    const r = await verify(tampered);
    expect(r).toEqual({ status: 400, json: { success: 0, msg: "Payment signature mismatch." } });
    expect((await verify({ ...pay.fields, razorpay_signature: "nothex" })).status).toBe(400);
    expect(dbStatus(id)).toBe("created");
    expect(api.logs.some((e) => e.event === "payment_signature_mismatch")).toBe(true);
  });

  it("checks the signature against the stored order, not the one named by the payment", async () => {
    const first = await orderId("monthly");
    const { pay } = await checkout(first);
    const second = await orderId("yearly");
    // The first order's signed payment, replayed against the second order.
    const r = await verify({ ...pay.fields, razorpay_order_id: second });
    expect(r.json.msg).toBe("Payment signature mismatch.");
    expect(dbStatus(second)).toBe("created");
  });

  it("refuses a payment that belongs to another order", async () => {
    const first = await orderId("monthly");
    const { pay } = await checkout(first);
    const second = await orderId("yearly");
    const paymentId = pay.fields.razorpay_payment_id!;
    const r = await verify({
      razorpay_order_id: second,
      razorpay_payment_id: paymentId,
      razorpay_signature: sign(second, paymentId),
    });
    expect(r).toEqual({ status: 400, json: { success: 0, msg: "This payment does not belong to this order." } });
  });

  it("records a failure as attempted, and paying again still works", async () => {
    const id = await orderId();
    const { fail } = await checkout(id);
    const failed = await verify({
      razorpay_order_id: fail.fields["error[metadata][order_id]"]!,
      razorpay_payment_id: fail.fields["error[metadata][payment_id]"]!,
    });
    expect(failed.json.data).toMatchObject({ status: "attempted", paid_at: null });
    expect((await createOrder("monthly")).json.data).toMatchObject({ order_id: id, status: "attempted" });
    const { pay } = await checkout(id);
    const paid = await verify(pay.fields);
    expect(paid.json.data.status).toBe("paid");
    // A late failure report does not undo the payment.
    const late = await verify({
      razorpay_order_id: id,
      razorpay_payment_id: fail.fields["error[metadata][payment_id]"]!,
    });
    expect(late.json.data.status).toBe("paid");
  });

  it("settles a pending payment after the delay", async () => {
    const id = await orderId();
    const { pending } = await checkout(id);
    const started = api.now();
    const r = await verify(pending.fields);
    expect(r.json.data).toMatchObject({
      status: "pending",
      payment_id: pending.fields.razorpay_payment_id,
      paid_at: null,
    });
    const page = await api.html(`/api/sandbox/checkout/${id}`);
    expect(page.text).toContain("being processed");
    expect(page.text).not.toContain("<form");
    api.advance(19_999);
    expect((await verify({ razorpay_order_id: id })).json.data.status).toBe("pending");
    // Another policy cannot replace an order whose payment is in flight.
    expect((await createOrder("yearly")).status).toBe(409);
    api.advance(1);
    const settled = await verify({ razorpay_order_id: id });
    expect(settled.json.data).toMatchObject({ status: "paid", paid_at: new Date(started + 20_000).toISOString() });
    expect(dbStatus(id)).toBe("paid");
  });

  it("settles a pending payment when the cart is read", async () => {
    const id = await orderId();
    const { pending } = await checkout(id);
    await verify(pending.fields);
    api.advance(20_000);
    const cart = await api.call("GET", `${V1}/carts/get`, { token });
    expect(cart.json.data.order).toMatchObject({ order_id: id, status: "paid" });
  });

  it("moves a pending order to paid when the success arrives first", async () => {
    const id = await orderId();
    const { pay, pending } = await checkout(id);
    await verify(pending.fields);
    expect((await verify(pay.fields)).json.data.status).toBe("paid");
    // And a pending report after paid changes nothing.
    expect((await verify(pending.fields)).json.data.status).toBe("paid");
  });

  it("does not believe an unsigned success", async () => {
    const id = await orderId();
    const { pay } = await checkout(id);
    const r = await verify({ razorpay_order_id: id, razorpay_payment_id: pay.fields.razorpay_payment_id! });
    expect(r.json.data.status).toBe("created");
  });

  it("reports status without a payment id", async () => {
    const id = await orderId();
    const r = await verify({ razorpay_order_id: id });
    expect(r.json.data).toEqual({
      order_id: id,
      status: "created",
      amount_paise: 264910,
      policy: "monthly",
      payment_id: null,
      paid_at: null,
      failure_reason: null,
      refunds_due: [],
      payment_refund_due: false,
      invoice: null,
      invoices: [],
    });
  });

  it("refuses unknown orders, and records a signed payment for a superseded one as needing a refund", async () => {
    const unknown = await verify({ razorpay_order_id: "order_00000000000000" });
    expect(unknown.status).toBe(404);
    const first = await orderId("monthly");
    const { pay } = await checkout(first);
    await orderId("yearly");
    const r = await verify(pay.fields);
    expect(r.status).toBe(200);
    expect(r.json.data).toMatchObject({
      status: "superseded",
      payment_refund_due: true,
      refunds_due: [{ payment_id: pay.fields.razorpay_payment_id, amount_paise: 264910 }],
    });
    const page = await api.html(`/api/sandbox/checkout/${first}`);
    expect(page.text).toContain("The quote has changed");
    expect(page.text).not.toContain("<form");
  });

  it("needs a payment id with a signature, and an order id", async () => {
    const id = await orderId();
    expect((await verify({ razorpay_order_id: id, razorpay_signature: "ab" })).json.msg).toBe(
      "razorpay_payment_id is required with a signature.",
    );
    expect((await verify({})).json.msg).toBe("razorpay_order_id is required.");
  });

  it("accepts a form-encoded callback body", async () => {
    const id = await orderId();
    const { pay } = await checkout(id);
    const res = await fetch(`${api.base}${V1}/checkout/order/verify`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(pay.fields).toString(),
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { data: { status: string } }).data.status).toBe("paid");
  });
});
