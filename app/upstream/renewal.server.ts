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

const plan = z.object({ plan_id: z.string(), name: z.string(), sum_insured_inr: z.number().int() });

const renewalQuote = renewalWindow.extend({
  cover_starts_on: isoDate,
  cover_ends_on: isoDate,
  plan,
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
  plan_before: plan,
  benefits_before: z.array(z.object({ id: z.string(), name: z.string() })),
  choices: z.object({
    plans: z.array(plan),
    coverages: z.array(
      z.object({ id: z.string(), name: z.string(), monthly_paise: paise, required: z.boolean(), chosen: z.boolean() }),
    ),
  }),
  before: renewalTotals,
  after: renewalTotals,
});
export type RenewalQuote = z.infer<typeof renewalQuote>;

/** The admin's choice for the next year; what is left out stays as this year has it. */
export interface RenewalChoice {
  plan_id?: string;
  /** The optional benefits chosen (the required ones are always in). */
  coverages?: readonly string[];
}

function choiceQuery(choice: RenewalChoice): string {
  const query = new URLSearchParams();
  if (choice.plan_id !== undefined) query.set("plan_id", choice.plan_id);
  if (choice.coverages !== undefined) query.set("coverages", choice.coverages.join(","));
  const text = query.toString();
  return text === "" ? "" : `?${text}`;
}

/** The quote for the next period with the admin's choice; null without a paid membership. */
export function getRenewalQuote(token: string, choice: RenewalChoice = {}) {
  return noneIfNotFound(
    apiRequest({ backend: "employer", path: `/membership/renewal${choiceQuery(choice)}`, token, data: renewalQuote }),
  );
}

/** The renewal order for the quote as it stands with the admin's choice, paid for the year at `checkout_url`. */
export function createRenewalOrder(token: string, callbackUrl: string, choice: RenewalChoice) {
  return apiRequest({
    backend: "employer",
    method: "POST",
    path: "/membership/renewal/order",
    token,
    // A renewal is paid for its year in one payment (docs/product.md, Renewal).
    body: { policy: "yearly", callback_url: callbackUrl, ...choice },
    data: renewalOrder,
  });
}
