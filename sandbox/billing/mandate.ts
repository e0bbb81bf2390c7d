// The monthly mandate and its cancellation (docs/product.md, Cancelling the monthly mandate). The sandbox
// simulates the mandate: a charge is collected on its date, so the months paid are those whose charge
// date has come. Cancelling stops every later charge; cover runs to the end of the last month paid.
import type { ApiContext } from "../shared/context";
import { iso } from "../shared/context";
import { addMonths, istDate, longDate } from "../shared/dates";
import { HttpError } from "../shared/envelope";
import type { OrderRow } from "../checkout/orders";
import { sql } from "../store/statements";
import { COVER_MONTHS, lastDayOf } from "../shared/cover-dates";
import { writeTransaction } from "../store/db";

/** One charge a month for the year of cover. */
export const MANDATE_MONTHS = COVER_MONTHS;

interface CancellationRow {
  order_id: string;
  cancelled_at: number;
  cancelled_by: string;
  months_paid: number;
  cover_ends_on: string;
}

export interface Cancellation {
  cancelled_at: string;
  cancelled_on: string;
  cancelled_by: string;
  months_paid: number;
  cover_ends_on: string;
}

function cancellationJson(row: CancellationRow): Cancellation {
  return {
    cancelled_at: iso(row.cancelled_at),
    cancelled_on: istDate(row.cancelled_at),
    cancelled_by: row.cancelled_by,
    months_paid: row.months_paid,
    cover_ends_on: row.cover_ends_on,
  };
}

export function cancellationOf(ctx: ApiContext, orderId: string): Cancellation | null {
  const row = sql(ctx.db, "SELECT * FROM mandate_cancellations WHERE order_id = ?").get(orderId) as
    CancellationRow | undefined;
  return row === undefined ? null : cancellationJson(row);
}

/** Charges whose date has come by `today` have been collected: the first with the purchase, then one a month. */
export function monthsPaidBy(start: string, today: string): number {
  let months = 1;
  while (months < MANDATE_MONTHS && addMonths(start, months) <= today) months += 1;
  return months;
}

/**
 * Cancels the mandate of a paid monthly order, once. The check and the insert are one IMMEDIATE
 * transaction with the order as the key: of two tabs cancelling together one records it, the other is
 * told it was already cancelled, with the first cancellation's dates.
 */
export function cancelMandate(ctx: ApiContext, order: OrderRow, cancelledBy: string): Cancellation {
  if (order.policy !== "monthly") throw new HttpError(409, "Yearly billing has no mandate to cancel.");
  if (order.status !== "paid" || order.paid_at === null) {
    throw new HttpError(409, "The mandate starts once the first payment is confirmed.");
  }
  const paidAt = order.paid_at;
  return writeTransaction(ctx.db, () => {
    const before = cancellationOf(ctx, order.order_id);
    if (before !== null) {
      throw new HttpError(
        409,
        `The mandate was already cancelled on ${longDate(before.cancelled_on)}; cover ends on ${longDate(before.cover_ends_on)}.`,
        { cancellation: before },
      );
    }
    const now = ctx.now();
    const start = istDate(paidAt);
    const monthsPaid = monthsPaidBy(start, istDate(now));
    const row: CancellationRow = {
      order_id: order.order_id,
      cancelled_at: now,
      cancelled_by: cancelledBy,
      months_paid: monthsPaid,
      cover_ends_on: lastDayOf(start, monthsPaid),
    };
    sql(
      ctx.db,
      "INSERT INTO mandate_cancellations (order_id, cancelled_at, cancelled_by, months_paid, cover_ends_on) VALUES (@order_id, @cancelled_at, @cancelled_by, @months_paid, @cover_ends_on)",
    ).run(row);
    return cancellationJson(row);
  });
}
