// GST tax invoices (docs/product.md, After the purchase; Who invoices what): a paid order has one per
// supplier whose supply it bought (decision 0047), each numbered in its supplier's own consecutive series
// per financial year, built from the order's stored amounts and frozen when issued.
import { rupeesInWords } from "./amount-words";
import { readCart } from "../checkout/cart";
import type { ApiContext } from "../shared/context";
import { financialYear, istDate } from "../shared/dates";
import { sendInvoiceEmail } from "./invoice-email";
import { type OrderContents, orderContents } from "../checkout/order-contents";
import type { OrderRow } from "../checkout/orders";
import type { TaxLine } from "../catalog/pricing";
import { UNDERWRITING } from "../catalog/catalog";
import { describeSumInsured } from "../catalog/sum-insured";
import { awaitSending, trackSending } from "../messages/emails-in-flight";
import { sendPurchaseNotice } from "../messages/purchase-notice";
import { COVER_MONTHS, lastDayOf } from "../shared/cover-dates";
import { sql, sqlValues } from "../store/statements";
import {
  DOCUMENT_FOR,
  SAC_HEALTH,
  SUPPLIERS,
  SUPPLIER_ORDER,
  type SupplierKey,
  sezNote,
  splitTax,
  supplierParty,
  supplyOf,
} from "./suppliers";

export { SAC_HEALTH };

export interface InvoiceLine {
  sac: string;
  description: string;
  detail: string;
  /** Who supplies the line (the document's supplier, always: decision 0047). */
  supplied_by: string;
  taxable_paise: number;
}

