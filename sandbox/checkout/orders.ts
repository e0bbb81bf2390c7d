import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { type CartDetails, cartIdFor, contentsKey, readCart } from "./cart";
import { type ApiContext, iso } from "../shared/context";
import { HttpError } from "../shared/envelope";
import { gatewayId } from "../store/ids";
import { issueInvoice, purchaseInvoices, queueInvoiceEmail } from "../billing/invoices";
import { type OrderContents, orderContents } from "./order-contents";
import type { Policy } from "../catalog/pricing";
import { writeTransaction } from "../store/db";
import { refuseIfTaken } from "../membership/access-requests";
import { sql, sqlValues } from "../store/statements";
import { istDate } from "../shared/dates";

export type OrderStatus = "created" | "attempted" | "pending" | "paid" | "superseded";
type PaymentOutcome = "success" | "failed" | "pending";

// Status only moves forward along this order. "superseded" sits outside it: a replaced order is closed.
const RANK: Record<Exclude<OrderStatus, "superseded">, number> = { created: 0, attempted: 1, pending: 2, paid: 3 };

export interface OrderRow {
  order_id: string;
  cart_id: number;
  receipt: string;
  contents_hash: string;
  policy: Policy;
  amount_paise: number;
  premium_paise: number;
  tax_paise: number;
  currency: string;
  callback_url: string;
  status: OrderStatus;
  payment_id: string | null;
  pending_at: number | null;
  paid_at: number | null;
  /** JSON of OrderContents; null for orders from before it was kept. */
  contents: string | null;
  /** A renewal's: the order of the period it renews, and the day its cover starts (docs/product.md, Renewal). */
  renewal_of: string | null;
  cover_starts_on: string | null;
}

const ORDER_COLUMNS = `order_id, cart_id, receipt, contents_hash, policy, amount_paise, premium_paise, tax_paise,
  currency, callback_url, status, payment_id, pending_at, paid_at, contents, renewal_of, cover_starts_on`;

/** The first day of a paid order's cover: the day of payment, or a renewal's day after the period it renews. */
export function coverStartOf(order: OrderRow & { paid_at: number }): string {
  return order.cover_starts_on ?? istDate(order.paid_at);
}

/** The sandbox gateway's reason for the simulated failure, as a real gateway reports one. */
export const SANDBOX_FAILURE_REASON = "Your bank declined the payment (simulated).";
const OPEN = "('created', 'attempted', 'pending')";

export function paymentSignature(secret: string, orderId: string, paymentId: string): string {
  return createHmac("sha256", secret).update(`${orderId}|${paymentId}`).digest("hex");
}

function signatureMatches(secret: string, orderId: string, paymentId: string, signature: string): boolean {
  if (!/^[0-9a-f]{64}$/i.test(signature)) return false;
  const expected = Buffer.from(paymentSignature(secret, orderId, paymentId), "hex");
  return timingSafeEqual(expected, Buffer.from(signature, "hex"));
}

/** The sandbox gateway settles a pending payment after pendingSettleMs; the change is made when next read. */
function settled(ctx: ApiContext, order: OrderRow): OrderRow {
  if (order.status !== "pending" || order.pending_at === null) return order;
  const settlesAt = order.pending_at + ctx.pendingSettleMs;
  if (ctx.now() < settlesAt) return order;
  const paid: OrderRow = { ...order, status: "paid", paid_at: settlesAt };
  writeTransaction(ctx.db, () => {
    const changed = sql(
      ctx.db,
      "UPDATE orders SET status = 'paid', paid_at = ?, updated_at = ? WHERE order_id = ? AND status = 'pending'",
    ).run(settlesAt, ctx.now(), order.order_id).changes;
    if (changed === 1) {
      ctx.log({
        event: "order_status",
        order_id: order.order_id,
        from: "pending",
        to: "paid",
        payment_id: order.payment_id,
      });
      issueInvoice(ctx, paid);
    }
  });
  queueInvoiceEmail(ctx, order.order_id);
  return paid;
}

function selectOrder(ctx: ApiContext, where: string, ...params: unknown[]): OrderRow | undefined {
  const row = sql(ctx.db, `SELECT ${ORDER_COLUMNS} FROM orders WHERE ${where} ORDER BY seq DESC LIMIT 1`).get(
    ...params,
  ) as OrderRow | undefined;
  return row === undefined ? undefined : settled(ctx, row);
}

