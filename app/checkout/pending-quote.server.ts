import { updateCart } from "~/upstream/employer.server";
import type { CalculatorChoice } from "~/calculator/calculator";
import type { Toast } from "~/components/toast";

/**
 * "Buy this" on the public price calculator (docs/product.md, Public pages): the visitor's plan,
 * benefits and people go into the API's cart, as plan-select and add-people would put them, so
 * the checkout shows them. Only what the visitor chose: required benefits the API adds itself.
 * Callers run it through `attempt` (a paid cart refuses, with the upstream's message).
 */
export async function writeChoiceToCart(token: string, choice: CalculatorChoice) {
  await updateCart(token, { type: "plan", item: { plan_id: choice.planId, coverage_ids: choice.coverage } });
  return updateCart(token, { type: "people", item: { rows: choice.rows } });
}

/** The toast after the choice went in, or did not. */
export function choiceToast(refusal: string | null): Toast {
  return refusal === null
    ? { kind: "success", message: "Your people, plan and benefits from the price calculator are in your checkout." }
    : { kind: "warning", message: `We could not carry your price into the checkout: ${refusal}` };
}
