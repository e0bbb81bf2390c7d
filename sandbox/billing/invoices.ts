// GST tax invoices (docs/product.md, After the purchase): one per paid order, numbered in one consecutive
// series per financial year, built from the order's stored amounts and frozen when issued.
import { rupeesInWords } from "./amount-words";
import { readCart } from "../checkout/cart";
import type { ApiContext } from "../shared/context";
import { financialYear, istDate } from "../shared/dates";
import { sendInvoiceEmail } from "./invoice-email";
import { type OrderContents, orderContents } from "../checkout/order-contents";
import type { OrderRow } from "../checkout/orders";
import type { TaxLine } from "../catalog/pricing";
import { UNDERWRITING } from "../catalog/catalog";
import { awaitSending, trackSending } from "../messages/emails-in-flight";
import { sendPurchaseNotice } from "../messages/purchase-notice";
import { SELLER } from "../shared/seller";
import { COVER_MONTHS, lastDayOf } from "../shared/cover-dates";
import { sql, sqlValues } from "../store/statements";

const SERIES = "KV";
// Who supplies what, and under which SAC (docs/decisions/0019-invoice-lines-by-supplier.md): the
// insurer's premiums are insurance services (9971); the wellness benefits, delivered by partner
// providers and sold by the intermediary on its own account, are health services (9993).
export const SAC_HEALTH = "997133"; // accident and health insurance services
const SAC_LIFE = "997132"; // life insurance services
const SAC_HEALTH_SERVICES = "9993"; // human health and social care services
const INSURANCE_COVERAGES: Record<string, string> = {
  "group-health-insurance": SAC_HEALTH,
  "group-term-life-insurance": SAC_LIFE,
};
const ON_INSURERS_BEHALF = `Insurance premium of ${UNDERWRITING.insurer.name} (insurer, IRDAI Reg. No. ${UNDERWRITING.insurer.irdai_registration_no}), invoiced on its behalf by ${SELLER.name} as its corporate agent`;
const ON_OWN_ACCOUNT = `Health service by partner providers, supplied by ${SELLER.name} on its own account`;
const HEALTH_COVERAGE = "group-health-insurance";
export const SEZ_NOTE = "Supply meant for SEZ unit under LUT without payment of IGST.";

export interface InvoiceLine {
  sac: string;
  description: string;
  detail: string;
  /** Whose supply the line is, and on whose behalf it is invoiced. */
  supplied_by: string;
  taxable_paise: number;
}

export interface InvoiceData {
  id: string;
  number: string;
  date: string;
  financial_year: string;
  supplier: typeof SELLER;
  recipient: { name: string; address: string; gstin: string; state_name: string; state_code: string; is_sez: 0 | 1 };
  place_of_supply: { state_name: string; state_code: string };
  reverse_charge: false;
  order_id: string;
  payment_id: string;
  policy: "monthly" | "yearly";
  billing_period: { from: string; to: string };
  plan: { name: string; sum_insured_inr: number };
  members: number;
  lines: InvoiceLine[];
  taxable_paise: number;
  tax_lines: TaxLine[];
  tax_paise: number;
  total_paise: number;
  total_in_words: string;
  zero_rated_note: string | null;
  /** Who carries the risk; the policy number once the policy is issued (else the certificate carries it). */
  insurer: { name: string; irdai_registration_no: string };
  policy_number?: string | null;
}

export interface InvoiceRow {
  id: string;
  number: string;
  order_id: string;
  issued_at: number;
  email_to: string;
  email_status: "sending" | "sent" | "failed" | null;
  data: InvoiceData;
}

/** KV/26-27/000123 ⇄ KV-26-27-000123: the number has slashes, a URL segment cannot. */
export function invoiceId(number: string): string {
  return number.replaceAll("/", "-");
}
export function invoiceNumberOf(id: string): string | null {
  const m = /^([A-Z]{2})-(\d{2}-\d{2})-(\d{6})$/.exec(id);
  return m === null ? null : `${m[1]}/${m[2]}/${m[3]}`;
}

function contentsOf(ctx: ApiContext, order: OrderRow): OrderContents {
  if (order.contents !== null) return JSON.parse(order.contents) as OrderContents;
  // Orders from before the contents were kept: the cart cannot have changed since, as a paid cart is frozen.
  return orderContents(ctx, readCart(ctx, order.cart_id), order.policy);
}

/** The billing period a payment covers: one month, or the year, from the day it was paid (IST). */
export function billingPeriod(policy: "monthly" | "yearly", paidAt: number): { from: string; to: string } {
  const from = istDate(paidAt);
  return { from, to: lastDayOf(from, policy === "monthly" ? 1 : COVER_MONTHS) };
}

/** A paid order's billing period; a renewal's year starts on its own first day of cover (docs/product.md, Renewal). */
export function orderBillingPeriod(
  order: Pick<OrderRow, "policy" | "cover_starts_on">,
  paidAt: number,
): { from: string; to: string } {
  if (order.cover_starts_on === null) return billingPeriod(order.policy, paidAt);
  return { from: order.cover_starts_on, to: lastDayOf(order.cover_starts_on, COVER_MONTHS) };
}

