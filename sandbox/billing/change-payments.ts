// Paying for an addition (docs/product.md, Changes during the year): the joiner is added only when
// the payment succeeds, through the same sandbox gateway as the purchase (its three outcomes, its
// signature, a pending payment settled later). A failed or abandoned payment leaves the change quoted
// and the member not added.
import { readCart } from "../checkout/cart";
import { istDate } from "../shared/dates";
import { creditAvailable } from "./change-documents";
import { type ChangeJson, changeJson, findChange } from "../membership/change-store";
import { type ChangePrice, CREDIT_HOLD_MS } from "../membership/change-rules";
import { amountDue, creditFor, makeChange, recheck, requoted } from "../membership/changes";
import type { ApiContext } from "../shared/context";
import { writeTransaction } from "../store/db";
import { HttpError } from "../shared/envelope";
import { gatewayId } from "../store/ids";
import { type PaidMembership, paidMembership } from "../membership/members";
import { paymentSignature } from "../checkout/orders";
import { sql, sqlValues } from "../store/statements";
import { timingSafeEqual } from "node:crypto";

type Outcome = "success" | "failed" | "pending";

export interface ChangePaymentRow {
  order_id: string;
  change_id: string;
  amount_paise: number;
  callback_url: string;
  status: "created" | "attempted" | "pending" | "paid";
  payment_id: string | null;
  pending_at: number | null;
  paid_at: number | null;
  refund_due: number;
  created_at: number;
  /** The membership's credit this payment counts on, reserved while it is open (decision 0042). */
  credit_paise: number;
}

export function changePaymentJson(ctx: ApiContext, p: ChangePaymentRow) {
  return {
    order_id: p.order_id,
    change_id: p.change_id,
    amount_paise: p.amount_paise,
    status: p.status,
    refund_due: p.refund_due === 1,
    checkout_url: `${ctx.mountPath}/sandbox/checkout/${p.order_id}`,
  };
}

/** Who made a change, as the statement names them: the admin by name. */
function adminName(ctx: ApiContext, m: PaidMembership): string {
  return readCart(ctx, m.cartId).admin?.name ?? m.contents.admin.name ?? "The admin";
}

/**
 * The payment succeeded: the addition is made, checked again as of now. If it can no longer be made (the
 * code taken meanwhile, a price changed, or the payment and the credit it counted on no longer cover its
 * total: decision 0042), the money is kept as a refund due and the change stays quoted. The caller's
 * transaction.
 */
function settle(ctx: ApiContext, p: ChangePaymentRow, paymentId: string, at: number): void {
  sql(ctx.db, "UPDATE change_payments SET status = 'paid', payment_id = ?, paid_at = ? WHERE order_id = ?").run(
    paymentId,
    at,
    p.order_id,
  );
  // Paid: it no longer holds credit; what it uses is recorded with the addition it makes.
  sql(ctx.db, "UPDATE change_payments SET credit_paise = 0 WHERE order_id = ?").run(p.order_id);
  const orderId = sqlValues(ctx.db, "SELECT order_id FROM membership_changes WHERE change_id = ?").get(p.change_id);
  const cartId = sqlValues(ctx.db, "SELECT cart_id FROM orders WHERE order_id = ?").get(orderId) as number;
  const m = paidMembership(ctx, cartId);
  const row = findChange(ctx, m, p.change_id);
  if (row.status === "confirmed") {
    // Already made by another payment: this one goes back.
    markRefundDue(ctx, p.order_id, paymentId, at);
    return;
  }
  try {
    // A savepoint inside the caller's transaction: a refusal undoes the change, not the payment.
    writeTransaction(ctx.db, () => {
      // Priced as of the day the payment was opened: a pending one that settles later was paid then.
      const checked = recheck(ctx, m, row, undefined, { asOf: istDate(p.created_at) });
      if (!checked.ok) throw requoted(checked);
      // The credit this payment still needs, from what no other open payment counts on (its own
      // reservation included, if it still holds): never less than the total changes hands.
      // What the payment had to cover: a yearly addition's total, a monthly one's part-month paid at once.
      const price = JSON.parse(row.price) as ChangePrice;
      const total = price.due_now?.total_paise ?? price.total_paise;
      const credit = total - p.amount_paise;
      if (credit > creditAvailable(ctx, m.order.order_id, p.change_id))
        throw new HttpError(409, "The payment and the credit left no longer cover this addition.");
      makeChange(ctx, m, row, checked.subject, adminName(ctx, m), { paymentId, creditPaise: Math.max(0, credit) });
    });
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    markRefundDue(ctx, p.order_id, paymentId, at);
    ctx.log({ level: "error", event: "change_payment_needs_refund", order_id: p.order_id, payment_id: paymentId });
  }
}

