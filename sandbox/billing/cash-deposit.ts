// The employer's cash deposit with the insurer (docs/product.md, Who invoices what; docs/decisions/0055).
// Insurance Rules 1939 r.59: the policyholder's cash deposit with the insurer pays the premium of an
// addition; Insurance Act s.64VB(3): a refund on an alteration is the insurer's, paid to the insured, never
// the agent's credit. The sandbox insurer holds it: a ledger of every debit and credit with its change and
// document; the balance is the sum. Kavach never holds it and its own supplies are never paid from it.
import type { ApiContext } from "../shared/context";
import { DEPOSIT_HOLD_MS } from "../membership/change-rules";
import { HttpError } from "../shared/envelope";
import { formatRupees } from "../shared/html";
import { istDate } from "../shared/dates";
import { gatewayId } from "../store/ids";
import { writeTransaction } from "../store/db";
import { sql, sqlValues } from "../store/statements";
import { SUPPLIERS } from "./suppliers";

export type DepositKind = "refund" | "addition" | "top_up" | "withdrawal";

interface EntryRow {
  id: number;
  kind: DepositKind;
  change_id: string | null;
  document: string | null;
  amount_paise: number;
  recorded_at: number;
  recorded_by: string | null;
}

/** The deposit's balance: every credit less every debit. */
export function depositBalance(ctx: ApiContext, orderId: string): number {
  return sqlValues(ctx.db, "SELECT COALESCE(SUM(amount_paise), 0) FROM cash_deposit_entries WHERE order_id = ?").get(
    orderId,
  ) as number;
}

/**
 * What the open payments for additions count on from the deposit (decision 0042): each payment's
 * reservation holds while it may still be paid at the price it was opened for: opened within
 * DEPOSIT_HOLD_MS and not yet tried, or pending at the gateway.
 */
export function depositReserved(ctx: ApiContext, orderId: string, exceptChangeId: string | null = null): number {
  return sqlValues(
    ctx.db,
    `SELECT COALESCE(SUM(p.deposit_paise), 0) FROM change_payments p JOIN membership_changes c ON c.change_id = p.change_id
      WHERE c.order_id = ? AND p.deposit_paise > 0 AND c.change_id IS NOT ?
        AND (p.status = 'pending' OR (p.status = 'created' AND p.created_at > ?))`,
  ).get(orderId, exceptChangeId, ctx.now() - DEPOSIT_HOLD_MS) as number;
}

/** What a new debit may take: the balance less what open payments (other than this change's) count on. */
export function depositAvailable(ctx: ApiContext, orderId: string, exceptChangeId: string | null = null): number {
  return Math.max(0, depositBalance(ctx, orderId) - depositReserved(ctx, orderId, exceptChangeId));
}

