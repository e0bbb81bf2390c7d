// Quote arithmetic: pure functions over integer paise (see sandbox/catalog/PRICES.md for the rules in prose).

export type Policy = "monthly" | "yearly";
export const YEARLY_DISCOUNT_PCT = 10;
// Kavach's registered office is in Bengaluru: buyers in Karnataka pay CGST + SGST, others IGST.
export const SELLER_STATE_CODE = "29";
const CGST_BP = 900;
const SGST_BP = 900;
const IGST_BP = 1800;

export type TaxRegime = "intra" | "inter" | "sez";

export interface PricedRow {
  band: string;
  range: string;
  count: number;
  unit_monthly_paise: number;
}

export interface QuoteLine extends PricedRow {
  monthly_paise: number;
}

export interface TaxLine {
  label: string;
  rate_bp: number;
  paise: number;
}

export interface Bill {
  policy: Policy;
  months: 1 | 12;
  discount_pct: number;
  premium_paise: number;
  saving_paise: number;
  tax_lines: TaxLine[];
  tax_paise: number;
  total_paise: number;
}

export interface Quote {
  members: number;
  tax_regime: TaxRegime;
  lines: QuoteLine[];
  monthly: Bill;
  yearly: Bill;
}

/** Integer division rounded half up, for non-negative integers (no floating-point half cases). */
export function roundDiv(numerator: number, denominator: number): number {
  return Math.floor((2 * numerator + denominator) / (2 * denominator));
}

/** Supplies to an SEZ unit are zero-rated; otherwise the place of supply is the buyer's state. */
export function taxRegimeFor(buyerStateCode: string, isSez: boolean): TaxRegime {
  if (isSez) return "sez";
  return buyerStateCode === SELLER_STATE_CODE ? "intra" : "inter";
}

export function taxLines(regime: TaxRegime, premiumPaise: number): TaxLine[] {
  const line = (label: string, rate_bp: number): TaxLine => ({
    label,
    rate_bp,
    paise: roundDiv(premiumPaise * rate_bp, 10_000),
  });
  switch (regime) {
    case "intra":
      return [line("CGST 9%", CGST_BP), line("SGST 9%", SGST_BP)];
    case "inter":
      return [line("IGST 18%", IGST_BP)];
    case "sez":
      return [];
  }
}

function bill(policy: Policy, premiumPaise: number, regime: TaxRegime): Bill {
  const lines = taxLines(regime, premiumPaise);
  const tax = lines.reduce((sum, l) => sum + l.paise, 0);
  return {
    policy,
    months: policy === "monthly" ? 1 : 12,
    discount_pct: policy === "monthly" ? 0 : YEARLY_DISCOUNT_PCT,
    premium_paise: premiumPaise,
    saving_paise: 0,
    tax_lines: lines,
    tax_paise: tax,
    total_paise: premiumPaise + tax,
  };
}

/** Member price per month: the insurance rate plus the add-on prices of the chosen coverages. */
export function unitMonthlyPaise(ratePaise: number, coverageMonthlyPaise: readonly number[]): number {
  return coverageMonthlyPaise.reduce((sum, p) => sum + p, ratePaise);
}

export function computeQuote(rows: readonly PricedRow[], regime: TaxRegime): Quote {
  const lines = rows.map((r) => ({ ...r, monthly_paise: r.unit_monthly_paise * r.count }));
  const monthlyPremium = lines.reduce((sum, l) => sum + l.monthly_paise, 0);
  const monthly = bill("monthly", monthlyPremium, regime);
  const yearly = bill("yearly", roundDiv(monthlyPremium * 12 * (100 - YEARLY_DISCOUNT_PCT), 100), regime);
  // The saving is what paying twelve monthly bills would cost more, tax included.
  yearly.saving_paise = 12 * monthly.total_paise - yearly.total_paise;
  return {
    members: lines.reduce((sum, l) => sum + l.count, 0),
    tax_regime: regime,
    lines,
    monthly,
    yearly,
  };
}
