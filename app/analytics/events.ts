/** Tracked events (docs/product.md, Analytics events): every name the product emits, spelled once. */
export const PURCHASE_EVENTS = [
  "purchase_account_details_proceed",
  "purchase_company_details_proceed",
  "purchase_select_plan_buy",
  "purchase_age_distribution",
  "purchase_age_distribution_proceed",
  "purchase_checkout_proceed",
  "purchase_payment_method",
  "purchase_payment_buy_button",
  "purchase_payment_final",
  "purchase_payment_fail_try_again",
  "purchase_payment_success",
  "purchase_faq",
] as const;

export type PurchaseEvent = (typeof PURCHASE_EVENTS)[number];
