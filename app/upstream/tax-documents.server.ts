import { z } from "zod";
import { apiFileRequest, apiRequest, noneIfNotFound } from "./http.server";
import { flag, isoDate, paise, policy } from "./employer.server";

/** The tax documents (docs/api-contract.md): invoices and credit notes, as data and as the upstream's PDFs. */

const party = z.object({
  name: z.string(),
  address: z.string(),
  gstin: z.string(),
  state_name: z.string(),
  state_code: z.string(),
});

const invoice = z.object({
  id: z.string(),
  number: z.string(),
  date: isoDate,
  financial_year: z.string(),
  supplier: party.extend({ email: z.string(), role: z.string().optional() }),
  /** What the document is for, in the supplier's words (docs/decisions/0047); absent on documents issued before. */
  document_for: z.string().optional(),
  sum_insured: z.string().optional(),
  not_modelled: z.string().optional(),
  recipient: party.extend({ is_sez: flag }),
  place_of_supply: z.object({ state_name: z.string(), state_code: z.string() }),
  reverse_charge: z.boolean(),
  order_id: z.string(),
  payment_id: z.string(),
  policy,
  billing_period: z.object({ from: isoDate, to: isoDate }),
  plan: z.object({ name: z.string(), sum_insured_inr: z.number().int() }),
  members: z.number().int(),
  lines: z.array(
    z.object({
      sac: z.string(),
      description: z.string(),
      detail: z.string(),
      /** Whose supply the line is, on whose behalf invoiced; absent on invoices issued before it was said. */
      supplied_by: z.string().optional(),
      taxable_paise: paise,
    }),
  ),
  taxable_paise: paise,
  tax_lines: z.array(z.object({ label: z.string(), rate_bp: z.number().int(), paise })),
  tax_paise: paise,
  total_paise: paise,
  total_in_words: z.string(),
  zero_rated_note: z.string().nullable(),
  insurer: z.object({ name: z.string(), irdai_registration_no: z.string() }).optional(),
  /** Once the policy is issued; until then the certificate carries it. */
  policy_number: z.string().nullable().optional(),
  /** An addition during the year: the joiner, the pro-rata rule, and the credit used against it. */
  change: z
    .object({
      employee_code: z.string(),
      band_label: z.string(),
      range_label: z.string(),
      effective_date: isoDate,
      rule: z.string(),
      credit_applied_paise: paise,
      amount_due_paise: paise,
    })
    .optional(),
});
export type Invoice = z.infer<typeof invoice>;

const creditNote = invoice.omit({ payment_id: true, change: true }).extend({
  original_invoice: z.object({ number: z.string(), date: isoDate }),
  reason: z.string(),
  /** A financial credit note, after the s.34(2) deadline: why no GST is adjusted. */
  financial_note: z.string().nullable().optional(),
  change: z.object({
    employee_code: z.string(),
    band_label: z.string(),
    range_label: z.string(),
    effective_date: isoDate,
    rule: z.string(),
  }),
});
export type CreditNote = z.infer<typeof creditNote>;

/**
 * A credit note id as it appears in a URL: a supplier's series (SGC-26-27-000001), or one issued before
 * each supplier had its own (KV-CN-26-27-000001); null for anything else.
 */
export function parseCreditNoteId(value: string | undefined): string | null {
  return value !== undefined && /^(?:[A-Z]{3}|KV-CN)-\d{2}-\d{2}-\d{6}$/.test(value) ? value : null;
}

/** A removal's credit note; only its own admin gets it (anyone else: ApiError 404). */
export function getCreditNote(token: string, id: string) {
  return noneIfNotFound(
    apiRequest({ backend: "employer", path: `/credit-notes/${encodeURIComponent(id)}`, token, data: creditNote }),
  );
}

/** The credit note as the upstream's PDF. */
export function getCreditNotePdf(token: string, id: string) {
  return noneIfNotFound(
    apiFileRequest({
      backend: "employer",
      path: `/credit-notes/${encodeURIComponent(id)}/pdf`,
      token,
      accept: "application/pdf",
    }),
  );
}

const invoiceIdPattern = /^[A-Z]{2}-\d{2}-\d{2}-\d{6}$/;

/** An invoice id as it appears in a URL (KV-26-27-000123), or null for anything else. */
export function parseInvoiceId(value: string | undefined): string | null {
  return value !== undefined && invoiceIdPattern.test(value) ? value : null;
}

/** The invoice's data; only its own admin gets it (anyone else: ApiError 404). */
export function getInvoice(token: string, id: string) {
  return noneIfNotFound(
    apiRequest({ backend: "employer", path: `/invoices/${encodeURIComponent(id)}`, token, data: invoice }),
  );
}

/** The invoice as the upstream's PDF. */
export function getInvoicePdf(token: string, id: string) {
  return noneIfNotFound(
    apiFileRequest({
      backend: "employer",
      path: `/invoices/${encodeURIComponent(id)}/pdf`,
      token,
      accept: "application/pdf",
    }),
  );
}
