// The documents of a change during the year (docs/product.md, Changes during the year; decisions 0026 and
// 0047): a yearly removal gets a GST credit note from each supplier whose supply it reverses, in that
// supplier's credit note series; an addition a GST tax invoice from each supplier whose supply it adds, in
// that supplier's series; the credit a removal leaves is kept as a balance on the membership. Only the
// supply that changed is on a change's documents, and a change with nothing to charge has no tax invoice.
// Issued in one place, inside the write transaction in which the change becomes confirmed (or, for an
// addition paid now, in which its payment succeeds), so a number is taken only for a change that stands.
import { rupeesInWords } from "./amount-words";
import { type ChangeJson } from "../membership/change-store";
import { type ChangePrice, CREDIT_HOLD_MS } from "../membership/change-rules";
import type { ApiContext } from "../shared/context";
import { addDays, financialYear, istDate, longDate } from "../shared/dates";
import { HttpError } from "../shared/envelope";
import {
  type InvoiceData,
  type InvoiceLine,
  billingPeriod,
  bySupplier,
  documentHeader,
  insertInvoice,
  invoiceId,
  lineSuppliers,
  nextInvoiceNumber,
  purchaseInvoiceOf,
} from "./invoices";
import type { OrderContents } from "../checkout/order-contents";
import { type OrderRow, findOrder, parseContents } from "../checkout/orders";
import { roundDiv } from "../catalog/pricing";
import { coverEndDate } from "../shared/cover-dates";
import { sql, sqlValues } from "../store/statements";
import { SUPPLIERS, type SupplierKey } from "./suppliers";

/** The last day of the year of cover bought on the order's payment day. */
const coverEndOf = (order: OrderRow) => coverEndDate(istDate(order.paid_at!));

export interface ChangeDocuments {
  /** The addition's tax invoices (one per supplier), the health insurer's first; none for a change at no charge. */
  invoices: string[];
  /** The removal's credit notes (one per supplier), the health insurer's first. */
  credit_notes: string[];
}

/** What an addition's invoice says about the change, beside the purchase invoice's fields. */
export interface ChangeOnInvoice {
  change_id: string;
  employee_code: string;
  band_label: string;
  range_label: string;
  effective_date: string;
  /** The pro-rata rule as applied, in words (yearly), or the monthly charge it changes (monthly). */
  rule: string;
  /** The first day of cover: the day the premium was received (absent on documents issued before). */
  cover_from?: string;
  /** Yearly: credit from removals used against this invoice; what is left to pay. */
  credit_applied_paise: number;
  amount_due_paise: number;
}

export interface CreditNoteData extends Omit<InvoiceData, "payment_id"> {
  original_invoice: { number: string; date: string };
  reason: string;
  /**
   * Set on a financial credit note: issued after the s.34(2) deadline for the original supply, it refunds
   * the premium and adjusts no GST, and says so (docs/product.md, Who invoices what).
   */
  financial_note?: string | null;
  change: Omit<ChangeOnInvoice, "credit_applied_paise" | "amount_due_paise">;
}

export interface CreditNoteRow {
  id: string;
  number: string;
  order_id: string;
  change_id: string;
  email_to: string;
  email_status: "sending" | "sent" | "failed" | null;
  data: CreditNoteData;
}

interface StoredChange {
  change_id: string;
  order_id: string;
  kind: "add" | "remove";
  employee_code: string;
  band: string;
  range_code: string;
  effective_date: string;
  reason: string | null;
  event: string | null;
  price: string;
  status: string;
}

/** SGC/26-27/000001 ⇄ SGC-26-27-000001: the number has slashes, a URL segment cannot. */
export function creditNoteId(number: string): string {
  return number.replaceAll("/", "-");
}
export function creditNoteNumberOf(id: string): string | null {
  const m = /^([A-Z]{3})-(\d{2}-\d{2})-(\d{6})$/.exec(id);
  if (m !== null) return `${m[1]}/${m[2]}/${m[3]}`;
  // Credit notes issued before each supplier had its own series: KV/CN/26-27/000001.
  const old = /^KV-CN-(\d{2}-\d{2})-(\d{6})$/.exec(id);
  return old === null ? null : `KV/CN/${old[1]}/${old[2]}`;
}

/**
 * The change's share of each benefit, each scaled like the change's premium (monthly price × 12 × days ÷
 * the year's days less the discount, or one month), with what rounding leaves over on the health cover's
 * line, so the lines add up to the change's premium exactly (the purchase's invoices do the same). A family
 * event changes the family cover only: its one line is the health cover's (SAC 997133), with no benefit
 * repeated, as no benefit changed.
 */
