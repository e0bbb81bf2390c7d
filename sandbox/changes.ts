// Changes during the year to a paid membership (docs/product.md, Changes during the year): a joiner added
// or a leaver removed, each with an effective date, priced pro rata by the days left in the policy year
// on the member's band and family cover, with GST as at purchase; quoted first, then confirmed once.
import { randomUUID } from "node:crypto";
import { issueChangeDocuments } from "./change-documents";
import type { ApiContext } from "./context";
import { iso } from "./context";
import { addDays, addMonths, istDate, longDate } from "./dates";
import { HttpError } from "./envelope";
import { MANDATE_MONTHS, lastPaidDay, monthsPaidBy } from "./mandate";
import type { PaidMembership } from "./members";
import { roundDiv, type TaxLine, taxLines } from "./pricing";
import { sql } from "./statements";

/** How far back an effective date may go (a joiner's first day, a leaver's last day). */
export const BACKDATE_DAYS = 30;
export const MIN_EMPLOYEES = 2;
export const MAX_EMPLOYEES = 10_000;
const DAYS_IN_YEAR = 365;

export type ChangeRequest =
  | { kind: "add"; employee_code: string; band: string; range: string; effective_date: string }
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
}

interface ChangeRow {
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
}

/** Days between two YYYY-MM-DD dates (b − a). */
function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}

/**
 * The pro-rata premium: monthly price × 12 × days ÷ 365, less the yearly discount the purchase had,
 * rounded half up to the paisa. Integer arithmetic only (docs/product.md, Changes during the year).
 */
export function proRataPaise(unitMonthlyPaise: number, days: number, discountPct: number): number {
  return roundDiv(unitMonthlyPaise * 12 * days * (100 - discountPct), DAYS_IN_YEAR * 100);
}

/** Employees covered now: bought, plus confirmed joiners, less confirmed leavers. */
export function employeesNow(ctx: ApiContext, m: PaidMembership): number {
  const bought = m.contents.people.reduce((sum, p) => sum + p.count, 0);
  const changes = sql(
    ctx.db,
    "SELECT kind, count(*) AS n FROM membership_changes WHERE order_id = ? AND status = 'confirmed' GROUP BY kind",
  ).all(m.order.order_id) as { kind: "add" | "remove"; n: number }[];
  return changes.reduce((sum, c) => sum + (c.kind === "add" ? c.n : -c.n), bought);
}

/** The last day paid for: yearly, the cover's end; monthly, the end of the last month whose charge was collected. */
function paidUntil(m: PaidMembership, today: string): string {
  if (m.order.policy === "yearly") return m.coverEnd;
  return lastPaidDay(m.coverStart, monthsPaidBy(m.coverStart, today));
}

const dateError = (message: string) => new HttpError(422, message, { field: "effective_date" });

