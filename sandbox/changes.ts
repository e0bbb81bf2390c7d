// Changes during the year to a paid membership (docs/product.md, Changes during the year): a joiner added
// or a leaver removed, each with an effective date, priced pro rata by the days left in the policy year
// on the member's band and family cover, with GST as at purchase; quoted first, then confirmed once.
import { randomUUID } from "node:crypto";
import { creditAvailable, issueChangeDocuments, section34Deadline } from "./change-documents";
import type { ApiContext } from "./context";
import { recordEndorsement } from "./endorsements";
import { iso } from "./context";
import { addDays, addMonths, financialYear, istDate, longDate } from "./dates";
import { HttpError } from "./envelope";
import { type Cancellation, MANDATE_MONTHS, cancellationOf, lastPaidDay, monthsPaidBy } from "./mandate";
import {
  COVERS,
  type ReadyRow,
  type Rejection,
  type RowInput,
  type SavedMember,
  SPOUSE_MIN_AGE,
  ageOn,
  bandLabel,
  checkJoiner,
  readRow,
} from "./census";
import { type PaidMembership, insertMembers } from "./members";
import { roundDiv, type TaxLine, taxLines } from "./pricing";
import { sql, sqlValues } from "./statements";
import { writeTransaction } from "./db";

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
   * before it is made), and why, in words the quote shows (docs/product.md, No cover before premium).
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

/** Days between two YYYY-MM-DD dates (b − a). */
function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}

/**
 * The pro-rata premium: monthly price × 12 × days ÷ the days of the cover year (365, or 366 when it takes
 * in a 29 February), less the yearly discount the purchase had, rounded half up to the paisa. Over the
 * year's own length a joiner from the first day pays exactly a member's year, never more (docs/product.md,
 * Changes during the year). Integer arithmetic only.
 */
export function proRataPaise(unitMonthlyPaise: number, days: number, discountPct: number, daysInYear: number): number {
  return roundDiv(unitMonthlyPaise * 12 * days * (100 - discountPct), daysInYear * 100);
}

/** The days of the cover year, its first and last included: 366 when it takes in a 29 February. */
export function daysInCoverYear(m: Pick<PaidMembership, "coverStart" | "coverEnd">): number {
  return daysBetween(m.coverStart, m.coverEnd) + 1;
}

/** Employees covered now: bought, plus confirmed joiners, less confirmed leavers. */
export function employeesNow(ctx: ApiContext, m: PaidMembership): number {
  const bought = m.contents.people.reduce((sum, p) => sum + p.count, 0);
  const changes = sql(
    ctx.db,
    // A family event adds a dependant, not an employee.
    "SELECT kind, count(*) AS n FROM membership_changes WHERE order_id = ? AND status = 'confirmed' AND event IS NULL GROUP BY kind",
  ).all(m.order.order_id) as { kind: "add" | "remove"; n: number }[];
  return changes.reduce((sum, c) => sum + (c.kind === "add" ? c.n : -c.n), bought);
}

/** The last day paid for: yearly, the cover's end; monthly, the end of the last month whose charge was collected. */
function paidUntil(m: PaidMembership, today: string): string {
  if (m.order.policy === "yearly") return m.coverEnd;
  return lastPaidDay(m.coverStart, monthsPaidBy(m.coverStart, today));
}

const dateError = (message: string) => new HttpError(422, message, { field: "effective_date" });

/**
 * The rules every change must meet, whoever asks (docs/product.md, Changes during the year): nothing is
 * changed outside the cover period, and no one joins a cover whose mandate was cancelled (its last charge
 * is behind it: nothing would ever collect the joiner's premium).
 */
