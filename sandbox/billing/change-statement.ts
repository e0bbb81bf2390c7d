// The membership's statement of changes (docs/product.md, Changes during the year): every confirmed change
// with its document, the employees covered now by band and family cover, and the credit balance.
import { creditNoteId, creditsJson, documentsOf } from "./change-documents";
import { type ChangeJson, statementOf } from "../membership/change-store";
import type { ApiContext } from "../shared/context";
import { invoiceId } from "./invoices";
import { type PaidMembership, placesAdded } from "../membership/members";
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
 * Employees covered now per band and family cover bought: the places bought at purchase and during the
 * year (placesAdded: joiners, and family events that widened a cover), less leavers (a dependant alone is
 * no employee). `employees_bought` is the places bought, as the census counts them.
 */
function coveredNow(ctx: ApiContext, m: PaidMembership) {
  const added = placesAdded(ctx, m.order.order_id);
  const left = sql(
    ctx.db,
    `SELECT band, range_code AS range, COUNT(*) AS n FROM membership_changes
       WHERE order_id = ? AND status = 'confirmed' AND kind = 'remove' GROUP BY band, range_code`,
  ).all(m.order.order_id) as { band: string; range: string; n: number }[];
  return m.contents.people.map((p) => {
    const bought = p.count + added(p.band, p.range);
    return {
      band: p.band,
      band_label: p.band_label,
      range: p.range,
      range_label: p.range_label,
      employees_bought: bought,
      employees: bought - (left.find((c) => c.band === p.band && c.range === p.range)?.n ?? 0),
    };
  });
}

export function statementJson(ctx: ApiContext, m: PaidMembership) {
  return {
    statement: statementOf(ctx, m).map((c) => withDocuments(ctx, c)),
    covered: coveredNow(ctx, m),
    credit: creditsJson(ctx, m.order.order_id),
  };
}