export function findOrder(ctx: ApiContext, orderId: string): OrderRow | undefined {
  return selectOrder(ctx, "order_id = ?", orderId);
}

export function orderJson(ctx: ApiContext, o: OrderRow) {
  return {
    order_id: o.order_id,
    receipt: o.receipt,
    status: o.status,
    policy: o.policy,
    amount_paise: o.amount_paise,
    premium_paise: o.premium_paise,
    tax_paise: o.tax_paise,
    currency: o.currency,
    checkout_url: `${ctx.mountPath}/sandbox/checkout/${o.order_id}`,
    payment_id: o.payment_id,
    paid_at: o.paid_at === null ? null : iso(o.paid_at),
  };
}

/** The cart's latest order: superseded when the cart changed after it and no newer one was made yet. */
export function latestOrder(ctx: ApiContext, cartId: number): OrderRow | undefined {
  return selectOrder(ctx, "cart_id = ?", cartId);
}

// The amount is part of the hash so a catalog price change also counts as different contents.
export function contentsHash(cart: CartDetails): string {
  return createHash("sha256")
    .update(JSON.stringify([contentsKey(cart), cart.quote?.monthly.total_paise, cart.quote?.yearly.total_paise]))
    .digest("hex");
}

function missingParts(cart: CartDetails): string[] {
  const missing: string[] = [];
  if (cart.company === null) missing.push("company");
  if (cart.admin === null) missing.push("admin details");
  if (cart.plan === null) missing.push("plan");
  if (cart.people === null) missing.push("people");
  return missing;
}

/** A group policy covers at least this many people (docs/product.md, Checkout steps: Add people). */
export const MIN_PEOPLE = 2;

/** The mobile number whose cart an order belongs to, or undefined. */
export function orderOwner(ctx: ApiContext, orderId: string): string | undefined {
  return sqlValues(
    ctx.db,
    "SELECT c.mobile_no FROM orders o JOIN carts c ON c.id = o.cart_id WHERE o.order_id = ?",
  ).get(orderId) as string | undefined;
}

/**
 * One open order per cart (a partial unique index backs this up). The same contents and policy give back
 * the open order; anything else closes it as superseded and opens a new one, in one IMMEDIATE transaction
 * so two concurrent submits cannot both create.
 */
export function createOrder(ctx: ApiContext, mobileNo: string, policy: Policy, callbackUrl: string): OrderRow {
  return writeTransaction(ctx.db, (): OrderRow => {
    const cartId = cartIdFor(ctx, mobileNo);
    const cart = readCart(ctx, cartId);
    const missing = missingParts(cart);
    if (cart.quote === null || missing.length > 0) {
      throw new HttpError(409, `The cart is not complete yet: add the ${missing.join(", ")} first.`);
    }
    // The API keeps its own rules, whatever a client checked (docs/api-contract.md).
    if (sqlValues(ctx.db, "SELECT authority_declared_at FROM carts WHERE id = ?").get(cartId) === null) {
      throw new HttpError(409, "Confirm on company details that you are authorised to buy cover for this company.");
    }
    // Two buyers for one company at once: the first to pay holds it (docs/decisions/0052).
    refuseIfTaken(ctx, cart.company!.gstin, mobileNo);
    if (cart.people !== null && cart.people.total < MIN_PEOPLE) {
      throw new HttpError(409, `At least ${MIN_PEOPLE} people must be covered.`);
    }
    const hash = contentsHash(cart);
    const open = selectOrder(ctx, `cart_id = ? AND status IN ${OPEN}`, cartId);
    // A paid cart is frozen (applyCartUpdate refuses changes), so its paid order is the answer.
    const paid = selectOrder(ctx, "cart_id = ? AND status = 'paid'", cartId);
    if (paid !== undefined) return paid;
    if (open !== undefined && open.status !== "paid") {
      if (open.contents_hash === hash && open.policy === policy) return open;
      // Closing an order whose payment is still in flight could take money for something replaced.
      if (open.status === "pending") {
        throw new HttpError(409, "A payment for this cart is still being processed. Try again in a minute.");
      }
      sql(ctx.db, "UPDATE orders SET status = 'superseded', updated_at = ? WHERE order_id = ?").run(
        ctx.now(),
        open.order_id,
      );
    }
    const bill = cart.quote[policy];
    const attempt =
      (sqlValues(ctx.db, "SELECT COUNT(*) FROM orders WHERE cart_id = ? AND contents_hash = ? AND policy = ?").get(
        cartId,
        hash,
        policy,
      ) as number) + 1;
    const orderId = gatewayId("order");
    const now = ctx.now();
    sql(
      ctx.db,
      `INSERT INTO orders (order_id, cart_id, receipt, contents_hash, policy, amount_paise, premium_paise, tax_paise,
             callback_url, status, created_at, updated_at, contents)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'created', ?, ?, ?)`,
    ).run(
      orderId,
      cartId,
      `rcpt_${cartId}_${hash.slice(0, 12)}_${policy}_${attempt}`,
      hash,
      policy,
      bill.total_paise,
      bill.premium_paise,
      bill.tax_paise,
      callbackUrl,
      now,
      now,
      JSON.stringify(orderContents(ctx, cart, policy)),
    );
    ctx.log({ event: "order_created", order_id: orderId, cart_id: cartId, policy, amount_paise: bill.total_paise });
    return findOrder(ctx, orderId)!;
  });
}

