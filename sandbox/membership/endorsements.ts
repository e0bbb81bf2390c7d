// Endorsements (docs/product.md, The policy's papers; decision 0038): each change confirmed after the policy
// is issued (a joiner, a leaver, a family event) is an endorsement of the policy, numbered in the policy's
// own series in the transaction that confirms it. The certificate lists them and is issued again with each.
import { readCart } from "../checkout/cart";
import type { ChangeRow } from "./change-store";
import type { ApiContext } from "../shared/context";
import { findOrder, parseContents } from "../checkout/orders";
import { policyOf } from "./policy";
import { sql, sqlValues } from "../store/statements";

export interface EndorsementRow {
  number: string;
  policy_number: string;
  seq: number;
  change_id: string;
  issued_at: number;
  email_to: string;
  email_status: "sending" | "sent" | "failed" | null;
}

/** An endorsement with the change it records. */
export type Endorsement = EndorsementRow & { change: ChangeRow };

/**
 * The policy's next endorsement number: changes and corrections (docs/product.md, Corrections) share one
 * series. The caller's IMMEDIATE write transaction.
 */
export function nextEndorsement(ctx: ApiContext, policyNumber: string): { seq: number; number: string } {
  const seq = sqlValues(
    ctx.db,
    `SELECT MAX(COALESCE((SELECT MAX(seq) FROM endorsements WHERE policy_number = @p), 0),
       COALESCE((SELECT MAX(endorsement_seq) FROM member_corrections WHERE policy_number = @p), 0)) + 1`,
  ).get({ p: policyNumber }) as number;
  return { seq, number: `${policyNumber}/E${String(seq).padStart(3, "0")}` };
}

/**
 * Records the endorsement of a change that has just become confirmed, inside the caller's IMMEDIATE write
 * transaction: none before the policy is issued (the policy then names the members as they are), and once
 * per change. Numbered `<policy number>/E001`, consecutively per policy. The certificate goes to the admin
 * named on the membership now, as the policy's first one did.
 */
export function recordEndorsement(ctx: ApiContext, changeId: string): void {
  const change = sql(ctx.db, "SELECT order_id, status FROM membership_changes WHERE change_id = ?").get(changeId) as
    { order_id: string; status: string } | undefined;
  if (change?.status !== "confirmed") throw new Error(`change ${changeId} is not confirmed`);
  const policy = policyOf(ctx, change.order_id);
  if (policy === undefined) return;
  if (sqlValues(ctx.db, "SELECT 1 FROM endorsements WHERE change_id = ?").get(changeId) !== undefined) return;
  const { seq, number } = nextEndorsement(ctx, policy.policy_number);
  const order = findOrder(ctx, change.order_id)!;
  const adminEmail = readCart(ctx, order.cart_id).admin?.email ?? parseContents(order)!.admin.email;
  sql(
    ctx.db,
    `INSERT INTO endorsements (number, policy_number, seq, change_id, issued_at, email_to)
       VALUES (?, ?, ?, ?, ?, ?)`,
  ).run(number, policy.policy_number, seq, changeId, ctx.now(), adminEmail);
  ctx.log({ event: "endorsement_issued", endorsement: number, policy_number: policy.policy_number });
}

const ENDORSEMENT_COLUMNS = "e.number, e.policy_number, e.seq, e.change_id, e.issued_at, e.email_to, e.email_status";

function withChange(ctx: ApiContext, e: EndorsementRow): Endorsement {
  const change = sql(ctx.db, "SELECT * FROM membership_changes WHERE change_id = ?").get(e.change_id) as ChangeRow;
  return { ...e, change };
}

/** A policy's endorsements, oldest first. */
export function endorsementsOf(ctx: ApiContext, policyNumber: string): Endorsement[] {
  return (
    sql(ctx.db, `SELECT ${ENDORSEMENT_COLUMNS} FROM endorsements e WHERE e.policy_number = ? ORDER BY e.seq`).all(
      policyNumber,
    ) as EndorsementRow[]
  ).map((e) => withChange(ctx, e));
}

/** The endorsement of a change, if it has one. */
export function endorsementOfChange(ctx: ApiContext, changeId: string): Endorsement | undefined {
  const e = sql(ctx.db, `SELECT ${ENDORSEMENT_COLUMNS} FROM endorsements e WHERE e.change_id = ?`).get(changeId) as
    EndorsementRow | undefined;
  return e === undefined ? undefined : withChange(ctx, e);
}