/** Who supplies each benefit bought, under which SAC: the health cover first (decision 0019). */
export function lineSuppliers(c: OrderContents) {
  const sumInsured = `INR ${c.plan.sum_insured_inr.toLocaleString("en-IN")}`;
  return [
    {
      health: true,
      sac: SAC_HEALTH,
      description: `Group Health Insurance: ${c.plan.name}, sum insured ${sumInsured} per member`,
      supplied_by: ON_INSURERS_BEHALF,
      monthly_paise: 0,
    },
    ...c.coverages
      .filter((cov) => cov.id !== HEALTH_COVERAGE)
      .map((cov) => {
        const insurance = INSURANCE_COVERAGES[cov.id];
        return {
          health: false,
          sac: insurance ?? SAC_HEALTH_SERVICES,
          description: cov.name,
          supplied_by: insurance ? ON_INSURERS_BEHALF : ON_OWN_ACCOUNT,
          monthly_paise: cov.monthly_paise,
        };
      }),
  ];
}

/**
 * One line per benefit with its SAC. Each line's share is its monthly price × members, scaled to the
 * period like the premium was; what rounding leaves over goes to the health cover's line, so the lines
 * always add up to the premium stored with the order.
 */
function invoiceLines(c: OrderContents, premiumPaise: number): InvoiceLine[] {
  const yearly = c.bill.policy === "yearly";
  const scale = (monthly: number) =>
    yearly ? Math.round((monthly * 12 * (100 - c.bill.discount_pct)) / 100) : monthly;
  const period = yearly ? `12 months, ${c.bill.discount_pct}% yearly discount` : "1 month";
  const health = c.people.reduce((sum, p) => sum + p.rate_paise * p.count, 0);
  const lines: InvoiceLine[] = lineSuppliers(c).map((s) => ({
    sac: s.sac,
    description: s.description,
    detail: `${c.members} members × ${period}`,
    supplied_by: s.supplied_by,
    taxable_paise: scale(s.health ? health : s.monthly_paise * c.members),
  }));
  const sum = lines.reduce((s, l) => s + l.taxable_paise, 0);
  lines[0]!.taxable_paise += premiumPaise - sum;
  return lines;
}

/**
 * Who a document of the purchase is made out to and where the supply is: the company as at the
 * purchase, whose place of supply and tax regime every later invoice and credit note keeps.
 */
export function billedTo(company: OrderContents["company"]) {
  return {
    recipient: {
      name: company.company_name,
      address: company.address,
      gstin: company.gstin,
      state_name: company.state_name,
      state_code: company.state_code,
      is_sez: company.is_sez,
    },
    place_of_supply: { state_name: company.state_name, state_code: company.state_code },
  };
}

function buildInvoice(ctx: ApiContext, order: OrderRow, number: string, issuedAt: number): InvoiceData {
  const c = contentsOf(ctx, order);
  const taxLines = c.bill.tax_lines;
  const taxPaise = taxLines.reduce((s, l) => s + l.paise, 0);
  // The invoice states what was charged: the order's amounts. Its tax lines must add up to them.
  if (c.bill.premium_paise !== order.premium_paise || taxPaise !== order.tax_paise) {
    throw new Error(`order ${order.order_id}: stored contents do not match the stored amounts`);
  }
  const date = istDate(issuedAt);
  return {
    id: invoiceId(number),
    number,
    date,
    financial_year: financialYear(date),
    supplier: SELLER,
    ...billedTo(c.company),
    reverse_charge: false,
    order_id: order.order_id,
    payment_id: order.payment_id ?? "",
    policy: order.policy,
    billing_period: orderBillingPeriod(order, order.paid_at ?? issuedAt),
    plan: { name: c.plan.name, sum_insured_inr: c.plan.sum_insured_inr },
    members: c.members,
    lines: invoiceLines(c, order.premium_paise),
    taxable_paise: order.premium_paise,
    tax_lines: taxLines,
    tax_paise: order.tax_paise,
    total_paise: order.amount_paise,
    total_in_words: rupeesInWords(order.amount_paise),
    zero_rated_note: c.tax_regime === "sez" ? SEZ_NOTE : null,
    insurer: { name: UNDERWRITING.insurer.name, irdai_registration_no: UNDERWRITING.insurer.irdai_registration_no },
  };
}

/**
 * The next number of the financial year `date` falls in, for the caller's IMMEDIATE transaction to take:
 * purchases and additions share the series (docs/product.md, Changes during the year).
 */
export function nextInvoiceNumber(ctx: ApiContext, date: string): { number: string; fy: string; seq: number } {
  const fy = financialYear(date);
  const seq = sqlValues(ctx.db, "SELECT COALESCE(MAX(seq), 0) + 1 FROM invoices WHERE financial_year = ?").get(
    fy,
  ) as number;
  return { number: `${SERIES}/${fy}/${String(seq).padStart(6, "0")}`, fy, seq };
}