/** A payment that bought nothing goes back: the change's payment says so, and the payment itself is dated. */
function markRefundDue(ctx: ApiContext, orderId: string, paymentId: string, at: number): void {
  sql(ctx.db, "UPDATE change_payments SET refund_due = 1 WHERE order_id = ?").run(orderId);
  sql(
    ctx.db,
    "UPDATE change_payment_attempts SET refund_due_at = ? WHERE payment_id = ? AND refund_due_at IS NULL",
  ).run(at, paymentId);
}

/** The refunds due for additions to a membership, each a payment that bought nothing (docs/product.md). */
export function changeRefundsDue(
  ctx: ApiContext,
  membershipOrderId: string,
): { order_id: string; change_id: string; payment_id: string; amount_paise: number; recorded_at: number }[] {
  return sql(
    ctx.db,
    `SELECT p.order_id, p.change_id, a.payment_id, p.amount_paise, a.refund_due_at AS recorded_at
       FROM change_payment_attempts a
       JOIN change_payments p ON p.order_id = a.order_id
       JOIN membership_changes c ON c.change_id = p.change_id
      WHERE c.order_id = ? AND a.refund_due_at IS NOT NULL
      ORDER BY a.refund_due_at, a.payment_id`,
  ).all(membershipOrderId) as ReturnType<typeof changeRefundsDue>;
}

/** A pending payment settles after pendingSettleMs, as the purchase's does; the change is made when next read. */
function settled(ctx: ApiContext, p: ChangePaymentRow): ChangePaymentRow {
  if (p.status !== "pending" || p.pending_at === null) return p;
  const at = p.pending_at + ctx.pendingSettleMs;
  if (ctx.now() < at) return p;
  writeTransaction(ctx.db, () => {
    const still = sqlValues(ctx.db, "SELECT status FROM change_payments WHERE order_id = ?").get(p.order_id);
    if (still === "pending") settle(ctx, p, p.payment_id!, at);
  });
  return findPayment(ctx, p.order_id)!;
}

export function findPayment(ctx: ApiContext, orderId: string): ChangePaymentRow | undefined {
  return sql(ctx.db, "SELECT * FROM change_payments WHERE order_id = ?").get(orderId) as ChangePaymentRow | undefined;
}

/** The latest payment of a change, settled if its time has come. */
export function latestPayment(ctx: ApiContext, changeId: string): ChangePaymentRow | undefined {
  const p = sql(
    ctx.db,
    "SELECT * FROM change_payments WHERE change_id = ? ORDER BY created_at DESC, rowid DESC LIMIT 1",
  ).get(changeId) as ChangePaymentRow | undefined;
  return p === undefined ? undefined : settled(ctx, p);
}

/**
 * Opens (or gives back) the gateway order for a quoted yearly addition, at the price shown: checked and
 * priced again first, so nobody pays for a price they did not see (409 with a fresh quote).
 */
