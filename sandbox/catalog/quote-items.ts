import type { Coverage, Plan } from "./catalog";
import { type Bill, type Quote, roundDiv } from "./pricing";

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
function billItems(
  plan: Pick<Plan, "plan_id" | "name">,
  coverages: Coverage[],
  members: number,
  bill: Bill,
): BillItem[] {
  const benefits: BillItem[] = coverages.map((c) => ({
    kind: "benefit",
    id: c.id,
    name: c.name,
    quantity: members,
    amount_paise: roundDiv(c.monthly_paise * members * bill.months * (100 - bill.discount_pct), 100),
  }));
  const benefitsPaise = benefits.reduce((sum, b) => sum + b.amount_paise, 0);
  const planItem: BillItem = {
    kind: "plan",
    id: plan.plan_id,
    name: plan.name,
    quantity: members,
    amount_paise: bill.premium_paise - benefitsPaise,
  };
  return [planItem, ...benefits];
}

/** A quote as the contract answers it: each bill with its items (the cart's, or one asked for). */
export function quoteWithItems(plan: Pick<Plan, "plan_id" | "name">, coverages: Coverage[], quote: Quote) {
  return {
    ...quote,
    monthly: { ...quote.monthly, items: billItems(plan, coverages, quote.members, quote.monthly) },
    yearly: { ...quote.yearly, items: billItems(plan, coverages, quote.members, quote.yearly) },
  };
}
