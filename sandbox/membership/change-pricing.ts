// What a change costs (docs/product.md, Changes during the year): pro rata by the days left in the policy
// year on the member's band and family cover, with GST as at purchase; monthly, the charge it moves.
import type { ApiContext } from "../shared/context";
import { addMonths } from "../shared/dates";
import { MANDATE_MONTHS, monthsPaidBy } from "../billing/mandate";
import type { PaidMembership } from "./members";
import { roundDiv, taxLines } from "../catalog/pricing";
import { sql } from "../store/statements";
import type { ChangeRequest, ChangePrice } from "./change-rules";

const DAYS_IN_YEAR = 365;

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
  if (yearly) {
    // A joiner is covered from their first day to the cover's end; a leaver gives back the days after their last.
    const days =
      req.kind !== "remove"
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

/**
 * What every quote of one call is checked and priced against, read once: the employees covered now and
 * what the confirmed changes add to the monthly charge. Quotes change neither.
 */
export interface Basis {
  employees: number;
  confirmedPaise: number;
}
export function basisOf(ctx: ApiContext, m: PaidMembership): Basis {
  const confirmed = (
    sql(ctx.db, "SELECT price FROM membership_changes WHERE order_id = ? AND status = 'confirmed'").all(
      m.order.order_id,
    ) as { price: string }[]
  ).reduce((sum, r) => sum + (JSON.parse(r.price) as ChangePrice).total_paise, 0);
  return { employees: employeesNow(ctx, m), confirmedPaise: confirmed };
}

/** Monthly: the mandate's amount once this change and every confirmed one apply. */
export function withMonthly(price: ChangePrice, basis: Basis, m: PaidMembership): ChangePrice {
  if (price.policy !== "monthly") return price;
  return { ...price, new_monthly_paise: m.order.amount_paise + basis.confirmedPaise + price.total_paise };
}
