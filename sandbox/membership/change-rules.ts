// The rules a change during the year meets whoever asks (docs/product.md, Changes during the year): the
// limits, how far back its date may go, the period paid for a leaver's last day, and the headcount kept.
import { addDays, longDate } from "../shared/dates";
import { HttpError } from "../shared/envelope";
import { monthsPaidBy } from "../billing/mandate";
import { lastDayOf } from "../shared/cover-dates";
import type { RowInput } from "./census";
import { censusSummary, type PaidMembership } from "./members";
import { policyOf } from "./policy";
import type { ApiContext } from "../shared/context";
import type { TaxLine } from "../catalog/pricing";
import type { Basis } from "./change-pricing";

/** How far back an effective date may go (a joiner's first day, a leaver's last day). */
export const BACKDATE_DAYS = 30;
export const MIN_EMPLOYEES = 2;
export const MAX_EMPLOYEES = 10_000;

/** How long a quote not confirmed is kept (docs/product.md, Changes during the year); then it is removed. */
export const QUOTE_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;
/**
 * How long a payment opened for an addition, and not yet tried, holds the credit it counts on
 * (docs/product.md, Changes during the year): a refund waits at most this long for a page left open.
 */
export const CREDIT_HOLD_MS = 60 * 60 * 1000;
/** The most changes one call quotes or confirms: a whole census's worth (docs/decisions/0042). */
export const MAX_BATCH = MAX_EMPLOYEES;

/** A person as the census names them: the cells of a census row. */
export type PersonInput = Omit<RowInput, "row_number">;
export type FamilyEvent = "marriage" | "birth";

export type ChangeRequest =
  /** A joiner: the employee first, then the dependants their family cover takes. */
  | { kind: "add"; band: string; range: string; effective_date: string; members: PersonInput[] }
  /** A family event: a spouse after marriage or a newborn, added for an employee already covered. */
  | { kind: "family"; employee_code: string; event: FamilyEvent; effective_date: string; member: PersonInput }
  | { kind: "remove"; employee_code: string; effective_date: string; reason: string };

export interface ChangePrice {
  policy: "monthly" | "yearly";
  unit_monthly_paise: number;
  /** Yearly: the days the change covers or gives back; monthly: null (the next charge changes). */
  days: number | null;
  days_in_year: number;
  discount_pct: number;
  premium_paise: number;
  tax_lines: TaxLine[];
  tax_paise: number;
  total_paise: number;
  /** Monthly: the mandate's amount from the next charge on, and that charge's date. */
  new_monthly_paise: number | null;
  starts_on: string | null;
  /**
   * A yearly removal past the s.34(2) deadline of the purchase's invoices: why no GST is credited (its
   * credit notes are financial ones). Absent otherwise.
   */
  no_gst_reason?: string;
  /**
   * An addition with a charge: the first day of cover, the day its premium is received (today: it is paid
   * before it is made), and why, in words the quote shows (docs/product.md, Changes during the year: no cover before premium).
   */
  cover_from?: string;
  cover_from_reason?: string;
  /** Monthly: the part-month to the next charge, collected at once before the addition is made. */
  due_now?: PartMonth;
}

export interface PartMonth {
  from: string;
  to: string;
  days: number;
  /** The days of the billing month the part falls in (its charge date to the day before the next). */
  period_days: number;
  premium_paise: number;
  tax_lines: TaxLine[];
  tax_paise: number;
  total_paise: number;
}

/** The last day paid for: yearly, the cover's end; monthly, the end of the last month whose charge was collected. */
function paidUntil(m: PaidMembership, today: string): string {
  if (m.order.policy === "yearly") return m.coverEnd;
  // The day before the first charge not collected.
  return lastDayOf(m.coverStart, monthsPaidBy(m.coverStart, today));
}

/**
 * Changes are for a named team (docs/product.md, Changes during the year): until every employee bought is
 * named and the policy issued, a joiner is simply a member of the census, so no change is quoted. This is
 * what keeps a joiner from being paid for and then counted inside the places already bought.
 */
export function checkTeamNamed(ctx: ApiContext, m: PaidMembership): void {
  if (policyOf(ctx, m.order.order_id) !== undefined) return;
  const s = censusSummary(ctx, m);
  throw new HttpError(
    409,
    `Finish naming your team first: ${s.employees_named} of ${s.employees_bought} employees are named. Changes during the year start once every employee bought is named.`,
  );
}

export const dateError = (message: string) => new HttpError(422, message, { field: "effective_date" });

/**
 * The rules every change must meet, whoever asks (docs/product.md, Changes during the year): nothing is
 * changed outside the cover period, and no one joins a cover that has ended or whose mandate was cancelled
 * (its last charge is behind it: nothing would ever collect the joiner's premium).
 */
export function checkDates(req: ChangeRequest, m: PaidMembership, today: string, basis: Basis): void {
  const oldest = addDays(today, -BACKDATE_DAYS);
  const d = req.effective_date;
  if (d < m.coverStart) throw dateError(`The date is before the cover started (${longDate(m.coverStart)}).`);
  if (d > m.coverEnd) throw dateError(`The date is after the cover ended (${longDate(m.coverEnd)}).`);
  // Its premium would be received after the cover ended: there is no cover left to give.
  if (req.kind !== "remove" && today > m.coverEnd)
    throw new HttpError(409, `The cover ended on ${longDate(m.coverEnd)}: no one can be added to it.`);
  const cancelled = basis.cancelled;
  if (cancelled !== null && req.kind !== "remove") {
    throw new HttpError(
      409,
      `The monthly mandate was cancelled on ${longDate(cancelled.cancelled_on)}: the cover ends on ${longDate(
        cancelled.cover_ends_on,
      )} and no one can be added to it.`,
    );
  }
  if (req.kind === "family") {
    if (d > today) throw dateError("The date of the event cannot be in the future.");
    if (d < oldest) {
      throw dateError(`A family event is added within ${BACKDATE_DAYS} days of it (on or after ${longDate(oldest)}).`);
    }
  } else if (req.kind === "add") {
    if (d > today) throw dateError("Add a joiner from their date of joining: it cannot be in the future.");
    if (d < oldest) {
      throw dateError(
        `The date of joining must be within the last ${BACKDATE_DAYS} days (on or after ${longDate(oldest)}).`,
      );
    }
  } else {
    const until = paidUntil(m, today);
    if (d > until)
      throw dateError(`The last day cannot be after the period paid for, which ends on ${longDate(until)}.`);
    if (d < oldest) {
      throw dateError(`The last day must be within the last ${BACKDATE_DAYS} days (on or after ${longDate(oldest)}).`);
    }
  }
}

export function checkHeadcount(basis: Basis, kind: ChangeRequest["kind"]): void {
  if (kind === "family") return;
  const after = basis.employees + (kind === "add" ? 1 : -1);
  if (after < MIN_EMPLOYEES) throw new HttpError(409, `At least ${MIN_EMPLOYEES} employees must stay covered.`);
  if (after > MAX_EMPLOYEES)
    throw new HttpError(409, `At most ${MAX_EMPLOYEES.toLocaleString("en-IN")} employees can be covered.`);
}