export function changeLines(
  c: OrderContents,
  band: string,
  range: string,
  price: ChangePrice,
  detail: string,
  familyEvent = false,
  partMonth = false,
) {
  const person = c.people.find((p) => p.band === band && p.range === range)!;
  // The part-month a monthly addition pays at once, when that is what the document bills.
  const part = partMonth ? price.due_now : undefined;
  const premium = part?.premium_paise ?? Math.abs(price.premium_paise);
  const scale = (monthly: number) =>
    part !== undefined
      ? roundDiv(monthly * part.days, part.period_days)
      : price.days === null
        ? monthly
        : roundDiv(monthly * 12 * price.days * (100 - price.discount_pct), price.days_in_year * 100);
  const suppliers = lineSuppliers(c).filter((s) => s.health || !familyEvent);
  const lines: (InvoiceLine & { supplier: SupplierKey })[] = suppliers.map((s) => ({
    supplier: s.supplier,
    sac: s.sac,
    description: s.health ? `${s.description}: ${person.band_label}, ${person.range_label}` : s.description,
    detail,
    supplied_by: s.supplied_by,
    taxable_paise: familyEvent ? 0 : scale(s.health ? person.rate_paise : s.monthly_paise),
  }));
  lines[0]!.taxable_paise += premium - lines.reduce((sum, l) => sum + l.taxable_paise, 0);
  return { lines, person };
}

