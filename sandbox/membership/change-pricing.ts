// What a change costs (docs/product.md, Changes during the year): pro rata by the days left in the policy
// year on the member's band and family cover, with GST as at purchase; monthly, the charge it moves.
import type { ApiContext } from "../shared/context";
import { addDays, addMonths, financialYear, longDate, section34Deadline } from "../shared/dates";
import { type Cancellation, MANDATE_MONTHS, cancellationOf, monthsPaidBy } from "../billing/mandate";
import type { PaidMembership } from "./members";
import { roundDiv, taxLines } from "../catalog/pricing";
import { sql } from "../store/statements";
import type { ChangeRequest, ChangePrice, PartMonth } from "./change-rules";

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

/** Prices a change as of `today` (the pro-rata days depend on the effective date only; the bands on the purchase). */
export function priceOf(
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
    // The purchase's invoices are dated the day it was paid, the cover's first day (billing/invoices.ts).
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

/** Monthly: the mandate's amount once this change and every confirmed one apply. */
export function withMonthly(price: ChangePrice, basis: Basis, m: PaidMembership): ChangePrice {
  if (price.policy !== "monthly") return price;
  return { ...price, new_monthly_paise: m.order.amount_paise + basis.confirmedPaise + price.total_paise };
}