/** The three sandbox payment attempts offered on a checkout page render, each for the order's amount. */
/**
 * Views of the sandbox page that each make fresh payment ids; after these the newest set is shown
 * again, so opening the page over and over writes nothing more (docs/product.md, Security rules).
 */
const ATTEMPT_SETS_PER_ORDER = 10;

export function createPaymentAttempts(ctx: ApiContext, order: OrderRow): Record<PaymentOutcome, string> {
  const insert = sql(
    ctx.db,
    `INSERT INTO payment_attempts (payment_id, order_id, outcome, amount_paise, created_at, failure_reason)
       VALUES (?, ?, ?, ?, ?, ?)`,
  );
  return writeTransaction(ctx.db, () => {
    const made = sqlValues(ctx.db, "SELECT COUNT(*) FROM payment_attempts WHERE order_id = ?").get(
      order.order_id,
    ) as number;
    if (made >= ATTEMPT_SETS_PER_ORDER * 3) {
      const newest = (outcome: PaymentOutcome) =>
        sqlValues(
          ctx.db,
          "SELECT payment_id FROM payment_attempts WHERE order_id = ? AND outcome = ? ORDER BY rowid DESC LIMIT 1",
        ).get(order.order_id, outcome) as string;
      return { success: newest("success"), failed: newest("failed"), pending: newest("pending") };
    }
    const ids = { success: gatewayId("pay"), failed: gatewayId("pay"), pending: gatewayId("pay") };
    for (const outcome of ["success", "failed", "pending"] as const)
      insert.run(
        ids[outcome],
        order.order_id,
        outcome,
        order.amount_paise,
        ctx.now(),
        outcome === "failed" ? SANDBOX_FAILURE_REASON : null,
      );
    return ids;
  });
}

export interface VerifyInput {
  orderId: string;
  paymentId?: string;
  signature?: string;
}

/** Moves the order forward only: a lower or equal status, or anything after paid, changes nothing. */
function advance(ctx: ApiContext, order: OrderRow, to: "attempted" | "pending" | "paid", paymentId: string): void {
  if (order.status === "superseded" || RANK[to] <= RANK[order.status]) return;
  const now = ctx.now();
  sql(
    ctx.db,
    `UPDATE orders SET status = ?, payment_id = ?, updated_at = ?,
         pending_at = CASE WHEN ? = 'pending' THEN ? ELSE pending_at END,
         paid_at = CASE WHEN ? = 'paid' THEN ? ELSE paid_at END
       WHERE order_id = ?`,
  ).run(to, paymentId, now, to, now, to, now, order.order_id);
  ctx.log({ event: "order_status", order_id: order.order_id, from: order.status, to, payment_id: paymentId });
  if (to === "paid") issueInvoice(ctx, { ...order, status: "paid", payment_id: paymentId, paid_at: now });
}