/** The rules every change must meet, whoever asks (docs/product.md, Changes during the year). */
function checkDates(req: ChangeRequest, m: PaidMembership, today: string): void {
  const oldest = addDays(today, -BACKDATE_DAYS);
  const d = req.effective_date;
  if (d < m.coverStart) throw dateError(`The date is before the cover started (${longDate(m.coverStart)}).`);
  if (req.kind === "add") {
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
  req: { kind: "add" | "remove"; effective_date: string },
  unit: number,
  m: PaidMembership,
  today: string,
): ChangePrice {
  const yearly = m.order.policy === "yearly";
  const sign = req.kind === "add" ? 1 : -1;
  if (yearly) {
    // A joiner is covered from their first day to the cover's end; a leaver gives back the days after their last.
    const days =
      req.kind === "add"
        ? daysBetween(req.effective_date, m.coverEnd) + 1
        : daysBetween(req.effective_date, m.coverEnd);
    const premium = proRataPaise(unit, days, m.contents.bill.discount_pct);
    const lines = taxLines(m.contents.tax_regime, premium);
    const tax = lines.reduce((s, l) => s + l.paise, 0);
    return {
      policy: "yearly",
      unit_monthly_paise: unit,
      days,
      days_in_year: DAYS_IN_YEAR,
      discount_pct: m.contents.bill.discount_pct,
      premium_paise: sign * premium,
      tax_lines: lines.map((l) => ({ ...l, paise: sign * l.paise })),
      tax_paise: sign * tax,
      total_paise: sign * (premium + tax),
      new_monthly_paise: null,
      starts_on: null,
    };
  }
  // Monthly: the mandate's charge changes from the next charge on by the member's monthly price and its GST.
  const lines = taxLines(m.contents.tax_regime, unit);
  const tax = lines.reduce((s, l) => s + l.paise, 0);
  const nextCharge = nextChargeAfter(m, today);
  return {
    policy: "monthly",
    unit_monthly_paise: unit,
    days: null,
    days_in_year: DAYS_IN_YEAR,
    discount_pct: 0,
    premium_paise: sign * unit,
    tax_lines: lines.map((l) => ({ ...l, paise: sign * l.paise })),
    tax_paise: sign * tax,
    total_paise: sign * (unit + tax),
    new_monthly_paise: null,
    starts_on: nextCharge,
  };
}

function nextChargeAfter(m: PaidMembership, today: string): string | null {
  const paid = monthsPaidBy(m.coverStart, today);
  return paid >= MANDATE_MONTHS ? null : addMonths(m.coverStart, paid);
}

/** What a change is about: a joiner's bought band and cover, or a saved employee being removed. */
function subject(
  ctx: ApiContext,
  m: PaidMembership,
  req: ChangeRequest,
): { band: string; range: string; unit: number } {
  if (req.kind === "add") {
    const bought = m.contents.people.find((p) => p.band === req.band && p.range === req.range);
    if (bought === undefined) {
      throw new HttpError(422, "No cover was bought for that age band and family cover.", { field: "range" });
    }
    const taken = sql(
      ctx.db,
      "SELECT 1 FROM members WHERE order_id = ? AND employee_code = ? AND relationship = 'self'",
    ).get(m.order.order_id, req.employee_code);
    if (taken !== undefined)
      throw new HttpError(422, "An employee with this code is already covered.", { field: "employee_code" });
    return { band: req.band, range: req.range, unit: bought.unit_monthly_paise };
  }
  const member = sql(
    ctx.db,
    "SELECT band, range_code AS range FROM members WHERE order_id = ? AND employee_code = ? AND relationship = 'self'",
  ).get(m.order.order_id, req.employee_code) as { band: string; range: string } | undefined;
  // Another company's employee is not found, exactly like one that does not exist.
  if (member === undefined) throw new HttpError(404, "There is no such employee in your team.");
  const removed = sql(
    ctx.db,
    "SELECT 1 FROM membership_changes WHERE order_id = ? AND employee_code = ? AND kind = 'remove' AND status = 'confirmed'",
  ).get(m.order.order_id, req.employee_code);
  if (removed !== undefined) throw new HttpError(409, "This employee has already been removed.");
  const bought = m.contents.people.find((p) => p.band === member.band && p.range === member.range)!;
  return { band: member.band, range: member.range, unit: bought.unit_monthly_paise };
}

function checkHeadcount(ctx: ApiContext, m: PaidMembership, kind: "add" | "remove"): void {
  const after = employeesNow(ctx, m) + (kind === "add" ? 1 : -1);
  if (after < MIN_EMPLOYEES) throw new HttpError(409, `At least ${MIN_EMPLOYEES} employees must stay covered.`);
  if (after > MAX_EMPLOYEES)
    throw new HttpError(409, `At most ${MAX_EMPLOYEES.toLocaleString("en-IN")} employees can be covered.`);
}

function changeJson(row: ChangeRow) {
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
  };
}
export type ChangeJson = ReturnType<typeof changeJson>;