export interface InvoiceData {
  id: string;
  number: string;
  date: string;
  financial_year: string;
  supplier: ReturnType<typeof supplierParty>;
  /** Which supplier issued it, and what the document is for (decision 0047). */
  supplier_key: SupplierKey;
  document_for: string;
  recipient: { name: string; address: string; gstin: string; state_name: string; state_code: string; is_sez: 0 | 1 };
  place_of_supply: { state_name: string; state_code: string };
  reverse_charge: false;
  order_id: string;
  payment_id: string;
  policy: "monthly" | "yearly";
  billing_period: { from: string; to: string };
  plan: { name: string; sum_insured_inr: number };
  /** The sum insured in the policy's own words (family floater or per member, from the catalogue). */
  sum_insured: string;
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
  /** What the document leaves to another system, said on it (docs/product.md, Who invoices what). */
  not_modelled: string;
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

/** SG/26-27/000123 ⇄ SG-26-27-000123: the number has slashes, a URL segment cannot. */
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

const suppliedBy = (key: SupplierKey) => `Supplied by ${SUPPLIERS[key].name} (${SUPPLIERS[key].role})`;

/** Who supplies each benefit bought, under which SAC: the health cover first (decision 0047). */
export function lineSuppliers(c: OrderContents) {
  return [
    {
      health: true,
      supplier: "health" as SupplierKey,
      sac: SAC_HEALTH,
      description: `Group Health Insurance: ${c.plan.name}, sum insured ${describeSumInsured(c.plan.sum_insured_inr)}`,
      supplied_by: suppliedBy("health"),
      monthly_paise: 0,
    },
    ...c.coverages
      .filter((cov) => supplyOf(cov.id).supplier !== "health")
      .map((cov) => {
        const { supplier, sac } = supplyOf(cov.id);
        return {
          health: false,
          supplier,
          sac,
          description: cov.name,
          supplied_by: suppliedBy(supplier),
          monthly_paise: cov.monthly_paise,
        };
      }),
  ];
}

/**
 * One line per benefit with its SAC and supplier. Each line's share is its monthly price × members,
 * scaled to the period like the premium was; what rounding leaves over goes to the health cover's line,
 * so the lines always add up to the premium stored with the order.
 */
function invoiceLines(c: OrderContents, premiumPaise: number): (InvoiceLine & { supplier: SupplierKey })[] {
  const yearly = c.bill.policy === "yearly";
  const scale = (monthly: number) =>
    yearly ? Math.round((monthly * 12 * (100 - c.bill.discount_pct)) / 100) : monthly;
  const period = yearly ? `12 months, ${c.bill.discount_pct}% yearly discount` : "1 month";
  const health = c.people.reduce((sum, p) => sum + p.rate_paise * p.count, 0);
  const lines = lineSuppliers(c).map((s) => ({
    supplier: s.supplier,
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
 * The lines of a purchase or a change grouped into one document per supplier, in SUPPLIER_ORDER, with the
 * tax charged split across them to the paisa (splitTax). A supplier with nothing to charge has no
 * document: there is no tax invoice without consideration.
 */
export function bySupplier(
  lines: readonly (InvoiceLine & { supplier: SupplierKey })[],
  taxLines: readonly TaxLine[],
): { supplier: SupplierKey; lines: InvoiceLine[]; taxable_paise: number; tax_lines: TaxLine[] }[] {
  const groups = SUPPLIER_ORDER.map((supplier) => {
    const own = lines.filter((l) => l.supplier === supplier && l.taxable_paise !== 0);
    return {
      supplier,
      lines: own.map(({ supplier: _, ...l }) => l),
      taxable_paise: own.reduce((s, l) => s + l.taxable_paise, 0),
    };
  }).filter((g) => g.taxable_paise !== 0);
  const taxes = splitTax(
    taxLines,
    groups.map((g) => g.taxable_paise),
  );
  return groups.map((g, i) => ({ ...g, tax_lines: taxes[i]! }));
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

/** What the sandbox's documents leave out, said on each (docs/product.md, Who invoices what). */
export const NOT_MODELLED =
  "Sandbox document: no e-invoice IRN or QR code is generated (e-invoicing applies above the turnover threshold and is not modelled).";

/** The parts every document of a supplier shares: who issues it, to whom, for what, under which policy. */
export function documentHeader(
  ctx: ApiContext,
  c: OrderContents,
  order: OrderRow,
  supplier: SupplierKey,
  date: string,
) {
  const s = SUPPLIERS[supplier];
  return {
    date,
    financial_year: financialYear(date),
    supplier: supplierParty(s),
    supplier_key: supplier,
    document_for: DOCUMENT_FOR[supplier],
    // As at purchase: the place of supply and tax regime the purchase was invoiced with.
    ...billedTo(c.company),
    reverse_charge: false as const,
    order_id: order.order_id,
    policy: order.policy,
    plan: { name: c.plan.name, sum_insured_inr: c.plan.sum_insured_inr },
    sum_insured: describeSumInsured(c.plan.sum_insured_inr),
    zero_rated_note: c.tax_regime === "sez" ? sezNote(s) : null,
    insurer: { name: UNDERWRITING.insurer.name, irdai_registration_no: UNDERWRITING.insurer.irdai_registration_no },
    policy_number: policyNumberOf(ctx, order.order_id),
    not_modelled: NOT_MODELLED,
  };
}

/** The policy's number once it is issued: every document after that carries it. */
function policyNumberOf(ctx: ApiContext, orderId: string): string | null {
  return (sqlValues(ctx.db, "SELECT policy_number FROM policies WHERE order_id = ?").get(orderId) as string) ?? null;
}

/**
 * The next number of the supplier's series in the financial year `date` falls in, for the caller's
 * IMMEDIATE transaction to take: a supplier's purchases and changes share its series. At most 16
 * characters (Rule 46(b)): SG/26-27/000001.
 */
export function nextInvoiceNumber(
  ctx: ApiContext,
  supplier: SupplierKey,
  date: string,
): { number: string; fy: string; seq: number } {
  const fy = financialYear(date);
  const seq = sqlValues(
    ctx.db,
    "SELECT COALESCE(MAX(seq), 0) + 1 FROM invoices WHERE supplier = ? AND financial_year = ?",
  ).get(supplier, fy) as number;
  return { number: `${SUPPLIERS[supplier].invoice_series}/${fy}/${String(seq).padStart(6, "0")}`, fy, seq };
}

/** Stores an issued invoice whole, inside the caller's write transaction. */
export function insertInvoice(
  ctx: ApiContext,
  row: { number: string; supplier: SupplierKey; fy: string; seq: number; orderId: string; changeId: string | null },
  issuedAt: number,
  data: InvoiceData,
  emailTo: string,
): void {
  sql(
    ctx.db,
    `INSERT INTO invoices (number, supplier, financial_year, seq, order_id, change_id, issued_at, data, email_to)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(row.number, row.supplier, row.fy, row.seq, row.orderId, row.changeId, issuedAt, JSON.stringify(data), emailTo);
}

/**
 * Issues the invoices of a just-paid order, one per supplier, inside the transaction that marked it paid:
 * each next number of the financial year is read and taken in that one write transaction, and (supplier,
 * financial_year, seq) is unique, so two payments can never share a number and no series has gaps. The
 * documents add up to the order's amounts exactly. Once per order.
 */
export function issueInvoice(ctx: ApiContext, order: OrderRow): void {
  if (purchaseInvoices(ctx, order.order_id).length > 0) return;
  const issuedAt = order.paid_at ?? ctx.now();
  const c = contentsOf(ctx, order);
  const taxPaise = c.bill.tax_lines.reduce((s, l) => s + l.paise, 0);
  // The invoices state what was charged: the order's amounts. Their tax lines must add up to them.
  if (c.bill.premium_paise !== order.premium_paise || taxPaise !== order.tax_paise) {
    throw new Error(`order ${order.order_id}: stored contents do not match the stored amounts`);
  }
  const date = istDate(issuedAt);
  for (const doc of bySupplier(invoiceLines(c, order.premium_paise), c.bill.tax_lines)) {
    const { number, fy, seq } = nextInvoiceNumber(ctx, doc.supplier, date);
    const tax = doc.tax_lines.reduce((s, l) => s + l.paise, 0);
    const total = doc.taxable_paise + tax;
    const data: InvoiceData = {
      ...documentHeader(ctx, c, order, doc.supplier, date),
      id: invoiceId(number),
      number,
      payment_id: order.payment_id ?? "",
      billing_period: orderBillingPeriod(order, issuedAt),
      members: c.members,
      lines: doc.lines,
      taxable_paise: doc.taxable_paise,
      tax_lines: doc.tax_lines,
      tax_paise: tax,
      total_paise: total,
      total_in_words: rupeesInWords(total),
    };
    insertInvoice(
      ctx,
      { number, supplier: doc.supplier, fy, seq, orderId: order.order_id, changeId: null },
      issuedAt,
      data,
      c.admin.email,
    );
    ctx.log({ event: "invoice_issued", invoice: number, order_id: order.order_id, total_paise: total });
  }
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
const SUPPLIER_RANK = "CASE supplier WHEN 'health' THEN 0 WHEN 'life' THEN 1 ELSE 2 END";

/** The purchase's invoices, one per supplier, the health insurer's first. */
export function purchaseInvoices(ctx: ApiContext, orderId: string): InvoiceRow[] {
  return (
    sql(
      ctx.db,
      `SELECT ${INVOICE_COLUMNS} FROM invoices WHERE order_id = ? AND change_id IS NULL ORDER BY ${SUPPLIER_RANK}`,
    ).all(orderId) as StoredInvoice[]
  ).map(toRow);
}

/** The purchase's invoice from one supplier (a credit note names the one it reverses), if any. */
export function purchaseInvoiceOf(ctx: ApiContext, orderId: string, supplier: SupplierKey): InvoiceRow | undefined {
  const r = sql(
    ctx.db,
    `SELECT ${INVOICE_COLUMNS} FROM invoices WHERE order_id = ? AND change_id IS NULL AND supplier = ?`,
  ).get(orderId, supplier) as StoredInvoice | undefined;
  // Invoices issued before each supplier invoiced its own supply are all Kavach's.
  return r === undefined ? (supplier === "kavach" ? undefined : purchaseInvoiceOf(ctx, orderId, "kavach")) : toRow(r);
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
         JOIN orders o ON o.order_id = i.order_id WHERE o.cart_id = ?
         ORDER BY i.issued_at, CASE i.supplier WHEN 'health' THEN 0 WHEN 'life' THEN 1 ELSE 2 END, i.number`,
    ).all(cartId) as StoredInvoice[]
  ).map(toRow);
}

/**
 * Emails the purchase's invoices once, together: the rows are claimed ('sending') before anything is sent,
 * so two callbacks never send two emails. Runs after the paying transaction has committed; the promise is
 * kept so the verify answer can wait briefly for it and say truthfully whether the email went.
 */
export function queueInvoiceEmail(ctx: ApiContext, orderId: string): void {
  const claimed = sql(
    ctx.db,
    "UPDATE invoices SET email_status = 'sending' WHERE order_id = ? AND change_id IS NULL AND email_status IS NULL",
  ).run(orderId).changes;
  if (claimed === 0) return;
  sendPurchaseNotice(ctx, orderId);
  const invoices = purchaseInvoices(ctx, orderId);
  const numbers = invoices.map((i) => i.number).join(", ");
  const sending = sendInvoiceEmail(ctx, invoices).then(
    () => {
      sql(ctx.db, "UPDATE invoices SET email_status = 'sent' WHERE order_id = ? AND change_id IS NULL").run(orderId);
      ctx.log({ event: "invoice_emailed", invoice: numbers, order_id: orderId });
    },
    (error: unknown) => {
      sql(ctx.db, "UPDATE invoices SET email_status = 'failed' WHERE order_id = ? AND change_id IS NULL").run(orderId);
      ctx.log({
        level: "error",
        event: "invoice_email_failed",
        invoice: numbers,
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