/**
 * An open order whose cart no longer prices the same (or bills another way) cannot be paid: it is
 * closed here, so its payment page and callback see it superseded.
 */
function closeIfStale(ctx: ApiContext, order: OrderRow): OrderRow {
  if (order.status !== "created" && order.status !== "attempted") return order;
  // A renewal is priced from the census on its own quote, not from the (frozen) cart.
  if (order.renewal_of !== null) return order;
  const cart = readCart(ctx, order.cart_id);
  const sameContents = cart.quote !== null && contentsHash(cart) === order.contents_hash;
  const samePolicy = cart.billing === null || cart.billing.policy === order.policy;
  if (sameContents && samePolicy) return order;
  sql(ctx.db, "UPDATE orders SET status = 'superseded', updated_at = ? WHERE order_id = ?").run(
    ctx.now(),
    order.order_id,
  );
  ctx.log({ event: "order_superseded", order_id: order.order_id, reason: "cart_changed" });
  return { ...order, status: "superseded" };
}

/** Whether the open order of a cart is stale: read by the sandbox's payment page before it offers to pay. */
export function currentOrder(ctx: ApiContext, orderId: string): OrderRow | undefined {
  const order = findOrder(ctx, orderId);
  return order === undefined ? undefined : writeTransaction(ctx.db, () => closeIfStale(ctx, order));
}

export interface RefundDue {
  payment_id: string;
  amount_paise: number;
  reason: string;
  recorded_at: number;
}

/**
 * Money the gateway took that no order can keep. Never dropped: recorded against the order it was
 * paid for, logged for ops as an error to act on, and shown to the admin. Recording twice is a no-op.
 */
function recordRefundDue(ctx: ApiContext, order: OrderRow, paymentId: string, amountPaise: number, reason: string) {
  const inserted = sql(
    ctx.db,
    `INSERT INTO refunds_due (payment_id, order_id, amount_paise, reason, recorded_at) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT(payment_id) DO NOTHING`,
  ).run(paymentId, order.order_id, amountPaise, reason, ctx.now()).changes;
  if (inserted === 1) {
    ctx.log({
      level: "error",
      event: "payment_needs_refund",
      order_id: order.order_id,
      payment_id: paymentId,
      amount_paise: amountPaise,
      reason,
    });
  }
}

export function refundsDue(ctx: ApiContext, orderId: string): RefundDue[] {
  return sql(
    ctx.db,
    "SELECT payment_id, amount_paise, reason, recorded_at FROM refunds_due WHERE order_id = ? ORDER BY recorded_at, payment_id",
  ).all(orderId) as RefundDue[];
}

export function parseContents(order: OrderRow): OrderContents | null {
  return order.contents === null ? null : (JSON.parse(order.contents) as OrderContents);
}

const OUTCOME_STATUS: Record<PaymentOutcome, "attempted" | "pending" | "paid"> = {
  success: "paid",
  pending: "pending",
  failed: "attempted",
};