function checkDates(req: ChangeRequest, m: PaidMembership, today: string, basis: Basis): void {
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

/** Prices a change as of `today` (the pro-rata days depend on the effective date only; the bands on the purchase). */
function priceOf(
  req: { kind: ChangeRequest["kind"]; effective_date: string },
  unit: number,
  m: PaidMembership,
  today: string,
): ChangePrice {
  const yearly = m.order.policy === "yearly";
  const sign = req.kind === "remove" ? -1 : 1;
  // No risk before the premium is received (Insurance Act s.64VB): an addition with a charge is covered
  // from the day it is paid, today; one at no charge (the family cover already takes them) from its own date.
  const charged = req.kind !== "remove" && unit > 0;
  const coverFrom = charged ? today : req.effective_date;
  const cover = charged
    ? {
        cover_from: coverFrom,
        cover_from_reason:
          coverFrom === req.effective_date
            ? `Covered from ${longDate(coverFrom)}, the day the premium is received (no cover before the premium: Insurance Act s.64VB).`
            : `Covered from ${longDate(coverFrom)}, the day the premium is received, not from ${longDate(
                req.effective_date,
              )}: no cover starts before its premium is paid (Insurance Act s.64VB).`,
      }
    : {};
  if (yearly) {
    // A joiner is covered from their first day of cover to the cover's end; a leaver gives back the days after their last.
    const days =
      req.kind !== "remove" ? daysBetween(coverFrom, m.coverEnd) + 1 : daysBetween(req.effective_date, m.coverEnd);
    const premium = proRataPaise(unit, days, m.contents.bill.discount_pct, daysInCoverYear(m));
    // The purchase's invoices are dated the day it was paid, the cover's first day (sandbox/invoices.ts).
    const fy = financialYear(m.coverStart);
    const deadline = section34Deadline(fy);
    const lateCredit = req.kind === "remove" && today > deadline && m.contents.tax_regime !== "sez";
    const lines = lateCredit ? [] : taxLines(m.contents.tax_regime, premium);
    const tax = lines.reduce((s, l) => s + l.paise, 0);
    return {
      policy: "yearly",
      unit_monthly_paise: unit,
      days,
      days_in_year: daysInCoverYear(m),
      discount_pct: m.contents.bill.discount_pct,
      premium_paise: sign * premium,
      tax_lines: lines.map((l) => ({ ...l, paise: sign * l.paise })),
      tax_paise: sign * tax,
      total_paise: sign * (premium + tax),
      new_monthly_paise: null,
      starts_on: null,
      ...cover,
      ...(lateCredit
        ? {
            no_gst_reason: `Financial credit note without GST: the tax on a supply invoiced in FY 20${fy.slice(0, 2)}-${fy.slice(3, 5)} can be reduced only until ${longDate(
              deadline,
            )} (CGST Act s.34(2)), so the premium is refunded and no GST is adjusted.`,
          }
        : {}),
    };
  }
  // Monthly: the mandate's charge changes from the next charge on by the member's monthly price and its GST.
  const lines = taxLines(m.contents.tax_regime, unit);
  const tax = lines.reduce((s, l) => s + l.paise, 0);
  const nextCharge = nextChargeAfter(m, today);
  // An addition pays at once for the part of the month to the next charge (or the cover's end), pro rata
  // over that billing month's own days: the mandate's charge already collected did not include it.
  const monthsPaid = monthsPaidBy(m.coverStart, today);
  const monthStart = addMonths(m.coverStart, monthsPaid - 1);
  const partEnd = nextCharge === null ? m.coverEnd : addDays(nextCharge, -1);
  const partDays = daysBetween(coverFrom, partEnd) + 1;
  const periodDays = daysBetween(monthStart, partEnd) + 1;
  const partPremium = roundDiv(unit * partDays, periodDays);
  const partLines = taxLines(m.contents.tax_regime, partPremium);
  const partTax = partLines.reduce((s, l) => s + l.paise, 0);
  const dueNow: { due_now?: PartMonth } = charged
    ? {
        due_now: {
          from: coverFrom,
          to: partEnd,
          days: partDays,
          period_days: periodDays,
          premium_paise: partPremium,
          tax_lines: partLines,
          tax_paise: partTax,
          total_paise: partPremium + partTax,
        },
      }
    : {};
  return {
    policy: "monthly",
    unit_monthly_paise: unit,
    days: null,
    days_in_year: daysInCoverYear(m),
    discount_pct: 0,
    premium_paise: sign * unit,
    tax_lines: lines.map((l) => ({ ...l, paise: sign * l.paise })),
    tax_paise: sign * tax,
    total_paise: sign * (unit + tax),
    new_monthly_paise: null,
    starts_on: nextCharge,
    ...cover,
    ...dueNow,
  };
}

function nextChargeAfter(m: PaidMembership, today: string): string | null {
  const paid = monthsPaidBy(m.coverStart, today);
  return paid >= MANDATE_MONTHS ? null : addMonths(m.coverStart, paid);
}

export interface Subject {
  employeeCode: string;
  band: string;
  range: string;
  /** A family event that widens the employee's cover: the cover they leave. */
  fromRange?: string;
  /** The monthly price the change is priced on: a joiner's cover, or the step up to a wider family cover. */
  unit: number;
  /** The people to save to the census when confirmed (none for a leaver). */
  ready: ReadyRow[];
  /** The people the change names, as kept with it. */
  named: PersonInput[];
}

const rowsNeedFixing = (rejected: Rejection[]) => new HttpError(422, "Some rows need fixing", { rejected });

/** One employee's family as saved, read by their code alone (a batch of thousands never reads the whole list). */
function familyOf(ctx: ApiContext, orderId: string, code: string): SavedMember[] {
  return sql(
    ctx.db,
    "SELECT employee_code, full_name, date_of_birth, relationship, band, range_code AS range FROM members WHERE order_id = ? AND employee_code = ?",
  ).all(orderId, code) as SavedMember[];
}

/**
 * An employee's first day of cover: if added during the year, the day their premium was received (or, for
 * an addition quoted before that rule, the day they joined), else the cover's start.
 */
function firstDayOfCover(ctx: ApiContext, m: PaidMembership, code: string): string {
  const joined = sqlValues(
    ctx.db,
    `SELECT MAX(COALESCE(json_extract(price, '$.cover_from'), effective_date)) FROM membership_changes
      WHERE order_id = ? AND employee_code = ? AND kind = 'add' AND status = 'confirmed' AND event IS NULL`,
  ).get(m.order.order_id, code) as string | null;
  return joined !== null && joined > m.coverStart ? joined : m.coverStart;
}

/** A saved employee of this membership still covered, or 404 (another company's is not found either). */
function coveredEmployee(ctx: ApiContext, m: PaidMembership, code: string) {
  const family = familyOf(ctx, m.order.order_id, code);
  const employee = family.find((s) => s.relationship === "self");
  if (employee === undefined) throw new HttpError(404, "There is no such employee in your team.");
  const removed = sql(
    ctx.db,
    "SELECT 1 FROM membership_changes WHERE order_id = ? AND employee_code = ? AND kind = 'remove' AND status = 'confirmed'",
  ).get(m.order.order_id, code);
  if (removed !== undefined) throw new HttpError(409, "This employee has already been removed.");
  return { employee, family };
}

/** What a change is about, checked against the census as it is now (docs/product.md, Changes during the year). */
function subject(ctx: ApiContext, m: PaidMembership, req: ChangeRequest, today: string): Subject {
  const unitOf = (band: string, range: string) =>
    m.contents.people.find((p) => p.band === band && p.range === range)?.unit_monthly_paise;
  if (req.kind === "add") {
    const unit = unitOf(req.band, req.range);
    if (unit === undefined) {
      throw new HttpError(422, "No cover was bought for that age band and family cover.", { field: "range" });
    }
    // The employee's date of joining is the change's effective date.
    const rows = req.members.map((r, i) => ({
      ...r,
      row_number: i + 1,
      date_of_joining: i === 0 ? req.effective_date : r.date_of_joining,
    }));
    // Only the joiner's own code can clash with someone saved.
    const code = typeof rows[0]?.employee_code === "string" ? rows[0].employee_code.trim() : "";
    const checked = checkJoiner(rows, familyOf(ctx, m.order.order_id, code), {
      band: req.band,
      range: req.range,
      joinedOn: req.effective_date,
      today,
    });
    if (checked.rejected.length > 0) throw rowsNeedFixing(checked.rejected);
    const { ready } = checked;
    return {
      employeeCode: ready[0]!.member.employee_code,
      band: req.band,
      range: req.range,
      unit,
      ready,
      named: req.members,
    };
  }
  const { employee, family } = coveredEmployee(ctx, m, req.employee_code);
  const unit = unitOf(employee.band, employee.range)!;
  if (req.kind === "remove") {
    // Never a credit for days before the leaver was covered (docs/product.md, Changes during the year).
    const first = firstDayOfCover(ctx, m, employee.employee_code);
    if (req.effective_date < first)
      throw dateError(`The last day cannot be before their first day of cover (${longDate(first)}).`);
    return {
      employeeCode: employee.employee_code,
      band: employee.band,
      range: employee.range,
      unit,
      ready: [],
      named: family,
    };
  }
  return familyEvent(m, req, employee, family, unit, unitOf, today);
}

/**
 * A spouse after marriage or a newborn for a covered employee: within their family cover, at no charge,
 * or on the smallest wider cover bought in their band, priced on the difference (docs/product.md,
 * Changes during the year).
 */
function familyEvent(
  m: PaidMembership,
  req: Extract<ChangeRequest, { kind: "family" }>,
  employee: { employee_code: string; band: string; range: string },
  family: { full_name: string; date_of_birth: string; relationship: string }[],
  unit: number,
  unitOf: (band: string, range: string) => number | undefined,
  today: string,
): Subject {
  const asked = { ...req.member, employee_code: employee.employee_code, row_number: 1 };
  const read = readRow(asked, today);
  if ("problems" in read) throw rowsNeedFixing(read.problems);
  const person = read.member;
  const fail = (column: "relationship" | "date_of_birth" | "full_name", message: string) =>
    rowsNeedFixing([{ row_number: 1, column, value: String(person[column]), message }]);
  const spouse = person.relationship === "spouse";
  if (req.event === "marriage" && !spouse) throw fail("relationship", "A marriage adds a spouse");
  if (req.event === "birth" && person.relationship !== "son" && person.relationship !== "daughter")
    throw fail("relationship", "A birth adds a son or a daughter");
  if (req.event === "birth" && person.date_of_birth !== req.effective_date)
    throw fail("date_of_birth", "A newborn’s date of birth is the date of the birth");
  const age = ageOn(person.date_of_birth, req.effective_date);
  if (spouse && age < SPOUSE_MIN_AGE)
    throw fail("date_of_birth", `A spouse must be ${SPOUSE_MIN_AGE} or older on the date of the marriage`);
  const same = (f: { full_name: string; date_of_birth: string }) =>
    f.full_name.trim().toLowerCase() === person.full_name.toLowerCase() && f.date_of_birth === person.date_of_birth;
  if (family.some(same)) throw fail("full_name", "This person is already on the list");
  const spouses = family.filter((f) => f.relationship === "spouse").length + (spouse ? 1 : 0);
  const children =
    family.filter((f) => f.relationship === "son" || f.relationship === "daughter").length + (spouse ? 0 : 1);
  const fits = (range: string) => COVERS[range]!.spouses >= spouses && COVERS[range]!.children >= children;
  const wider = m.contents.people
    .filter((p) => p.band === employee.band && COVERS[p.range] !== undefined && fits(p.range))
    .sort((a, b) => COVERS[a.range]!.order - COVERS[b.range]!.order)[0];
  const range = fits(employee.range) ? employee.range : wider?.range;
  if (range === undefined) {
    throw fail(
      "relationship",
      spouse
        ? `No family cover bought for the ${bandLabel(employee.band)} band takes a spouse`
        : `No family cover bought for the ${bandLabel(employee.band)} band takes another child`,
    );
  }
  return {
    employeeCode: employee.employee_code,
    band: employee.band,
    range,
    ...(range === employee.range ? {} : { fromRange: employee.range }),
    unit: range === employee.range ? 0 : unitOf(employee.band, range)! - unit,
    ready: [{ row_number: 1, member: { ...person, band: employee.band, range, age_on_cover_start: age } }],
    named: [req.member],
  };
}

/**
 * What every quote of one call is checked and priced against, read once: the employees covered now and
 * what the confirmed changes add to the monthly charge. Quotes change neither.
 */
export interface Basis {
  employees: number;
  confirmedPaise: number;
  /** A monthly mandate's cancellation, if any: no one is added after it. */
  cancelled: Cancellation | null;
}
export function basisOf(ctx: ApiContext, m: PaidMembership): Basis {
  const confirmed = (
    sql(ctx.db, "SELECT price FROM membership_changes WHERE order_id = ? AND status = 'confirmed'").all(
      m.order.order_id,
    ) as { price: string }[]
  ).reduce((sum, r) => sum + (JSON.parse(r.price) as ChangePrice).total_paise, 0);
  return {
    employees: employeesNow(ctx, m),
    confirmedPaise: confirmed,
    cancelled: m.order.policy === "monthly" ? cancellationOf(ctx, m.order.order_id) : null,
  };
}

function checkHeadcount(basis: Basis, kind: ChangeRequest["kind"]): void {
  if (kind === "family") return;
  const after = basis.employees + (kind === "add" ? 1 : -1);
  if (after < MIN_EMPLOYEES) throw new HttpError(409, `At least ${MIN_EMPLOYEES} employees must stay covered.`);
  if (after > MAX_EMPLOYEES)
    throw new HttpError(409, `At most ${MAX_EMPLOYEES.toLocaleString("en-IN")} employees can be covered.`);
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

/** Checks and prices a change and keeps the quote; nothing about the membership changes yet. */
export function quoteChange(ctx: ApiContext, m: PaidMembership, req: ChangeRequest): ChangeJson {
  return ctx.db
    .transaction(() => {
      removeExpiredQuotes(ctx, m.order.order_id);
      return quoteOne(ctx, m, req, basisOf(ctx, m));
    })
    .immediate();
}

export type BatchQuote =
  { change: ChangeJson } | { error: { status: number; message: string; field?: string; rejected?: Rejection[] } };

/**
 * Quotes many changes in one transaction (an upload, docs/decisions/0042): each is checked and priced on its
 * own, exactly as one quote is, and answered in order with its change or its refusal. The quotes share
 * the batch's id, which "confirm all" names.
 */
export function quoteChanges(
  ctx: ApiContext,
  m: PaidMembership,
  reqs: readonly ChangeRequest[],
): { batch_id: string; results: BatchQuote[] } {
  const batchId = randomUUID();
  return ctx.db
    .transaction(() => {
      removeExpiredQuotes(ctx, m.order.order_id);
      const basis = basisOf(ctx, m);
      const results = reqs.map((req): BatchQuote => {
        try {
          return { change: quoteOne(ctx, m, req, basis, batchId) };
        } catch (error) {
          if (!(error instanceof HttpError)) throw error;
          const data = (error.data ?? {}) as { field?: string; rejected?: Rejection[] };
          return { error: { status: error.status, message: error.message, ...data } };
        }
      });
      return { batch_id: batchId, results };
    })
    .immediate();
}

function quoteOne(
  ctx: ApiContext,
  m: PaidMembership,
  req: ChangeRequest,
  basis: Basis,
  batchId: string | null = null,
): ChangeJson {
  const now = ctx.now();
  const today = istDate(now);
  checkDates(req, m, today, basis);
  const s = subject(ctx, m, req, today);
  checkHeadcount(basis, req.kind);
  const row: ChangeRow = {
    change_id: `KVC-${randomUUID()}`,
    order_id: m.order.order_id,
    kind: req.kind === "remove" ? "remove" : "add",
    employee_code: s.employeeCode,
    band: s.band,
    range_code: s.range,
    effective_date: req.effective_date,
    reason: req.kind === "remove" ? req.reason : null,
    priced_on: today,
    price: JSON.stringify(withMonthly(priceOf(req, s.unit, m, today), basis, m)),
    status: "quoted",
    quoted_at: now,
    confirmed_at: null,
    confirmed_by: null,
    members: JSON.stringify(req.kind === "remove" ? s.named.map(personShown) : s.named),
    event: req.kind === "family" ? req.event : null,
    from_range: s.fromRange ?? null,
  };
  sql(
    ctx.db,
    `INSERT INTO membership_changes (change_id, order_id, kind, employee_code, band, range_code, effective_date, reason,
      priced_on, price, status, quoted_at, confirmed_at, confirmed_by, members, event, from_range, batch_id)
     VALUES (@change_id, @order_id, @kind, @employee_code, @band, @range_code, @effective_date, @reason,
      @priced_on, @price, @status, @quoted_at, @confirmed_at, @confirmed_by, @members, @event, @from_range, @batch_id)`,
  ).run({ ...row, batch_id: batchId });
  return changeJson(row);
}

/** A leaver's family as the change names them: who they are, not how to reach them. */
function personShown(p: PersonInput): PersonInput {
  return {
    employee_code: p.employee_code,
    full_name: p.full_name,
    relationship: p.relationship,
    date_of_birth: p.date_of_birth,
  };
}

/** The request a kept change was quoted for, to check and price it again. */
function requestOf(row: ChangeRow): ChangeRequest {
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

/** Monthly: the mandate's amount once this change and every confirmed one apply. */
function withMonthly(price: ChangePrice, basis: Basis, m: PaidMembership): ChangePrice {
  if (price.policy !== "monthly") return price;
  return { ...price, new_monthly_paise: m.order.amount_paise + basis.confirmedPaise + price.total_paise };
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

/**
 * The membership's credit a yearly addition uses: all of its total the credit covers (decision 0026), of
 * the credit no other open payment has reserved (decision 0042); 0 for every other change.
 */
export function creditFor(ctx: ApiContext, m: PaidMembership, row: ChangeRow): number {
  const price = JSON.parse(row.price) as ChangePrice;
  if (row.kind !== "add" || price.policy !== "yearly" || price.total_paise <= 0) return 0;
  return Math.min(creditAvailable(ctx, m.order.order_id, row.change_id), price.total_paise);
}

/**
 * What an addition asks the payment sandbox for before it is made (no cover before premium): yearly, its
 * total less the credit it uses; monthly, the part-month to the next charge; 0 for every other change,
 * made by a confirm.
 */
export function amountDue(ctx: ApiContext, m: PaidMembership, row: ChangeRow): number {
  const price = JSON.parse(row.price) as ChangePrice;
  if (row.kind !== "add" || price.total_paise <= 0) return 0;
  if (price.policy === "monthly") return price.due_now?.total_paise ?? 0;
  return price.total_paise - creditFor(ctx, m, row);
}

export type Requote = { ok: false; fresh: ChangeJson; pricedOn: string };
/** `row`: the change as priced again, when only the mandate's new total moved (confirmed together). */
export type Recheck = { ok: true; subject: Subject; row?: ChangeRow } | Requote;

/**
 * A quoted change checked and priced again as of now; a different price (the amount, the days, the charge
 * it starts from) is quoted afresh, never applied silently. The caller's transaction.
 */
export function recheck(
  ctx: ApiContext,
  m: PaidMembership,
  row: ChangeRow,
  basis = basisOf(ctx, m),
  { together = false, asOf }: { together?: boolean; asOf?: string } = {},
): Recheck {
  // A payment that settles later was made on `asOf`: its premium was received that day, as priced then.
  const today = asOf ?? istDate(ctx.now());
  const req = requestOf(row);
  checkDates(req, m, today, basis);
  checkHeadcount(basis, req.kind);
  const s = subject(ctx, m, req, today);
  const price = withMonthly(priceOf(req, s.unit, m, today), basis, m);
  if (JSON.stringify(price) === row.price) return { ok: true, subject: s };
  // Confirmed together, monthly changes move the mandate's total one after another: what each change
  // costs is as quoted, so only that total is brought up to date (docs/decisions/0042).
  const quoted = JSON.parse(row.price) as ChangePrice;
  if (together && JSON.stringify({ ...price, new_monthly_paise: quoted.new_monthly_paise }) === row.price) {
    const fresh = JSON.stringify(price);
    sql(ctx.db, "UPDATE membership_changes SET price = ? WHERE change_id = ?").run(fresh, row.change_id);
    return { ok: true, subject: s, row: { ...row, price: fresh } };
  }
  return { ok: false, fresh: quoteOne(ctx, m, req, basis), pricedOn: row.priced_on };
}

export const requoted = (r: Requote) =>
  new HttpError(
    409,
    `The price has changed since it was quoted on ${longDate(r.pricedOn)}: it is now shown again. Check it and confirm.`,
    { change: r.fresh },
  );

/**
 * Makes a rechecked change: saved to the census and confirmed, with its documents and, once the policy is
 * issued, its endorsement. The caller's transaction.
 */
export function makeChange(
  ctx: ApiContext,
  m: PaidMembership,
  row: ChangeRow,
  s: Subject,
  by: string,
  paid: { paymentId: string; creditPaise: number } | null = null,
): ChangeJson {
  const now = ctx.now();
  // The credit it uses: what its payment counted on, or, made by a confirm, what is free now.
  const creditPaise = paid?.creditPaise ?? creditFor(ctx, m, row);
  applyToCensus(ctx, m, s);
  sql(
    ctx.db,
    "UPDATE membership_changes SET status = 'confirmed', confirmed_at = ?, confirmed_by = ? WHERE change_id = ?",
  ).run(now, by, row.change_id);
  // Made: no payment of it holds credit any more (a later one is refunded whole).
  sql(ctx.db, "UPDATE change_payments SET credit_paise = 0 WHERE change_id = ?").run(row.change_id);
  const confirmed = changeJson({ ...row, status: "confirmed", confirmed_at: now, confirmed_by: by });
  issueChangeDocuments(ctx, { ...confirmed, payment_id: paid?.paymentId ?? null, credit_paise: creditPaise });
  recordEndorsement(ctx, row.change_id);
  return confirmed;
}

/**
 * Confirms a quoted change once, in an IMMEDIATE transaction: a second confirm of the same change answers
 * the change as confirmed. Confirmed on another day than it was priced, it is priced again; a different
 * price is refused with 409 and a fresh quote (kept: it is committed before the refusal), never charged
 * silently. A yearly addition with something to pay is made by its payment instead.
 */
export function confirmChange(ctx: ApiContext, m: PaidMembership, changeId: string, by: string): ChangeJson {
  const done = ctx.db
    .transaction((): ChangeJson | Requote => {
      const row = findChange(ctx, m, changeId);
      if (row.status === "confirmed") return changeJson(row);
      if (amountDue(ctx, m, row) > 0)
        throw new HttpError(409, "An addition is paid for before it is made: pay for it first.");
      const checked = recheck(ctx, m, row);
      return checked.ok ? makeChange(ctx, m, row, checked.subject, by) : checked;
    })
    .immediate();
  if ("change_id" in done) return done;
  throw requoted(done);
}

export type BatchConfirm = { change: ChangeJson } | { error: { change_id: string; status: number; message: string } };

/** Made together by "confirm all": every change but an addition with something to pay, paid on its own page. */
export function confirmableTogether(change: { kind: string; price: string }): boolean {
  const price = JSON.parse(change.price) as ChangePrice;
  return !(change.kind === "add" && price.total_paise > 0);
}

/**
 * "Confirm all" for an upload's batch in one call (docs/decisions/0042): each change that needs no payment
 * confirmed exactly as `confirmChange` does, in a savepoint of its own, so one refused (a price moved) leaves
 * the others made; one confirmed already is answered as it is (a second submit makes nothing twice). The
 * employees covered and the monthly charge are carried from change to change rather than read again.
 * 410 when none of the batch is left (its quotes expired and were removed).
 */
export function confirmBatch(ctx: ApiContext, m: PaidMembership, batchId: string, by: string): BatchConfirm[] {
  // Removed for good, whatever the answer.
  writeTransaction(ctx.db, () => removeExpiredQuotes(ctx, m.order.order_id));
  return ctx.db
    .transaction(() => {
      const rows = (
        sql(ctx.db, "SELECT * FROM membership_changes WHERE order_id = ? AND batch_id = ? ORDER BY rowid").all(
          m.order.order_id,
          batchId,
        ) as ChangeRow[]
      ).filter(confirmableTogether);
      if (rows.length === 0) throw new HttpError(410, "These changes have expired: upload the file again.");
      const basis = basisOf(ctx, m);
      return rows.map((row): BatchConfirm => {
        if (row.status === "confirmed") return { change: changeJson(row) };
        try {
          // A moved price is kept quoted afresh, as one confirm keeps it, and refused.
          const done = writeTransaction(ctx.db, (): ChangeJson | Requote => {
            const checked = recheck(ctx, m, row, basis, { together: true });
            return checked.ok ? makeChange(ctx, m, checked.row ?? row, checked.subject, by) : checked;
          });
          if (!("change_id" in done)) throw requoted(done);
          if (row.event === null) basis.employees += row.kind === "add" ? 1 : -1;
          basis.confirmedPaise += done.price.total_paise;
          return { change: done };
        } catch (error) {
          if (!(error instanceof HttpError)) throw error;
          return { error: { change_id: row.change_id, status: error.status, message: error.message } };
        }
      });
    })
    .immediate();
}

/** A confirmed joiner or family event is named in the census; a family event may widen the employee's cover. */
function applyToCensus(ctx: ApiContext, m: PaidMembership, s: Subject): void {
  if (s.ready.length === 0) return;
  insertMembers(ctx, m.order.order_id, s.ready);
  sql(ctx.db, "UPDATE members SET range_code = ? WHERE order_id = ? AND employee_code = ?").run(
    s.range,
    m.order.order_id,
    s.employeeCode,
  );
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

/** Monthly: how much each confirmed change adds to (or takes from) the charges from its start date on. */
export function chargeChanges(ctx: ApiContext, orderId: string): { starts_on: string; total_paise: number }[] {
  return (
    sql(ctx.db, "SELECT price FROM membership_changes WHERE order_id = ? AND status = 'confirmed'").all(orderId) as {
      price: string;
    }[]
  )
    .map((r) => JSON.parse(r.price) as ChangePrice)
    .filter((p) => p.policy === "monthly" && p.starts_on !== null)
    .map((p) => ({ starts_on: p.starts_on!, total_paise: p.total_paise }));
}
