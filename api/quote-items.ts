import type { CartDetails } from "./cart";
import { type Bill, roundDiv } from "./pricing";

export interface BillItem {
  kind: "plan" | "benefit";
  id: string;
  name: string;
  /** Members covered. */
  quantity: number;
  amount_paise: number;
}

/**
 * What a bill's premium pays for, item by item (the charged event's Items). Each benefit is its
 * add-on price for every member over the bill's months, less the bill's discount; the plan is the
 * rest of the premium, so the items always add up to the premium exactly.
 */
export function billItems(cart: CartDetails, bill: Bill): BillItem[] {
  if (cart.plan === null || cart.quote === null) return [];
  const members = cart.quote.members;
  const benefits: BillItem[] = cart.plan.coverages.map((c) => ({
    kind: "benefit",
    id: c.id,
    name: c.name,
    quantity: members,
    amount_paise: roundDiv(c.monthly_paise * members * bill.months * (100 - bill.discount_pct), 100),
  }));
  const benefitsPaise = benefits.reduce((sum, b) => sum + b.amount_paise, 0);
  const plan: BillItem = { kind: "plan", id: cart.plan.plan_id, name: cart.plan.name, quantity: members, amount_paise: bill.premium_paise - benefitsPaise };
  return [plan, ...benefits];
}
