import { keepRead, readOnce } from "./request-scope.server";
import { z } from "zod";
import { ApiError, apiRequest } from "./http.server";

/**
 * Calls to the employer v1 backend for the checkout: companies, the catalogue, the cart, quotes and
 * orders. Shapes follow docs/api-contract.md; the ones a membership or a tax document shares with the
 * cart (paise, dates, the company, the bill, the order) are exported for membership.server.ts and
 * tax-documents.server.ts.
 */

/**
 * The catalogue (coverages, plans, plan prices, payment options) is the same for every admin: the
 * contract ties none of it to the caller, only the plans to the company, coverages and partner
 * source, which are in the request and so in the key. A page view is then one cart read and a
 * render, not two or three more upstream calls. Kept a minute, so an upstream change shows within
 * one; the amounts charged come from the upstream's cart and order, never from here.
 */
const CATALOGUE_TTL_MS = 60_000;

export const paise = z.number().int();
export const flag = z
  .number()
  .int()
  .transform((v) => v === 1);

export const company = z.object({
  gstin: z.string(),
  company_name: z.string(),
  state_code: z.string(),
  state_name: z.string(),
  is_sez: flag,
  // The sandbox registry's made-up company (docs/product.md, GST details); a real registry sends no such field.
  sample: z
    .number()
    .int()
    .optional()
    .transform((v) => v === 1),
});
export type Company = z.infer<typeof company>;

export function lookupGstin(token: string, gstin: string) {
  return apiRequest({
    backend: "employer",
    path: `/employer/gstin/${encodeURIComponent(gstin)}`,
    token,
    data: company,
  });
}

/**
 * A GSTIN that already holds a membership (docs/product.md, One membership per company): the look-up,
 * the save and the order answer 409 with who to ask. Null for any other failure.
 */
const taken = z.object({
  membership_taken: z.object({
    gstin: z.string(),
    company_name: z.string(),
    owner_mobile: z.string(),
    you_have_access: z.boolean(),
    requested: z.boolean(),
  }),
});
export type MembershipTaken = z.infer<typeof taken>["membership_taken"] & { message: string };

export function membershipTaken(error: unknown): MembershipTaken | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const parsed = taken.safeParse(error.data);
  return parsed.success ? { ...parsed.data.membership_taken, message: error.message } : null;
}

/** Asks the owner of the GSTIN's membership to add the caller. */
export function requestAccess(token: string, gstin: string, name: string) {
  return apiRequest({
    backend: "employer",
    method: "POST",
    path: `/employer/gstin/${encodeURIComponent(gstin)}/access-request`,
    token,
    body: { name },
    data: z.object({ company_name: z.string(), owner_mobile: z.string(), status: z.literal("pending") }),
  });
}

const companies = z.array(company);

export function searchEmployers(token: string, text: string) {
  return apiRequest({
    backend: "employer",
    path: "/employer/search-employer",
    query: { text },
    token,
    data: companies,
  });
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
  return apiRequest({
    backend: "employer",
    path: "/plan/coverages",
    token,
    sharedForMs: CATALOGUE_TTL_MS,
    data: coverages,
  });
}

/**
 * Who underwrites a plan and who arranges it, with their IRDAI registration numbers
 * (docs/product.md, Who stands behind the cover). `sample`: invented sandbox data, shown as such.
 */
const underwriting = z
  .object({
    insurer: z.object({ name: z.string(), irdai_registration_no: z.string() }),
    intermediary: z.object({ name: z.string(), kind: z.string(), irdai_registration_no: z.string() }),
    sample: z.boolean(),
  })
  // The one sentence every page shows (plan cards, review, partner pages), made here on the server
  // so the checkout's script carries none of it: "Underwritten by …; arranged by …. Sample data."
  .transform((u) => ({
    ...u,
    line:
      `Underwritten by ${u.insurer.name} (IRDAI Reg. No. ${u.insurer.irdai_registration_no}); arranged by ` +
      `${u.intermediary.name}, ${u.intermediary.kind.toLowerCase()} (IRDAI Reg. No. ${u.intermediary.irdai_registration_no})` +
      (u.sample ? ". Sample data." : "."),
  }));
export type Underwriting = z.infer<typeof underwriting>;

/** How a plan's sum insured is shared: the catalogue's word, which every surface describes the same way. */
export const sumInsuredBasis = z.enum(["family_floater", "per_member"]);
export type SumInsuredBasis = z.infer<typeof sumInsuredBasis>;

