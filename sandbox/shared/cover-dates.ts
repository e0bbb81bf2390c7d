// The days a cover runs (docs/product.md, After the purchase): a year from the day of payment, or as
// many months as a cancelled mandate paid for. Every last day of cover comes from here, so the
// membership, the invoices, the credit notes and the mandate never count a month differently.
import { addDays, addMonths } from "./dates";

/** A policy year: the cover bought runs this many months, and a monthly mandate charges this many times. */
export const COVER_MONTHS = 12;

/** The last day of `months` months of cover from `start`: the day before the same date `months` later. */
export function lastDayOf(start: string, months: number): string {
  return addDays(addMonths(start, months), -1);
}

/** The last day of the year of cover that starts on `start`. */
export function coverEndDate(start: string): string {
  return lastDayOf(start, COVER_MONTHS);
}

/**
 * Whether a cover has ended on `today`, from its last day: the one place that says so (docs/product.md,
 * Renewal). The last day itself is still covered.
 */
export function coverHasEnded(coverEnd: string, today: string): boolean {
  return today > coverEnd;
}
