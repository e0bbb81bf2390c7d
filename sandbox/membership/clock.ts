// The test clock for a membership (SANDBOX_TEST_CLOCK=1 only, docs/api-contract.md, Embedded sandbox):
// days pass for one membership alone, by dating back what prices a change, so that a test reaches a
// mandate charge or a requote without waiting (docs/decisions/0034).
import type { ApiContext } from "../shared/context";
import { addDays } from "../shared/dates";
import { writeTransaction } from "../store/db";
import { HttpError } from "../shared/envelope";
import { sql } from "../store/statements";

const DAY_MS = 24 * 60 * 60 * 1000;

interface DatedChange {
  change_id: string;
  effective_date: string;
  priced_on: string;
  price: string;
}

/**
 * Dates the paid order `orderId` and its changes `days` earlier: the payment (so the cover's start and
 * the mandate's charges), and each change's date, quote and confirmation, with the charge it starts from.
 * Answers how many changes moved.
 */
export function ageMembership(ctx: ApiContext, orderId: string, days: number): { changes: number } {
  const ms = days * DAY_MS;
  return writeTransaction(ctx.db, () => {
    const moved = sql(ctx.db, "UPDATE orders SET paid_at = paid_at - ? WHERE order_id = ? AND paid_at IS NOT NULL").run(
      ms,
      orderId,
    ).changes;
    if (moved === 0) throw new HttpError(404, `There is no paid order ${orderId}.`);
    // A renewal's cover starts on its own day, not the payment's (docs/product.md, Renewal).
    const startsOn = sql(ctx.db, "SELECT cover_starts_on FROM orders WHERE order_id = ?").pluck().get(orderId) as
      string | null;
    if (startsOn !== null) {
      sql(ctx.db, "UPDATE orders SET cover_starts_on = ? WHERE order_id = ?").run(addDays(startsOn, -days), orderId);
    }
    const rows = sql(
      ctx.db,
      "SELECT change_id, effective_date, priced_on, price FROM membership_changes WHERE order_id = ?",
    ).all(orderId) as DatedChange[];
    for (const row of rows) {
      const price = JSON.parse(row.price) as {
        starts_on: string | null;
        cover_from?: string;
        due_now?: { from: string; to: string };
      };
      if (price.starts_on !== null) price.starts_on = addDays(price.starts_on, -days);
      // The first day of cover and the part-month paid at once move with the rest (no cover before premium).
      if (price.cover_from !== undefined) price.cover_from = addDays(price.cover_from, -days);
      if (price.due_now !== undefined) {
        price.due_now.from = addDays(price.due_now.from, -days);
        price.due_now.to = addDays(price.due_now.to, -days);
      }
      sql(
        ctx.db,
        `UPDATE membership_changes SET effective_date = ?, priced_on = ?, price = ?, quoted_at = quoted_at - ?,
           confirmed_at = confirmed_at - ? WHERE change_id = ?`,
      ).run(
        addDays(row.effective_date, -days),
        addDays(row.priced_on, -days),
        JSON.stringify(price),
        ms,
        ms,
        row.change_id,
      );
    }
    return { changes: rows.length };
  });
}
