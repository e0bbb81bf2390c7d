import { z } from "zod";
import { apiRequest } from "./http.server";

/** Calls to the employer v1 backend. Shapes follow docs/api-contract.md. */

/**
 * The catalogue (coverages, plans, plan prices, payment options) is the same for every admin: the
 * contract ties none of it to the caller, only the plans to the company, coverages and partner
 * source, which are in the request and so in the key. A page view is then one cart read and a
 * render, not two or three more upstream calls. Kept a minute, so an upstream change shows within
 * one; the amounts charged come from the upstream's cart and order, never from here.
 */
const CATALOGUE_TTL_MS = 60_000;

const paise = z.number().int();
const flag = z.number().int().transform((v) => v === 1);

const company = z.object({
  gstin: z.string(),
  company_name: z.string(),
  state_code: z.string(),
  state_name: z.string(),
  is_sez: flag,
});
export type Company = z.infer<typeof company>;

export function lookupGstin(token: string, gstin: string) {
  return apiRequest({ backend: "employer", path: `/employer/gstin/${encodeURIComponent(gstin)}`, token, data: company });
}

const companies = z.array(company);

export function searchEmployers(token: string, text: string) {
  return apiRequest({ backend: "employer", path: "/employer/search-employer", query: { text }, token, data: companies });
}

const coverage = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  is_default: flag,
  is_required: flag,
  monthly_paise: paise,
});
export type Coverage = z.infer<typeof coverage>;

const coverages = z.array(coverage);

export function getCoverages(token: string) {
  return apiRequest({ backend: "employer", path: "/plan/coverages", token, sharedForMs: CATALOGUE_TTL_MS, data: coverages });
}

const plan = z.object({
  plan_id: z.string(),
  group_id: z.string(),
  name: z.string(),
  sum_insured_inr: z.number().int(),
  default_visibility: flag,
  features: z.array(z.string()),
  from_monthly_paise: paise,
});
export type Plan = z.infer<typeof plan>;

export interface PlanQuery {
  gstin: string;
  coverage_ids: string[];
  source?: string;
  mid?: string;
  identifier?: string;
}

const plans = z.object({ source: z.string().nullable(), plans: z.array(plan) });

export function getPlans(token: string, query: PlanQuery) {
  return apiRequest({
    backend: "employer",
    method: "POST",
    path: "/plan/get-plans",
    token,
    body: query,
    sharedForMs: CATALOGUE_TTL_MS,
    data: plans,
  });
}

const pricing = z.object({
  group_id: z.string(),
  policy: z.string(),
  yearly_discount_pct: z.number(),
  ranges: z.array(z.object({ code: z.string(), label: z.string() })),
  bands: z.array(z.object({ code: z.string(), label: z.string() })),
  rates: z.array(z.object({ band: z.string(), range: z.string(), monthly_paise: paise })),
});
export type Pricing = z.infer<typeof pricing>;

export function getPricing(token: string, groupId: string, policy: "monthly" | "yearly" = "monthly") {
  return apiRequest({
    backend: "employer",
    path: "/plan/plan-pricing-details",
    query: { group_id: groupId, policy },
    token,
    sharedForMs: CATALOGUE_TTL_MS,
    data: pricing,
  });
}

const policy = z.enum(["monthly", "yearly"]);
export type Policy = z.infer<typeof policy>;

const bill = z.object({
  policy,
  months: z.number().int(),
  discount_pct: z.number(),
  premium_paise: paise,
  saving_paise: paise,
  tax_lines: z.array(z.object({ label: z.string(), rate_bp: z.number().int(), paise })),
  tax_paise: paise,
  total_paise: paise,
});
export type Bill = z.infer<typeof bill>;

const quote = z.object({
  members: z.number().int(),
  tax_regime: z.enum(["intra", "inter", "sez"]),
  lines: z.array(
    z.object({ band: z.string(), range: z.string(), count: z.number().int(), unit_monthly_paise: paise, monthly_paise: paise }),
  ),
  monthly: bill,
  yearly: bill,
});
export type Quote = z.infer<typeof quote>;