export function verifyPayment(ctx: ApiContext, input: VerifyInput): OrderRow {
  const result = writeTransaction(ctx.db, (): OrderRow => {
    const order = findOrder(ctx, input.orderId);
    if (order === undefined) throw new HttpError(404, `We could not find the order ${input.orderId}.`);
    if (input.signature !== undefined) {
      if (input.paymentId === undefined) throw new HttpError(400, "razorpay_payment_id is required with a signature.");
      // Checked against the order id we stored, so a signature for another order cannot be reused here.
      if (!signatureMatches(ctx.gatewayKeySecret, order.order_id, input.paymentId, input.signature)) {
        ctx.log({
          level: "warn",
          event: "payment_signature_mismatch",
          order_id: order.order_id,
          payment_id: input.paymentId,
        });
        throw new HttpError(400, "Payment signature mismatch.");
      }
    }
    if (input.paymentId !== undefined) {
      const attempt = sql(
        ctx.db,
        "SELECT outcome, amount_paise FROM payment_attempts WHERE payment_id = ? AND order_id = ?",
      ).get(input.paymentId, order.order_id) as { outcome: PaymentOutcome; amount_paise: number | null } | undefined;
      if (attempt === undefined) throw new HttpError(400, "This payment does not belong to this order.");
      const { outcome } = attempt;
      // The signature binds the payment to the order id; this binds it to the amount stored with the order.
      if (attempt.amount_paise !== order.amount_paise) {
        ctx.log({
          level: "warn",
          event: "payment_amount_mismatch",
          order_id: order.order_id,
          payment_id: input.paymentId,
          order_amount_paise: order.amount_paise,
          payment_amount_paise: attempt.amount_paise,
        });
        throw new HttpError(400, "The amount paid does not match the order.");
      }
      sql(ctx.db, "UPDATE payment_attempts SET reported_at = COALESCE(reported_at, ?) WHERE payment_id = ?").run(
        ctx.now(),
        input.paymentId,
      );
      const current = closeIfStale(ctx, order);
      // Without a signature only a failure is believed: it cannot make anyone richer.
      const believed = input.signature !== undefined || outcome === "failed";
      const moneyMoves = input.signature !== undefined && outcome !== "failed";
      if (moneyMoves && current.status === "superseded") {
        recordRefundDue(
          ctx,
          current,
          input.paymentId,
          order.amount_paise,
          outcome === "pending"
            ? "A pending payment for an order whose quote had changed: refund it if it settles."
            : "Paid for an order whose quote had changed before the payment.",
        );
      } else if (current.status === "paid" && current.payment_id !== input.paymentId) {
        // A second captured payment must go back; a late pending or failure of another attempt is only noted.
        if (moneyMoves && outcome === "success") {
          recordRefundDue(
            ctx,
            current,
            input.paymentId,
            order.amount_paise,
            "A second payment for an order already paid.",
          );
        } else if (moneyMoves) {
          ctx.log({
            level: "warn",
            event: "late_pending_after_paid",
            order_id: current.order_id,
            payment_id: input.paymentId,
          });
        }
      } else if (believed && current.status !== "superseded") {
        advance(ctx, current, OUTCOME_STATUS[outcome], input.paymentId);
      }
    }
    return findOrder(ctx, order.order_id)!;
  });
  queueInvoiceEmail(ctx, result.order_id);
  return result;
}

/**
 * The verify answer. Public (the gateway's signature is the proof), so it carries no personal data:
 * the invoices' email address is masked. `invoice`: the first of them (the health insurer's).
 */
export function verifyJson(ctx: ApiContext, o: OrderRow, paymentId?: string) {
  const refunds = refundsDue(ctx, o.order_id);
  const invoices = purchaseInvoices(ctx, o.order_id);
  const invoice = invoices[0];
  const failure =
    o.status === "attempted"
      ? (sqlValues(
          ctx.db,
          `SELECT failure_reason FROM payment_attempts
             WHERE order_id = ? AND outcome = 'failed' AND reported_at IS NOT NULL ORDER BY reported_at DESC LIMIT 1`,
        ).get(o.order_id) as string | null | undefined)
      : undefined;
  return {
    order_id: o.order_id,
    status: o.status,
    amount_paise: o.amount_paise,
    policy: o.policy,
    payment_id: o.payment_id,
    paid_at: o.paid_at === null ? null : iso(o.paid_at),
    failure_reason: failure ?? null,
    refunds_due: refunds.map((r) => ({
      payment_id: r.payment_id,
      amount_paise: r.amount_paise,
      recorded_at: iso(r.recorded_at),
    })),
    // Whether the payment named in this call is one that has to be refunded.
    payment_refund_due: paymentId !== undefined && refunds.some((r) => r.payment_id === paymentId),
    invoice:
      invoice === undefined
        ? null
        : {
            id: invoice.id,
            number: invoice.number,
            email_to: maskEmail(invoice.email_to),
            email_status: invoice.email_status,
          },
    // Every supplier's invoice of the purchase (decision 0047): what each is for and who issued it.
    invoices: invoices.map((i) => ({
      id: i.id,
      number: i.number,
      supplier: i.data.supplier.name,
      document_for: i.data.document_for ?? null,
      total_paise: i.data.total_paise,
    })),
  };
}

/** a…@example.com: enough for the admin to recognise, nothing for anyone else. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  return at < 1 ? "…" : `${email[0]}…${email.slice(at)}`;
}