const plan = z.object({
  plan_id: z.string(),
  group_id: z.string(),
  name: z.string(),
  sum_insured_inr: z.number().int(),
  sum_insured_basis: sumInsuredBasis,
  default_visibility: flag,
  features: z.array(z.string()),
  from_monthly_paise: paise,
  underwriting,
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

const labelledCodes = z.array(z.object({ code: z.string(), label: z.string() }));
const catalogue = z.object({ coverages, plans: z.array(plan), bands: labelledCodes, ranges: labelledCodes });
export type Catalogue = z.infer<typeof catalogue>;

/**
 * The public catalogue, the same for everyone and without a sign-in: plans with their "from" price
 * (the always-included cover only), the benefits, the age bands and family covers. The partner
 * landing pages quote it (docs/product.md, Partner pages) and the public price calculator offers
 * it (docs/decisions/0014), so every surface states the catalogue's prices.
 */
export function getCatalogue() {
  return apiRequest({
    backend: "employer",
    path: "/plan/catalogue",
    sharedForMs: CATALOGUE_TTL_MS,
    data: catalogue,
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

export const policy = z.enum(["monthly", "yearly"]);
export type Policy = z.infer<typeof policy>;

export const bill = z.object({
  policy,
  months: z.number().int(),
  discount_pct: z.number(),
  premium_paise: paise,
  saving_paise: paise,
  tax_lines: z.array(z.object({ label: z.string(), rate_bp: z.number().int(), paise })),
  tax_paise: paise,
  total_paise: paise,
  /** What the premium pays for, priced by the upstream (the charged event's Items). */
  items: z.array(
    z.object({
      kind: z.enum(["plan", "benefit"]),
      id: z.string(),
      name: z.string(),
      quantity: z.number().int(),
      amount_paise: paise,
    }),
  ),
});
export type Bill = z.infer<typeof bill>;

const quote = z.object({
  members: z.number().int(),
  tax_regime: z.enum(["intra", "inter", "sez"]),
  lines: z.array(
    z.object({
      band: z.string(),
      range: z.string(),
      count: z.number().int(),
      unit_monthly_paise: paise,
      monthly_paise: paise,
    }),
  ),
  monthly: bill,
  yearly: bill,
});
export type Quote = z.infer<typeof quote>;

// "superseded": the cart changed after the order was made, so it can no longer be paid.
const orderStatus = z.enum(["created", "attempted", "pending", "paid", "superseded"]);
export type OrderStatus = z.infer<typeof orderStatus>;

export const order = z.object({
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

/** A calendar date as every answer writes it (YYYY-MM-DD); the one shape the clients share. */
export const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

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
      sum_insured_basis: sumInsuredBasis,
      coverage_ids: z.array(z.string()),
      coverages: z.array(z.object({ id: z.string(), name: z.string(), is_required: flag, monthly_paise: paise })),
      underwriting,
      /** Each supplier's tax invoice the purchase will have, and what for (docs/decisions/0047). */
      documents: z.array(z.object({ supplier: z.string(), gstin: z.string(), document_for: z.string() })).default([]),
    })
    .nullable(),
  people: z
    .object({
      rows: z.array(peopleRow.extend({ band_label: z.string(), range_label: z.string(), lives: z.number().int() })),
      total: z.number().int(),
      /** Lives covered: employees and the family members their cover takes in (docs/product.md, Review). */
      lives: z.number().int(),
    })
    .nullable(),
  billing: z.object({ policy }).nullable(),
  quote: quote.nullable(),
  /** The cover a payment today would buy (docs/product.md, Review); null until the cart is priced. */
  cover: z.object({ start_date: isoDate, end_date: isoDate }).nullable(),
  order: order.nullable(),
  updated_at: z.string(),
});
export type Cart = z.infer<typeof cart>;

/** The admin's cart is read once a request, and a write's answer is the cart it left (request-scope.server.ts). */
const cartRead = (token: string) => `cart:${token}`;

export function getCart(token: string) {
  return readOnce(cartRead(token), () => apiRequest({ backend: "employer", path: "/carts/get", token, data: cart }));
}

export type CartUpdate =
  | { type: "company"; item: { gstin: string } }
  | { type: "admin"; item: { name: string; email: string; total_employees: number | null; authorised: true } }
  | { type: "plan"; item: { plan_id: string; coverage_ids: string[] } }
  | { type: "people"; item: { rows: PeopleRow[] } }
  | { type: "billing"; item: { policy: Policy } };

export async function updateCart(token: string, update: CartUpdate) {
  const saved = await apiRequest({
    backend: "employer",
    method: "POST",
    path: "/carts/update",
    token,
    body: update,
    data: cart,
  });
  keepRead(cartRead(token), saved);
  return saved;
}

/**
 * The price of the admin's cart with other people (or plan, or coverages) without writing it: the
 * live price of add-people and plan-select. The API computes it; the app only shows it.
 */
export function getQuote(token: string, request: { rows?: PeopleRow[]; plan_id?: string; coverage_ids?: string[] }) {
  return apiRequest({ backend: "employer", method: "POST", path: "/plan/quote", token, body: request, data: quote });
}

/**
 * The public calculator's price (docs/decisions/0014): the API's own pricing for a plan, coverages
 * and people, without a token and without writing anything; the GST lines for the regime the
 * visitor says applies (there is no company yet to tell).
 */
export function getEstimate(request: {
  rows: PeopleRow[];
  plan_id: string;
  coverage_ids: string[];
  tax_regime: "intra" | "inter" | "sez";
}) {
  return apiRequest({
    backend: "employer",
    method: "POST",
    path: "/plan/estimate",
    body: request,
    // Writes nothing, so a retry after an outage is harmless. Not shared: one answer per choice
    // of people would crowd the catalogue out of the shared answers.
    idempotent: true,
    data: quote,
  });
}

const paymentOption = z.object({ policy, label: z.string(), months: z.number().int(), discount_pct: z.number() });
export type PaymentOption = z.infer<typeof paymentOption>;

const paymentOptions = z.array(paymentOption);

export function getPaymentOptions(token: string) {
  return apiRequest({
    backend: "employer",
    path: "/checkout/payment-options",
    token,
    sharedForMs: CATALOGUE_TTL_MS,
    data: paymentOptions,
  });
}

export function createOrder(token: string, input: { policy: Policy; callback_url: string }) {
  return apiRequest({
    backend: "employer",
    method: "POST",
    path: "/checkout/order/create",
    token,
    body: input,
    data: order,
  });
}

const verification = z.object({
  order_id: z.string(),
  status: orderStatus,
  amount_paise: paise,
  policy,
  payment_id: z.string().nullable(),
  paid_at: z.string().nullable(),
  /** The gateway's reason for the last failed attempt. */
  failure_reason: z.string().nullable(),
  /** Payments taken that no order can keep: they will be refunded. */
  refunds_due: z.array(z.object({ payment_id: z.string(), amount_paise: paise, recorded_at: z.string() })),
  /** Whether the payment named in the call is one of them. */
  payment_refund_due: z.boolean(),
  invoice: z
    .object({
      id: z.string(),
      number: z.string(),
      email_to: z.string(),
      email_status: z.enum(["sending", "sent", "failed"]).nullable(),
    })
    .nullable(),
  /**
   * Every supplier's tax invoice of the purchase (docs/decisions/0047): who issued it and what for. The
   * first is `invoice`. An upstream that issues one invoice answers it alone.
   */
  invoices: z
    .array(
      z.object({
        id: z.string(),
        number: z.string(),
        supplier: z.string(),
        document_for: z.string().nullable(),
        total_paise: paise,
      }),
    )
    .default([]),
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
  return apiRequest({
    backend: "employer",
    method: "POST",
    path: "/checkout/order/verify",
    body: callback,
    token,
    data: verification,
  });
}

const testimonial = z.object({
  id: z.union([z.string(), z.number()]),
  testimonialContent: z.string(),
  author: z.object({ name: z.string(), organization: z.string(), designation: z.string(), imageUrl: z.string() }),
  // Where the words come from and when; a review without both is not shown (docs/product.md, Public pages).
  source: z
    .object({ label: z.string().trim().min(1), url: z.string().url().nullable().catch(null), sample: z.boolean() })
    .nullish()
    .catch(null),
  date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .nullish()
    .catch(null),
});
export type Testimonial = z.infer<typeof testimonial>;

const testimonials = z.object({ testimonials: z.array(testimonial) }).transform((d) => d.testimonials);

export function getTestimonials() {
  return apiRequest({ backend: "employer", path: "/web-contents", data: testimonials });
}
