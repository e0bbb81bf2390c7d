// The membership's statement of changes (docs/product.md, Changes during the year): every confirmed change
// with its document, the employees covered now by band and family cover, and the credit balance.
import { creditNoteId, creditsJson, documentsOf } from "./change-documents";
import { type ChangeJson, statementOf } from "../membership/change-store";
import type { ApiContext } from "../shared/context";
import { invoiceId } from "./invoices";
import type { PaidMembership } from "../membership/members";
import { sql } from "../store/statements";

/**
 * A change with its documents' ids and numbers, for links from the statement: `invoices` and
 * `credit_notes`, one per supplier (decision 0047); `invoice` and `credit_note`, the first of each.
 */
export function withDocuments(ctx: ApiContext, change: ChangeJson) {
  const d = documentsOf(ctx, change.change_id);
  const invoices = d.invoices.map((number) => ({ id: invoiceId(number), number }));
  const creditNotes = d.credit_notes.map((number) => ({ id: creditNoteId(number), number }));
  return {
    ...change,
    invoice: invoices[0] ?? null,
    credit_note: creditNotes[0] ?? null,
    invoices,
    credit_notes: creditNotes,
  };
}

/**
 * Employees covered now per band and family cover bought: bought, plus joiners, less leavers; a family
 * event that widened an employee's cover moves them from the cover they left (a dependant alone is no
 * employee).
 */
function coveredNow(ctx: ApiContext, m: PaidMembership) {
  const moved = sql(
    ctx.db,
    `SELECT band, range_code AS range, SUM(CASE kind WHEN 'add' THEN 1 ELSE -1 END) AS n
       FROM membership_changes WHERE order_id = ? AND status = 'confirmed' AND event IS NULL GROUP BY band, range_code
     UNION ALL
     SELECT band, range_code, COUNT(*) FROM membership_changes
       WHERE order_id = ? AND status = 'confirmed' AND from_range IS NOT NULL GROUP BY band, range_code
     UNION ALL
     SELECT band, from_range, -COUNT(*) FROM membership_changes
       WHERE order_id = ? AND status = 'confirmed' AND from_range IS NOT NULL GROUP BY band, from_range`,
  ).all(m.order.order_id, m.order.order_id, m.order.order_id) as { band: string; range: string; n: number }[];
  const movedIn = (band: string, range: string) =>
    moved.filter((c) => c.band === band && c.range === range).reduce((total, c) => total + c.n, 0);
  return m.contents.people.map((p) => ({
    band: p.band,
    band_label: p.band_label,
    range: p.range,
    range_label: p.range_label,
    employees_bought: p.count,
    employees: p.count + movedIn(p.band, p.range),
  }));
}

export function statementJson(ctx: ApiContext, m: PaidMembership) {
  return {
    statement: statementOf(ctx, m).map((c) => withDocuments(ctx, c)),
    covered: coveredNow(ctx, m),
    credit: creditsJson(ctx, m.order.order_id),
  };
}