export function payChange(ctx: ApiContext, m: PaidMembership, changeId: string, callbackUrl: string) {
  const done = writeTransaction(ctx.db, () => {
    const row = findChange(ctx, m, changeId);
    const latest = latestPayment(ctx, changeId);
    if (row.status === "confirmed" || latest?.status === "paid" || latest?.status === "pending") {
      return { payment: latest, change: changeJson(findChange(ctx, m, changeId)) };
    }
    // The credit it counts on is worked out afresh, never counting its own older reservations.
    const due = amountDue(ctx, m, row);
    if (due === 0) throw new HttpError(409, "This change has nothing to pay: confirm it.");
    const checked = recheck(ctx, m, row);
    if (!checked.ok) return checked;
    const credit = creditFor(ctx, m, row);
    // Only the newest payment of a change holds credit: an older one, if paid, needs it all again.
    sql(ctx.db, "UPDATE change_payments SET credit_paise = 0 WHERE change_id = ?").run(changeId);
    // The same order is paid again after a failure, unless the amount moved (the credit used, say) or
    // the order no longer holds credit (failed, or opened longer ago than a quote lives).
    const holds = (q: ChangePaymentRow) =>
      credit === 0 || (q.status === "created" && q.created_at > ctx.now() - CREDIT_HOLD_MS);
    if (latest !== undefined && latest.callback_url === callbackUrl && latest.amount_paise === due && holds(latest)) {
      sql(ctx.db, "UPDATE change_payments SET credit_paise = ? WHERE order_id = ?").run(credit, latest.order_id);
      return { payment: { ...latest, credit_paise: credit }, change: changeJson(row) };
    }
    const payment: ChangePaymentRow = {
      order_id: gatewayId("order"),
      change_id: changeId,
      amount_paise: due,
      callback_url: callbackUrl,
      status: "created",
      payment_id: null,
      pending_at: null,
      paid_at: null,
      refund_due: 0,
      created_at: ctx.now(),
      credit_paise: credit,
    };
    sql(
      ctx.db,
      `INSERT INTO change_payments (order_id, change_id, amount_paise, callback_url, status, created_at, credit_paise)
         VALUES (@order_id, @change_id, @amount_paise, @callback_url, @status, @created_at, @credit_paise)`,
    ).run(payment);
    return { payment, change: changeJson(row) };
  });
  if ("ok" in done) throw requoted(done);
  return done as { payment: ChangePaymentRow; change: ChangeJson };
}

/** The three simulated payments a change payment's page offers, made once per page view. */
export function changePaymentAttempts(ctx: ApiContext, p: ChangePaymentRow): Record<Outcome, string> {
  const ids = { success: gatewayId("pay"), failed: gatewayId("pay"), pending: gatewayId("pay") };
  writeTransaction(ctx.db, () => {
    for (const outcome of ["success", "failed", "pending"] as const)
      sql(ctx.db, "INSERT INTO change_payment_attempts (payment_id, order_id, outcome) VALUES (?, ?, ?)").run(
        ids[outcome],
        p.order_id,
        outcome,
      );
  });
  return ids;
}

/**
 * The gateway's report on a change payment, as the purchase's verify: a success or pending needs the
 * signature; a failure is believed without one (it cannot make anyone richer). Status only moves forward.
 */
export function verifyChangePayment(
  ctx: ApiContext,
  input: { orderId: string; paymentId?: string; signature?: string },
): { change_id: string; status: ChangePaymentRow["status"]; refund_due: boolean } {
  const result = writeTransaction(ctx.db, () => {
    const p = findPayment(ctx, input.orderId);
    if (p === undefined) throw new HttpError(404, `We could not find the order ${input.orderId}.`);
    if (input.paymentId === undefined) return p;
    const attempt = sqlValues(
      ctx.db,
      "SELECT outcome FROM change_payment_attempts WHERE payment_id = ? AND order_id = ?",
    ).get(input.paymentId, p.order_id) as Outcome | undefined;
    if (attempt === undefined) throw new HttpError(400, "This payment does not belong to this order.");
    if (input.signature !== undefined) {
      const expected = Buffer.from(paymentSignature(ctx.gatewayKeySecret, p.order_id, input.paymentId), "hex");
      const given = Buffer.from(/^[0-9a-f]{64}$/i.test(input.signature) ? input.signature : "", "hex");
      if (given.length !== expected.length || !timingSafeEqual(given, expected))
        throw new HttpError(400, "Payment signature mismatch.");
    }
    if (p.status === "paid") {
      if (input.signature !== undefined && attempt === "success" && p.payment_id !== input.paymentId)
        markRefundDue(ctx, p.order_id, input.paymentId, ctx.now());
      return p;
    }
    if (attempt === "failed" && p.status === "created") {
      sql(ctx.db, "UPDATE change_payments SET status = 'attempted', payment_id = ? WHERE order_id = ?").run(
        input.paymentId,
        p.order_id,
      );
    } else if (input.signature !== undefined && attempt === "pending" && p.status !== "pending") {
      sql(
        ctx.db,
        "UPDATE change_payments SET status = 'pending', payment_id = ?, pending_at = ? WHERE order_id = ?",
      ).run(input.paymentId, ctx.now(), p.order_id);
    } else if (input.signature !== undefined && attempt === "success") {
      settle(ctx, p, input.paymentId, ctx.now());
    }
    return findPayment(ctx, p.order_id)!;
  });
  return { change_id: result.change_id, status: result.status, refund_due: result.refund_due === 1 };
}
