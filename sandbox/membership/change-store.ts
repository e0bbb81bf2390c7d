// The changes as kept (membership_changes): the row, the answer the API gives for it, the quotes that
// expire, and the statement of confirmed changes.
import { type ApiContext, iso } from "../shared/context";
import { HttpError } from "../shared/envelope";
import type { PaidMembership } from "./members";
import { sql, sqlValues } from "../store/statements";
import {
  QUOTE_LIFETIME_MS,
  type PersonInput,
  type FamilyEvent,
  type ChangeRequest,
  type ChangePrice,
} from "./change-rules";

export interface ChangeRow {
  change_id: string;
  order_id: string;
  kind: "add" | "remove";
  employee_code: string;
  band: string;
  range_code: string;
  effective_date: string;
  reason: string | null;
  priced_on: string;
  price: string;
  status: "quoted" | "confirmed";
  quoted_at: number;
  confirmed_at: number | null;
  confirmed_by: string | null;
  /** The people the change names, as asked: a joiner's family, a family event's dependant, a leaver's family. */
  members: string | null;
  event: FamilyEvent | null;
  from_range: string | null;
}

export function changeJson(row: ChangeRow) {
  return {
    change_id: row.change_id,
    kind: row.kind,
    employee_code: row.employee_code,
    band: row.band,
    range: row.range_code,
    effective_date: row.effective_date,
    reason: row.reason,
    priced_on: row.priced_on,
    price: JSON.parse(row.price) as ChangePrice,
    status: row.status,
    quoted_at: iso(row.quoted_at),
    confirmed_at: row.confirmed_at === null ? null : iso(row.confirmed_at),
    confirmed_by: row.confirmed_by,
    event: row.event,
    members: row.members === null ? [] : (JSON.parse(row.members) as PersonInput[]),
  };
}
export type ChangeJson = ReturnType<typeof changeJson>;

/**
 * Removes the quotes older than QUOTE_LIFETIME_MS that were never confirmed, unless a payment was opened
 * for one (its money is accounted for on it): this membership's, or with no order every membership's (the
 * scheduled sweep). The caller's transaction.
 */
export function removeExpiredQuotes(ctx: ApiContext, orderId: string | null): number {
  return sql(
    ctx.db,
    `DELETE FROM membership_changes WHERE (? IS NULL OR order_id = ?) AND status = 'quoted' AND quoted_at <= ?
       AND NOT EXISTS (SELECT 1 FROM change_payments p WHERE p.change_id = membership_changes.change_id)`,
  ).run(orderId, orderId, ctx.now() - QUOTE_LIFETIME_MS).changes;
}

/** A leaver's family as the change names them: who they are, not how to reach them. */
export function personShown(p: PersonInput): PersonInput {
  return {
    employee_code: p.employee_code,
    full_name: p.full_name,
    relationship: p.relationship,
    date_of_birth: p.date_of_birth,
  };
}

/** The request a kept change was quoted for, to check and price it again. */
export function requestOf(row: ChangeRow): ChangeRequest {
  const named = row.members === null ? [] : (JSON.parse(row.members) as PersonInput[]);
  if (row.kind === "remove") {
    return {
      kind: "remove",
      employee_code: row.employee_code,
      effective_date: row.effective_date,
      reason: row.reason ?? "",
    };
  }
  if (row.event !== null) {
    return {
      kind: "family",
      employee_code: row.employee_code,
      event: row.event,
      effective_date: row.effective_date,
      member: named[0]!,
    };
  }
  return { kind: "add", band: row.band, range: row.range_code, effective_date: row.effective_date, members: named };
}

const expired = () => new HttpError(410, "This quote has expired: work out the change again.");

/** A quote past its lifetime with no payment opened is gone, whether or not it has been removed yet. */
function isExpired(ctx: ApiContext, row: ChangeRow): boolean {
  return (
    row.status === "quoted" &&
    row.quoted_at <= ctx.now() - QUOTE_LIFETIME_MS &&
    sqlValues(ctx.db, "SELECT 1 FROM change_payments WHERE change_id = ?").get(row.change_id) === undefined
  );
}

export function findChange(ctx: ApiContext, m: PaidMembership, changeId: string): ChangeRow {
  const row = sql(ctx.db, "SELECT * FROM membership_changes WHERE change_id = ? AND order_id = ?").get(
    changeId,
    m.order.order_id,
  ) as ChangeRow | undefined;
  if (row === undefined) throw new HttpError(404, "There is no such change.");
  if (isExpired(ctx, row)) throw expired();
  return row;
}

/** One change of this membership, quoted or confirmed; another company's is not found, like an unknown one. */
export function changeOf(ctx: ApiContext, m: PaidMembership, changeId: string): ChangeJson {
  const row = sql(ctx.db, "SELECT * FROM membership_changes WHERE change_id = ? AND order_id = ?").get(
    changeId,
    m.order.order_id,
  ) as ChangeRow | undefined;
  if (row === undefined) throw new HttpError(404, "There is no such change.");
  return changeJson(row);
}

/** The statement: every confirmed change, oldest first. */
export function statementOf(ctx: ApiContext, m: PaidMembership): ChangeJson[] {
  return (
    sql(
      ctx.db,
      "SELECT * FROM membership_changes WHERE order_id = ? AND status = 'confirmed' ORDER BY confirmed_at, change_id",
    ).all(m.order.order_id) as ChangeRow[]
  ).map(changeJson);
}