/**
 * Issues the invoice of a just-paid order, inside the transaction that marked it paid: the next number
 * of the financial year is read and taken in that one write transaction, and (financial_year, seq) is
 * unique, so two payments can never share a number and the series has no gaps. Once per order.
 */
export function issueInvoice(ctx: ApiContext, order: OrderRow): void {
  if (invoiceFor(ctx, order.order_id) !== undefined) return;
  const issuedAt = order.paid_at ?? ctx.now();
  const { number, fy, seq } = nextInvoiceNumber(ctx, istDate(issuedAt));
  const data = buildInvoice(ctx, order, number, issuedAt);
  const email = contentsOf(ctx, order).admin.email;
  sql(
    ctx.db,
    `INSERT INTO invoices (number, financial_year, seq, order_id, issued_at, data, email_to)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
  ).run(number, fy, seq, order.order_id, issuedAt, JSON.stringify(data), email);
  ctx.log({ event: "invoice_issued", invoice: number, order_id: order.order_id, total_paise: order.amount_paise });
}

interface StoredInvoice {
  number: string;
  order_id: string;
  issued_at: number;
  email_to: string;
  email_status: InvoiceRow["email_status"];
  data: string;
}

function toRow(r: StoredInvoice): InvoiceRow {
  return { ...r, id: invoiceId(r.number), data: JSON.parse(r.data) as InvoiceData };
}

const INVOICE_COLUMNS = "number, order_id, issued_at, email_to, email_status, data";

export function invoiceFor(ctx: ApiContext, orderId: string): InvoiceRow | undefined {
  const r = sql(ctx.db, `SELECT ${INVOICE_COLUMNS} FROM invoices WHERE order_id = ? AND change_id IS NULL`).get(
    orderId,
  ) as StoredInvoice | undefined;
  return r === undefined ? undefined : toRow(r);
}

/** The invoice with this id if it belongs to the caller's cart; otherwise undefined (answered as 404). */
export function invoiceOfCart(ctx: ApiContext, id: string, cartId: number): InvoiceRow | undefined {
  const number = invoiceNumberOf(id);
  if (number === null) return undefined;
  const r = sql(
    ctx.db,
    `SELECT ${INVOICE_COLUMNS.split(", ")
      .map((c) => `i.${c}`)
      .join(", ")} FROM invoices i
       JOIN orders o ON o.order_id = i.order_id WHERE i.number = ? AND o.cart_id = ?`,
  ).get(number, cartId) as StoredInvoice | undefined;
  return r === undefined ? undefined : toRow(r);
}

export function invoicesOfCart(ctx: ApiContext, cartId: number): InvoiceRow[] {
  return (
    sql(
      ctx.db,
      `SELECT ${INVOICE_COLUMNS.split(", ")
        .map((c) => `i.${c}`)
        .join(", ")} FROM invoices i
         JOIN orders o ON o.order_id = i.order_id WHERE o.cart_id = ? ORDER BY i.issued_at, i.number`,
    ).all(cartId) as StoredInvoice[]
  ).map(toRow);
}

/**
 * Emails the invoice of a paid order once: the row is claimed ('sending') before anything is sent, so
 * two callbacks never send two emails. Runs after the paying transaction has committed; the promise is
 * kept so the verify answer can wait briefly for it and say truthfully whether the email went.
 */
export function queueInvoiceEmail(ctx: ApiContext, orderId: string): void {
  const claimed = sql(
    ctx.db,
    "UPDATE invoices SET email_status = 'sending' WHERE order_id = ? AND change_id IS NULL AND email_status IS NULL",
  ).run(orderId).changes;
  if (claimed !== 1) return;
  sendPurchaseNotice(ctx, orderId);
  const invoice = invoiceFor(ctx, orderId)!;
  const sending = sendInvoiceEmail(ctx, invoice).then(
    () => {
      sql(ctx.db, "UPDATE invoices SET email_status = 'sent' WHERE order_id = ? AND change_id IS NULL").run(orderId);
      ctx.log({ event: "invoice_emailed", invoice: invoice.number, order_id: orderId });
    },
    (error: unknown) => {
      sql(ctx.db, "UPDATE invoices SET email_status = 'failed' WHERE order_id = ? AND change_id IS NULL").run(orderId);
      ctx.log({
        level: "error",
        event: "invoice_email_failed",
        invoice: invoice.number,
        order_id: orderId,
        error: error instanceof Error ? error.message : String(error),
      });
    },
  );
  trackSending(ctx, orderId, sending);
}

/** Waits up to `ms` for an order's invoice email, so an answer can say whether it went. */
export async function awaitInvoiceEmail(ctx: ApiContext, orderId: string, ms: number): Promise<void> {
  await awaitSending(ctx, orderId, ms);
}
