import { z } from "zod";
import { apiRequest, noneIfNotFound } from "./http.server";
import { bill, isoDate, order, paise } from "./employer.server";

/**
 * The renewal of a paid membership (docs/product.md, Renewal; docs/api-contract.md): its window, the
 * quote for the next period line by line, and the order that pays for it at the gateway.
 */

export const renewalState = z.enum(["not_open", "open", "grace", "closed"]);
export type RenewalState = z.infer<typeof renewalState>;

export const renewalOrder = order.extend({ cover_starts_on: isoDate.nullable() });

/** The window around a period's last day of cover, as `GET /membership` and the quote both answer it. */
export const renewalWindow = z.object({
  state: renewalState,
  opens_on: isoDate,
  cover_end_date: isoDate,
  renewal_date: isoDate,
  grace_ends_on: isoDate,
  days_to_end: z.number().int(),
  order: renewalOrder.nullable(),
});
export type RenewalWindow = z.infer<typeof renewalWindow>;

const renewalBill = bill.omit({ items: true });
const renewalTotals = z.object({
  members: z.number().int(),
  monthly: renewalBill,
  yearly: renewalBill,
});

const renewalQuote = renewalWindow.extend({
  cover_starts_on: isoDate,
  cover_ends_on: isoDate,
  plan: z.object({ plan_id: z.string(), name: z.string(), sum_insured_inr: z.number().int() }),
  benefits: z.array(z.object({ id: z.string(), name: z.string() })),
  lines: z.array(
    z.object({
      employee_code: z.string(),
      full_name: z.string(),
      range: z.string(),
      range_label: z.string(),
      lives: z.number().int(),
      age_on_renewal: z.number().int(),
      band_before: z.string(),
      band_before_label: z.string(),
      band_after: z.string().nullable(),
      band_after_label: z.string().nullable(),
      moved_band: z.boolean(),
      monthly_before_paise: paise,
      monthly_after_paise: paise.nullable(),
    }),
  ),
  moved_band: z.number().int(),
  not_renewable: z.array(z.string()),
  before: renewalTotals,
  after: renewalTotals,
});
export type RenewalQuote = z.infer<typeof renewalQuote>;

/** The quote for the next period; null without a paid membership. */
export function getRenewalQuote(token: string) {
  return noneIfNotFound(apiRequest({ backend: "employer", path: "/membership/renewal", token, data: renewalQuote }));
}

/** The renewal order for the quote as it stands, paid for the year at `checkout_url`. */
export function createRenewalOrder(token: string, callbackUrl: string) {
  return apiRequest({
    backend: "employer",
    method: "POST",
    path: "/membership/renewal/order",
    token,
    // A renewal is paid for its year in one payment (docs/product.md, Renewal).
    body: { policy: "yearly", callback_url: callbackUrl },
    data: renewalOrder,
  });
}