/** Checks and prices a change and keeps the quote; nothing about the membership changes yet. */
export function quoteChange(ctx: ApiContext, m: PaidMembership, req: ChangeRequest): ChangeJson {
  const now = ctx.now();
  const today = istDate(now);
  checkDates(req, m, today);
  const s = subject(ctx, m, req);
  checkHeadcount(ctx, m, req.kind);
  const row: ChangeRow = {
    change_id: `KVC-${randomUUID()}`,
    order_id: m.order.order_id,
    kind: req.kind,
    employee_code: req.employee_code,
    band: s.band,
    range_code: s.range,
    effective_date: req.effective_date,
    reason: req.kind === "remove" ? req.reason : null,
    priced_on: today,
    price: JSON.stringify(withMonthly(priceOf(req, s.unit, m, today), ctx, m)),
    status: "quoted",
    quoted_at: now,
    confirmed_at: null,
    confirmed_by: null,
  };
  sql(
    ctx.db,
    `INSERT INTO membership_changes (change_id, order_id, kind, employee_code, band, range_code, effective_date, reason,
      priced_on, price, status, quoted_at, confirmed_at, confirmed_by)
     VALUES (@change_id, @order_id, @kind, @employee_code, @band, @range_code, @effective_date, @reason,
      @priced_on, @price, @status, @quoted_at, @confirmed_at, @confirmed_by)`,
  ).run(row);
  return changeJson(row);
}

/** Monthly: the mandate's amount once this change and every confirmed one apply. */
function withMonthly(price: ChangePrice, ctx: ApiContext, m: PaidMembership): ChangePrice {
  if (price.policy !== "monthly") return price;
  const confirmed = (
    sql(ctx.db, "SELECT price FROM membership_changes WHERE order_id = ? AND status = 'confirmed'").all(
      m.order.order_id,
    ) as {
      price: string;
    }[]
  ).reduce((sum, r) => sum + (JSON.parse(r.price) as ChangePrice).total_paise, 0);
  return { ...price, new_monthly_paise: m.order.amount_paise + confirmed + price.total_paise };
}

/**
 * Confirms a quoted change once, in an IMMEDIATE transaction: a second confirm of the same change answers
 * the change as confirmed. Confirmed on another day than it was priced, it is priced again; a different
 * price is refused with 409 and a fresh quote, never charged silently.
 */
export function confirmChange(ctx: ApiContext, m: PaidMembership, changeId: string, by: string): ChangeJson {
  return ctx.db
    .transaction(() => {
      const row = sql(ctx.db, "SELECT * FROM membership_changes WHERE change_id = ? AND order_id = ?").get(
        changeId,
        m.order.order_id,
      ) as ChangeRow | undefined;
      if (row === undefined) throw new HttpError(404, "There is no such change.");
      if (row.status === "confirmed") return changeJson(row);
      const now = ctx.now();
      const today = istDate(now);
      const req =
        row.kind === "add"
          ? {
              kind: "add" as const,
              employee_code: row.employee_code,
              band: row.band,
              range: row.range_code,
              effective_date: row.effective_date,
            }
          : {
              kind: "remove" as const,
              employee_code: row.employee_code,
              effective_date: row.effective_date,
              reason: row.reason ?? "",
            };
      checkDates(req, m, today);
      checkHeadcount(ctx, m, row.kind);
      const s = subject(ctx, m, req);
      const price = withMonthly(priceOf(req, s.unit, m, today), ctx, m);
      // Any difference (the amount, the days, the charge it starts from) is a new price, never applied silently.
      if (JSON.stringify(price) !== row.price) {
        const fresh = quoteChange(ctx, m, req);
        throw new HttpError(
          409,
          `The price has changed since it was quoted on ${longDate(row.priced_on)}: it is now shown again. Check it and confirm.`,
          { change: fresh },
        );
      }
      sql(
        ctx.db,
        "UPDATE membership_changes SET status = 'confirmed', confirmed_at = ?, confirmed_by = ? WHERE change_id = ?",
      ).run(now, by, row.change_id);
      const confirmed = changeJson({ ...row, status: "confirmed", confirmed_at: now, confirmed_by: by });
      issueChangeDocuments(ctx, confirmed);
      return confirmed;
    })
    .immediate();
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