/** One entry of the ledger, in the caller's transaction: a credit is positive, a debit negative. */
export function recordDeposit(
  ctx: ApiContext,
  e: {
    orderId: string;
    kind: DepositKind;
    amountPaise: number;
    changeId?: string | null;
    document?: string | null;
    by?: string | null;
    key?: string | null;
  },
): void {
  sql(
    ctx.db,
    `INSERT INTO cash_deposit_entries (order_id, kind, change_id, document, amount_paise, recorded_at, recorded_by, idempotency_key)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    e.orderId,
    e.kind,
    e.changeId ?? null,
    e.document ?? null,
    e.amountPaise,
    ctx.now(),
    e.by ?? null,
    e.key ?? null,
  );
  ctx.log({ event: "cash_deposit_entry", order_id: e.orderId, kind: e.kind, amount_paise: e.amountPaise });
}

const FOR: Record<DepositKind, string> = {
  refund: "Refund by the insurer for a removal, on its credit note",
  addition: "Premium of an addition, on the insurer's tax invoice",
  top_up: "Top-up paid by the company",
  withdrawal: "Withdrawal to the company's bank account",
};

/** The deposit as the admin reads it: its holder, balance, and every entry with the balance after it. */
export function depositJson(ctx: ApiContext, orderId: string) {
  const rows = sql(
    ctx.db,
    `SELECT id, kind, change_id, document, amount_paise, recorded_at, recorded_by
       FROM cash_deposit_entries WHERE order_id = ? ORDER BY id`,
  ).all(orderId) as EntryRow[];
  let balance = 0;
  const entries = rows.map((r) => {
    balance += r.amount_paise;
    const kind = r.document === null ? null : r.kind === "refund" ? ("credit_note" as const) : ("invoice" as const);
    return {
      id: r.id,
      kind: r.kind,
      description: FOR[r.kind],
      change_id: r.change_id,
      document: r.document === null || kind === null ? null : { kind, number: r.document },
      amount_paise: r.amount_paise,
      balance_paise: balance,
      recorded_on: istDate(r.recorded_at),
      recorded_at: new Date(r.recorded_at).toISOString(),
    };
  });
  return {
    held_by: SUPPLIERS.health.name,
    balance_paise: balance,
    available_paise: depositAvailable(ctx, orderId),
    entries,
  };
}

/**
 * Withdraws to the company's bank account (sandbox: simulated, paid at once). Once per idempotency key: a
 * second submit of the same form answers the first withdrawal and moves nothing. More than is free
 * (the balance less what open payments count on) is refused with 409, and nothing changes.
 */
export function withdrawDeposit(ctx: ApiContext, orderId: string, amountPaise: number, key: string, by: string) {
  return writeTransaction(ctx.db, () => {
    const done = sqlValues(
      ctx.db,
      "SELECT amount_paise FROM cash_deposit_entries WHERE order_id = ? AND idempotency_key = ?",
    ).get(orderId, key) as number | undefined;
    if (done !== undefined) return { withdrawn_paise: -done, repeated: true };
    const free = depositAvailable(ctx, orderId);
    if (amountPaise > free)
      throw new HttpError(
        409,
        free === 0
          ? "There is nothing in the deposit to withdraw."
          : `You can withdraw at most ${formatRupees(free)}, the deposit's balance${
              free < depositBalance(ctx, orderId) ? " less what an open payment for an addition counts on" : ""
            }.`,
        { field: "amount_paise", available_paise: free },
      );
    recordDeposit(ctx, { orderId, kind: "withdrawal", amountPaise: -amountPaise, by, key });
    return { withdrawn_paise: amountPaise, repeated: false };
  });
}

export interface TopUpRow {
  order_id: string;
  membership_order_id: string;
  amount_paise: number;
  callback_url: string;
  status: "created" | "failed" | "paid";
  payment_id: string | null;
  created_at: number;
  paid_at: number | null;
}

export function findTopUp(ctx: ApiContext, orderId: string): TopUpRow | undefined {
  return sql(ctx.db, "SELECT * FROM deposit_top_ups WHERE order_id = ?").get(orderId) as TopUpRow | undefined;
}

/** Opens a gateway order for a top-up: paid on the payment sandbox's page, credited when it succeeds. */
export function openTopUp(ctx: ApiContext, membershipOrderId: string, amountPaise: number, callbackUrl: string) {
  const row: TopUpRow = {
    order_id: gatewayId("order"),
    membership_order_id: membershipOrderId,
    amount_paise: amountPaise,
    callback_url: callbackUrl,
    status: "created",
    payment_id: null,
    created_at: ctx.now(),
    paid_at: null,
  };
  sql(
    ctx.db,
    `INSERT INTO deposit_top_ups (order_id, membership_order_id, amount_paise, callback_url, status, created_at)
       VALUES (@order_id, @membership_order_id, @amount_paise, @callback_url, @status, @created_at)`,
  ).run(row);
  return { ...row, checkout_url: `${ctx.mountPath}/sandbox/checkout/${row.order_id}` };
}

/**
 * The gateway's report on a top-up, checked by the caller (signature): a success credits the deposit
 * once, whatever is posted again; a failure credits nothing. Status only moves forward.
 */
export function settleTopUp(ctx: ApiContext, orderId: string, paymentId: string, succeeded: boolean): TopUpRow {
  return writeTransaction(ctx.db, () => {
    const t = findTopUp(ctx, orderId);
    if (t === undefined) throw new HttpError(404, `We could not find the order ${orderId}.`);
    if (t.status === "paid") return t;
    if (!succeeded) {
      sql(ctx.db, "UPDATE deposit_top_ups SET status = 'failed', payment_id = ? WHERE order_id = ?").run(
        paymentId,
        orderId,
      );
      return findTopUp(ctx, orderId)!;
    }
    sql(ctx.db, "UPDATE deposit_top_ups SET status = 'paid', payment_id = ?, paid_at = ? WHERE order_id = ?").run(
      paymentId,
      ctx.now(),
      orderId,
    );
    recordDeposit(ctx, {
      orderId: t.membership_order_id,
      kind: "top_up",
      amountPaise: t.amount_paise,
      document: null,
      key: `top-up:${orderId}`,
    });
    return findTopUp(ctx, orderId)!;
  });
}