function rupees(paise: number): string {
  return `INR ${(paise / 100).toLocaleString("en-IN", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/** The pro-rata rule as applied to this change, in the words the quote uses (docs/product.md). */
function ruleOf(row: StoredChange, price: ChangePrice, coverEnd: string): string {
  // A spouse or newborn the family cover bought has room for costs nothing: no rule to apply.
  if (row.event !== null && price.unit_monthly_paise === 0) {
    return `No extra charge: covered by the family cover already bought (${row.range_code})`;
  }
  if (price.days === null) {
    const monthly = `${rupees(price.unit_monthly_paise)} a month, collected by the mandate from the charge on ${
      price.starts_on === null ? "its next date" : longDate(price.starts_on)
    }`;
    const part = price.due_now;
    if (part === undefined) return monthly;
    return `${rupees(price.unit_monthly_paise)} a month × ${part.days}/${part.period_days} days (${longDate(
      part.from,
    )} to ${longDate(part.to)}), paid now; then ${price.starts_on === null ? "no charge is left" : monthly}`;
  }
  const from = row.kind === "add" ? (price.cover_from ?? row.effective_date) : addDays(row.effective_date, 1);
  const discount = price.discount_pct > 0 ? ` less the ${price.discount_pct}% yearly discount` : "";
  return `${rupees(price.unit_monthly_paise)} a month × 12 × ${price.days}/${price.days_in_year} days (${longDate(
    from,
  )} to ${longDate(coverEnd)})${discount}`;
}

/** The credit left on a membership: credit notes less what additions used and refunds asked for. */
export function creditBalance(ctx: ApiContext, orderId: string): number {
  return sqlValues(ctx.db, "SELECT COALESCE(SUM(amount_paise), 0) FROM membership_credits WHERE order_id = ?").get(
    orderId,
  ) as number;
}

/**
 * The credit the open payments for additions count on (decision 0042): each payment's reservation holds
 * while it may still be paid at the price it was opened for: opened within CREDIT_HOLD_MS and
 * not yet tried, or pending at the gateway. A failed, paid or superseded one holds nothing.
 */
export function creditReserved(ctx: ApiContext, orderId: string, exceptChangeId: string | null = null): number {
  return sqlValues(
    ctx.db,
    `SELECT COALESCE(SUM(p.credit_paise), 0) FROM change_payments p JOIN membership_changes c ON c.change_id = p.change_id
      WHERE c.order_id = ? AND p.credit_paise > 0 AND c.change_id IS NOT ?
        AND (p.status = 'pending' OR (p.status = 'created' AND p.created_at > ?))`,
  ).get(orderId, exceptChangeId, ctx.now() - CREDIT_HOLD_MS) as number;
}

/** The credit a new use may take: the balance less what open payments (other than this change's) count on. */
export function creditAvailable(ctx: ApiContext, orderId: string, exceptChangeId: string | null = null): number {
  return Math.max(0, creditBalance(ctx, orderId) - creditReserved(ctx, orderId, exceptChangeId));
}

function recordCredit(
  ctx: ApiContext,
  orderId: string,
  kind: "credit_note" | "applied" | "refund_due",
  document: string | null,
  amount: number,
  by: string | null,
): void {
  sql(
    ctx.db,
    "INSERT INTO membership_credits (order_id, kind, document, amount_paise, recorded_at, recorded_by) VALUES (?, ?, ?, ?, ?, ?)",
  ).run(orderId, kind, document, amount, ctx.now(), by);
}

/**
 * The credit notes of a yearly removal, one per supplier whose supply it gives back, each in its
 * supplier's own series (at most 16 characters: SGC/26-27/000001) and against that supplier's purchase
 * invoice, with its share of the tax reversed. A removal priced after the s.34(2) deadline of that invoice
 * carries no tax (changes.ts): each note is then a financial credit note and says so.
 */
function issueCreditNotes(ctx: ApiContext, row: StoredChange, order: OrderRow, c: OrderContents): string[] {
  const price = JSON.parse(row.price) as ChangePrice;
  const issuedAt = ctx.now();
  const date = istDate(issuedAt);
  const fy = financialYear(date);
  const coverEnd = coverEndOf(order);
  const rule = ruleOf(row, price, coverEnd);
  const { lines, person } = changeLines(c, row.band, row.range_code, price, `Credited: ${rule}`, row.event !== null);
  const credited = price.tax_lines.map((t) => ({ ...t, paise: -t.paise }));
  return bySupplier(lines, credited).map((doc) => {
    const s = SUPPLIERS[doc.supplier];
    const original = purchaseInvoiceOf(ctx, order.order_id, doc.supplier);
    if (original === undefined) throw new Error(`order ${order.order_id}: a credit note needs the purchase's invoice`);
    // Read and taken in the caller's IMMEDIATE transaction; (supplier, financial_year, seq) is unique besides.
    const seq = sqlValues(
      ctx.db,
      "SELECT COALESCE(MAX(seq), 0) + 1 FROM credit_notes WHERE supplier = ? AND financial_year = ?",
    ).get(doc.supplier, fy) as number;
    const number = `${s.credit_series}/${fy}/${String(seq).padStart(6, "0")}`;
    const tax = doc.tax_lines.reduce((sum, t) => sum + t.paise, 0);
    const total = doc.taxable_paise + tax;
    const data: CreditNoteData = {
      ...documentHeader(ctx, c, order, doc.supplier, date),
      members: 1,
      id: creditNoteId(number),
      number,
      original_invoice: { number: original.number, date: original.data.date },
      reason: `Employee ${row.employee_code} left the team (${row.reason ?? "no reason given"}); their last day of cover was ${longDate(
        row.effective_date,
      )}, and the premium for the days after it is credited.`,
      financial_note: price.no_gst_reason ?? null,
      change: {
        change_id: row.change_id,
        employee_code: row.employee_code,
        band_label: person.band_label,
        range_label: person.range_label,
        effective_date: row.effective_date,
        rule,
      },
      billing_period: { from: addDays(row.effective_date, 1), to: coverEnd },
      lines: doc.lines,
      taxable_paise: doc.taxable_paise,
      // The tax reversed at the original rates: the change was priced with the purchase's regime.
      tax_lines: doc.tax_lines,
      tax_paise: tax,
      total_paise: total,
      total_in_words: rupeesInWords(total),
    };
    sql(
      ctx.db,
      `INSERT INTO credit_notes (number, supplier, financial_year, seq, order_id, change_id, issued_at, data, email_to)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(number, doc.supplier, fy, seq, order.order_id, row.change_id, issuedAt, JSON.stringify(data), c.admin.email);
    recordCredit(ctx, order.order_id, "credit_note", number, total, null);
    ctx.log({ event: "credit_note_issued", credit_note: number, order_id: order.order_id, total_paise: total });
    return number;
  });
}

/**
 * The tax invoices of an addition, one per supplier whose supply it adds, each in its supplier's series.
 * A change with nothing to charge (a newborn the family cover already takes) has none: there is no tax
 * invoice without consideration; its endorsement records it.
 */
function issueAdditionInvoices(
  ctx: ApiContext,
  row: StoredChange,
  order: OrderRow,
  c: OrderContents,
  paymentId: string | null,
  creditPaise: number,
): string[] {
  const price = JSON.parse(row.price) as ChangePrice;
  if (price.total_paise <= 0) return [];
  const issuedAt = ctx.now();
  const date = istDate(issuedAt);
  const coverEnd = coverEndOf(order);
  const rule = ruleOf(row, price, coverEnd);
  // A monthly addition's invoice is for the part-month it paid at once; the mandate's later charges are
  // the monthly supply's own (no cover before premium: docs/product.md).
  const part = price.due_now;
  const { lines, person } = changeLines(
    c,
    row.band,
    row.range_code,
    price,
    `Added: ${rule}`,
    row.event !== null,
    part !== undefined,
  );
  // Yearly: the credit removals left is used first, up to the change's total (decision 0026), as the
  // payment counted on it when it opened (decision 0042): against each supplier's invoice in turn.
  let credit = price.policy === "yearly" ? Math.min(creditPaise, price.total_paise) : 0;
  const period =
    part !== undefined
      ? { from: part.from, to: part.to }
      : price.days === null
        ? billingPeriod("monthly", Date.parse(`${price.starts_on ?? date}T00:00:00+05:30`))
        : { from: price.cover_from ?? row.effective_date, to: coverEnd };
  return bySupplier(lines, part?.tax_lines ?? price.tax_lines).map((doc) => {
    const { number, fy, seq } = nextInvoiceNumber(ctx, doc.supplier, date);
    const tax = doc.tax_lines.reduce((sum, t) => sum + t.paise, 0);
    const total = doc.taxable_paise + tax;
    const applied = Math.min(credit, total);
    credit -= applied;
    const change: ChangeOnInvoice = {
      change_id: row.change_id,
      employee_code: row.employee_code,
      band_label: person.band_label,
      range_label: person.range_label,
      effective_date: row.effective_date,
      rule,
      cover_from: price.cover_from ?? row.effective_date,
      credit_applied_paise: applied,
      amount_due_paise: total - applied,
    };
    const data: InvoiceData & { change: ChangeOnInvoice } = {
      ...documentHeader(ctx, c, order, doc.supplier, date),
      members: 1,
      id: invoiceId(number),
      number,
      payment_id:
        paymentId ??
        (price.policy === "monthly"
          ? part !== undefined
            ? "Due"
            : `Collected by the mandate with the charge on ${longDate(period.from)}`
          : applied === total
            ? "Paid from the membership's credit"
            : "Due"),
      billing_period: period,
      lines: doc.lines,
      taxable_paise: doc.taxable_paise,
      tax_lines: doc.tax_lines,
      tax_paise: tax,
      total_paise: total,
      total_in_words: rupeesInWords(total),
      change,
    };
    insertInvoice(
      ctx,
      { number, supplier: doc.supplier, fy, seq, orderId: order.order_id, changeId: row.change_id },
      issuedAt,
      data,
      c.admin.email,
    );
    if (applied > 0) recordCredit(ctx, order.order_id, "applied", number, -applied, null);
    ctx.log({ event: "invoice_issued", invoice: number, order_id: order.order_id, total_paise: total });
    return number;
  });
}

const RANK = "CASE supplier WHEN 'health' THEN 0 WHEN 'life' THEN 1 ELSE 2 END";

/** The documents a change has, if any, the health insurer's first. */
export function documentsOf(ctx: ApiContext, changeId: string): ChangeDocuments {
  return {
    invoices: sqlValues(ctx.db, `SELECT number FROM invoices WHERE change_id = ? ORDER BY ${RANK}`).all(
      changeId,
    ) as string[],
    credit_notes: sqlValues(ctx.db, `SELECT number FROM credit_notes WHERE change_id = ? ORDER BY ${RANK}`).all(
      changeId,
    ) as string[],
  };
}

/**
 * Issues the documents of a change that has just become confirmed, inside the caller's IMMEDIATE write
 * transaction (`writeTransaction`), after the change's members are saved. Once per change: called again,
 * it answers the documents already issued. A yearly removal gets credit notes and their credit on the
 * balance; an addition with a charge tax invoices (yearly, using the balance first); a monthly removal
 * none, as nothing invoiced is given back: the mandate's later charges fall instead. A leaver's cover end is recorded on
 * their family's e-cards; a joiner's e-cards are issued if the policy is. `payment_id`: the payment of an
 * addition paid now, printed on its invoice. Call `queueChangeDocumentEmail` once the transaction commits.
 */
export function issueChangeDocuments(
  ctx: ApiContext,
  change: Pick<ChangeJson, "change_id"> & { payment_id?: string | null; credit_paise?: number },
): ChangeDocuments {
  const before = documentsOf(ctx, change.change_id);
  if (before.invoices.length > 0 || before.credit_notes.length > 0) return before;
  const row = sql(ctx.db, "SELECT * FROM membership_changes WHERE change_id = ?").get(change.change_id) as
    StoredChange | undefined;
  if (row === undefined || row.status !== "confirmed") throw new Error(`change ${change.change_id} is not confirmed`);
  const order = findOrder(ctx, row.order_id)!;
  const c = parseContents(order)!;
  const price = JSON.parse(row.price) as ChangePrice;
  if (row.kind === "remove") {
    sql(
      ctx.db,
      "UPDATE members SET cover_ended_on = ? WHERE order_id = ? AND employee_code = ? AND cover_ended_on IS NULL",
    ).run(row.effective_date, row.order_id, row.employee_code);
    if (price.policy === "monthly" || price.premium_paise === 0) return before;
    return { invoices: [], credit_notes: issueCreditNotes(ctx, row, order, c) };
  }
  // The joiner is covered from the day the premium is received, today: their e-cards are issued now.
  const policy = sqlValues(ctx.db, "SELECT 1 FROM policies WHERE order_id = ?").get(row.order_id);
  if (policy !== undefined) {
    sql(ctx.db, "UPDATE members SET e_card_status = 'issued' WHERE order_id = ? AND employee_code = ?").run(
      row.order_id,
      row.employee_code,
    );
  }
  return {
    invoices: issueAdditionInvoices(ctx, row, order, c, change.payment_id ?? null, change.credit_paise ?? 0),
    credit_notes: [],
  };
}

/** Asks for the membership's credit to be refunded: the whole balance is recorded as a refund due, once. */
export function requestCreditRefund(ctx: ApiContext, orderId: string, by: string): { refund_due_paise: number } {
  const balance = creditBalance(ctx, orderId);
  if (balance <= 0) throw new HttpError(409, "There is no credit to refund.");
  // A refund waits for the open payments that count on the credit (decision 0042).
  if (creditReserved(ctx, orderId) > 0)
    throw new HttpError(
      409,
      "A payment for an addition that uses this credit is still open: ask for the refund once it is paid or has failed.",
    );
  recordCredit(ctx, orderId, "refund_due", null, -balance, by);
  ctx.log({ event: "credit_refund_requested", order_id: orderId, amount_paise: balance });
  return { refund_due_paise: balance };
}

/** The membership's credit: its balance and every entry, oldest first. */
export function creditsJson(ctx: ApiContext, orderId: string) {
  const entries = sql(
    ctx.db,
    "SELECT kind, document, amount_paise, recorded_at, recorded_by FROM membership_credits WHERE order_id = ? ORDER BY id",
  ).all(orderId) as {
    kind: string;
    document: string | null;
    amount_paise: number;
    recorded_at: number;
    recorded_by: string | null;
  }[];
  return {
    balance_paise: creditBalance(ctx, orderId),
    refund_due_paise: -entries.filter((e) => e.kind === "refund_due").reduce((s, e) => s + e.amount_paise, 0),
    entries: entries.map((e) => ({
      ...e,
      recorded_on: istDate(e.recorded_at),
      recorded_at: new Date(e.recorded_at).toISOString(),
    })),
  };
}

const CREDIT_NOTE_COLUMNS = "number, order_id, change_id, email_to, email_status, data";

function toCreditNote(r: Omit<CreditNoteRow, "id" | "data"> & { data: string }): CreditNoteRow {
  return { ...r, id: creditNoteId(r.number), data: JSON.parse(r.data) as CreditNoteData };
}

/** The credit note with this id if it belongs to the caller's cart; otherwise undefined (answered as 404). */
export function creditNoteOfCart(ctx: ApiContext, id: string, cartId: number): CreditNoteRow | undefined {
  const number = creditNoteNumberOf(id);
  if (number === null) return undefined;
  const r = sql(
    ctx.db,
    `SELECT ${CREDIT_NOTE_COLUMNS.split(", ")
      .map((col) => `n.${col}`)
      .join(", ")} FROM credit_notes n JOIN orders o ON o.order_id = n.order_id WHERE n.number = ? AND o.cart_id = ?`,
  ).get(number, cartId) as (Omit<CreditNoteRow, "id" | "data"> & { data: string }) | undefined;
  return r === undefined ? undefined : toCreditNote(r);
}
