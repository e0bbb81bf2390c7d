// What an order was created from: the priced cart, frozen as JSON on the order (docs/product.md,
// After the purchase). The membership page and the tax invoice read this, never the live cart.
import type { CartDetails } from "./cart";
import { listBands, listRanges } from "../catalog/catalog";
import type { ApiContext } from "../shared/context";
import { type Bill, type Policy, type TaxRegime } from "../catalog/pricing";
import { sqlValues } from "../store/statements";

export interface OrderContents {
  company: {
    gstin: string;
    company_name: string;
    state_code: string;
    state_name: string;
    is_sez: 0 | 1;
    address: string;
  };
  admin: { name: string; email: string };
  plan: { plan_id: string; name: string; sum_insured_inr: number };
  coverages: { id: string; name: string; monthly_paise: number }[];
  people: {
    band: string;
    band_label: string;
    range: string;
    range_label: string;
    count: number;
    rate_paise: number;
    unit_monthly_paise: number;
  }[];
  members: number;
  tax_regime: TaxRegime;
  bill: Bill;
}

/** The snapshot for a complete cart (the caller has checked it is complete). */
export function orderContents(ctx: ApiContext, cart: CartDetails, policy: Policy): OrderContents {
  const company = cart.company!;
  const plan = cart.plan!;
  const quote = cart.quote!;
  const bands = new Map(listBands(ctx.db).map((b) => [b.code, b.label]));
  const ranges = new Map(listRanges(ctx.db).map((r) => [r.code, r.label]));
  const addOns = plan.coverages.reduce((sum, c) => sum + c.monthly_paise, 0);
  const address = sqlValues(ctx.db, "SELECT address FROM companies WHERE gstin = ?").get(company.gstin) as string;
  return {
    company: { ...company, address },
    admin: { name: cart.admin!.name, email: cart.admin!.email },
    plan: { plan_id: plan.plan_id, name: plan.name, sum_insured_inr: plan.sum_insured_inr },
    coverages: plan.coverages.map((c) => ({ id: c.id, name: c.name, monthly_paise: c.monthly_paise })),
    people: quote.lines.map((l) => ({
      band: l.band,
      band_label: bands.get(l.band) ?? l.band,
      range: l.range,
      range_label: ranges.get(l.range) ?? l.range,
      count: l.count,
      rate_paise: l.unit_monthly_paise - addOns,
      unit_monthly_paise: l.unit_monthly_paise,
    })),
    members: quote.members,
    tax_regime: quote.tax_regime,
    bill: quote[policy],
  };
}