const orderStatus = z.enum(["created", "attempted", "pending", "paid"]);
export type OrderStatus = z.infer<typeof orderStatus>;

const order = z.object({
  order_id: z.string(),
  receipt: z.string(),
  status: orderStatus,
  policy,
  amount_paise: paise,
  premium_paise: paise,
  tax_paise: paise,
  currency: z.literal("INR"),
  checkout_url: z.string().refine((u) => u.startsWith("/") || /^https?:\/\//.test(u), "checkout_url must be a URL"),
  payment_id: z.string().nullable(),
  paid_at: z.string().nullable(),
});
export type Order = z.infer<typeof order>;

const peopleRow = z.object({ band: z.string(), range: z.string(), count: z.number().int() });
export type PeopleRow = z.infer<typeof peopleRow>;

const cart = z.object({
  company: company.nullable(),
  admin: z.object({ name: z.string(), email: z.string(), total_employees: z.number().int().nullable() }).nullable(),
  plan: z
    .object({
      plan_id: z.string(),
      group_id: z.string(),
      name: z.string(),
      sum_insured_inr: z.number().int(),
      coverage_ids: z.array(z.string()),
      coverages: z.array(z.object({ id: z.string(), name: z.string() })),
    })
    .nullable(),
  people: z.object({ rows: z.array(peopleRow), total: z.number().int() }).nullable(),
  billing: z.object({ policy }).nullable(),
  quote: quote.nullable(),
  order: order.nullable(),
  updated_at: z.string(),
});
export type Cart = z.infer<typeof cart>;

export function getCart(token: string) {
  return apiRequest({ backend: "employer", path: "/carts/get", token, data: cart });
}

export type CartUpdate =
  | { type: "company"; item: { gstin: string } }
  | { type: "admin"; item: { name: string; email: string; total_employees: number | null } }
  | { type: "plan"; item: { plan_id: string; coverage_ids: string[] } }
  | { type: "people"; item: { rows: PeopleRow[] } }
  | { type: "billing"; item: { policy: Policy } };

export function updateCart(token: string, update: CartUpdate) {
  return apiRequest({ backend: "employer", method: "POST", path: "/carts/update", token, body: update, data: cart });
}

const paymentOption = z.object({ policy, label: z.string(), months: z.number().int(), discount_pct: z.number() });
export type PaymentOption = z.infer<typeof paymentOption>;

const paymentOptions = z.array(paymentOption);

export function getPaymentOptions(token: string) {
  return apiRequest({ backend: "employer", path: "/checkout/payment-options", token, sharedForMs: CATALOGUE_TTL_MS, data: paymentOptions });
}

export function createOrder(token: string, input: { policy: Policy; callback_url: string }) {
  return apiRequest({ backend: "employer", method: "POST", path: "/checkout/order/create", token, body: input, data: order });
}

const verification = z.object({
  order_id: z.string(),
  status: orderStatus,
  amount_paise: paise,
  policy,
  payment_id: z.string().nullable(),
  paid_at: z.string().nullable(),
});
export type Verification = z.infer<typeof verification>;

export interface GatewayCallback {
  razorpay_order_id: string;
  razorpay_payment_id?: string;
  razorpay_signature?: string;
}

/** Public: the gateway signature is the proof, so the cookieless payment callback can call it. */
/** The gateway's callback; without a payment id or signature it is a look-up, which needs the owner's token. */
export function verifyOrder(callback: GatewayCallback, token?: string) {
  return apiRequest({ backend: "employer", method: "POST", path: "/checkout/order/verify", body: callback, token, data: verification });
}

const testimonial = z.object({
  id: z.union([z.string(), z.number()]),
  testimonialContent: z.string(),
  author: z.object({ name: z.string(), organization: z.string(), designation: z.string(), imageUrl: z.string() }),
});
export type Testimonial = z.infer<typeof testimonial>;

const testimonials = z.object({ testimonials: z.array(testimonial) }).transform((d) => d.testimonials);

export function getTestimonials() {
  return apiRequest({ backend: "employer", path: "/web-contents", data: testimonials });
}
