// The documents of a change during the year (docs/product.md, Changes during the year; decision 0026): a
// yearly removal gets a GST credit note from its own series, an addition a GST tax invoice in the
// purchase's series, and the credit a removal leaves is kept as a balance on the membership. Issued in one
// place, inside the write transaction in which the change becomes confirmed (or, for an addition paid now,
// in which its payment succeeds), so a number is taken only for a change that stands.
import { rupeesInWords } from "./amount-words";
import { UNDERWRITING } from "../catalog/catalog";
import { type ChangeJson } from "../membership/change-store";
import { type ChangePrice, CREDIT_HOLD_MS } from "../membership/change-rules";
import type { ApiContext } from "../shared/context";
import { addDays, financialYear, istDate, longDate } from "../shared/dates";
import { HttpError } from "../shared/envelope";
import {
  type InvoiceData,
  type InvoiceLine,
  SEZ_NOTE,
  billedTo,
  billingPeriod,
  invoiceFor,
  invoiceId,
  lineSuppliers,
  nextInvoiceNumber,
} from "./invoices";
import type { OrderContents } from "../checkout/order-contents";
import { type OrderRow, findOrder, parseContents } from "../checkout/orders";
import { roundDiv } from "../catalog/pricing";
import { SELLER } from "../shared/seller";
import { coverEndDate } from "../shared/cover-dates";
import { sql, sqlValues } from "../store/statements";

const CREDIT_SERIES = "KV/CN";

/** The last day of the year of cover bought on the order's payment day. */
const coverEndOf = (order: OrderRow) => coverEndDate(istDate(order.paid_at!));

export interface ChangeDocuments {
  /** The addition's tax invoice number, if it has one. */
  invoice: string | null;
  /** The removal's credit note number, if it has one. */
  credit_note: string | null;
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
  /** Yearly: credit from removals used against this invoice; what is left to pay. */
  credit_applied_paise: number;
  amount_due_paise: number;
}

export interface CreditNoteData extends Omit<InvoiceData, "payment_id" | "policy_number"> {
  original_invoice: { number: string; date: string };
  reason: string;
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

/** KV/CN/26-27/000001 ⇄ KV-CN-26-27-000001: the number has slashes, a URL segment cannot. */
export function creditNoteId(number: string): string {
  return number.replaceAll("/", "-");
}
export function creditNoteNumberOf(id: string): string | null {
  const m = /^KV-CN-(\d{2}-\d{2})-(\d{6})$/.exec(id);
  return m === null ? null : `${CREDIT_SERIES}/${m[1]}/${m[2]}`;
}

/**
 * The change's share of each benefit, each scaled like the change's premium (monthly price × 12 × days ÷
 * 365 less the discount, or one month), with what rounding leaves over on the health cover's line, so the
 * lines add up to the change's premium exactly (the purchase's invoice does the same: decision 0019).
 */
export function changeLines(c: OrderContents, band: string, range: string, price: ChangePrice, detail: string) {
  const person = c.people.find((p) => p.band === band && p.range === range)!;
  const premium = Math.abs(price.premium_paise);
  const scale = (monthly: number) =>
    price.days === null
      ? monthly
      : roundDiv(monthly * 12 * price.days * (100 - price.discount_pct), price.days_in_year * 100);
  const lines: InvoiceLine[] = lineSuppliers(c).map((s) => ({
    sac: s.sac,
    description: s.health ? `${s.description}: ${person.band_label}, ${person.range_label}` : s.description,
    detail,
    supplied_by: s.supplied_by,
    taxable_paise: scale(s.health ? person.rate_paise : s.monthly_paise),
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
    return `${rupees(price.unit_monthly_paise)} a month, collected by the mandate from the charge on ${
      price.starts_on === null ? "its next date" : longDate(price.starts_on)
    }`;
  }
  const from = row.kind === "add" ? row.effective_date : addDays(row.effective_date, 1);
  const discount = price.discount_pct > 0 ? ` less the ${price.discount_pct}% yearly discount` : "";
  return `${rupees(price.unit_monthly_paise)} a month × 12 × ${price.days}/${price.days_in_year} days (${longDate(
    from,
  )} to ${longDate(coverEnd)})${discount}`;
}

function header(c: OrderContents, order: OrderRow, date: string) {
  return {
    date,
    financial_year: financialYear(date),
    supplier: SELLER,
    // As at purchase: the place of supply and tax regime the purchase was invoiced with.
    ...billedTo(c.company),
    reverse_charge: false as const,
    order_id: order.order_id,
    policy: order.policy,
    plan: { name: c.plan.name, sum_insured_inr: c.plan.sum_insured_inr },
    members: 1,
    zero_rated_note: c.tax_regime === "sez" ? SEZ_NOTE : null,
    insurer: { name: UNDERWRITING.insurer.name, irdai_registration_no: UNDERWRITING.insurer.irdai_registration_no },
  };
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

function issueCreditNote(ctx: ApiContext, row: StoredChange, order: OrderRow, c: OrderContents): string {
  const price = JSON.parse(row.price) as ChangePrice;
  const original = invoiceFor(ctx, order.order_id);
  if (original === undefined) throw new Error(`order ${order.order_id}: a credit note needs the purchase's invoice`);
  const issuedAt = ctx.now();
  const date = istDate(issuedAt);
  const fy = financialYear(date);
  // Read and taken in the caller's IMMEDIATE transaction; (financial_year, seq) is unique besides.
  const seq = sqlValues(ctx.db, "SELECT COALESCE(MAX(seq), 0) + 1 FROM credit_notes WHERE financial_year = ?").get(
    fy,
  ) as number;
  const number = `${CREDIT_SERIES}/${fy}/${String(seq).padStart(6, "0")}`;
  const coverEnd = coverEndOf(order);
  const rule = ruleOf(row, price, coverEnd);
  const { lines, person } = changeLines(c, row.band, row.range_code, price, `Credited: ${rule}`);
  const taxable = -price.premium_paise;
  const total = -price.total_paise;
  const data: CreditNoteData = {
    ...header(c, order, date),
    id: creditNoteId(number),
    number,
    original_invoice: { number: original.number, date: original.data.date },
    reason: `Employee ${row.employee_code} left the team (${row.reason ?? "no reason given"}); their last day of cover was ${longDate(
      row.effective_date,
    )}, and the premium for the days after it is credited.`,
    change: {
      change_id: row.change_id,
      employee_code: row.employee_code,
      band_label: person.band_label,
      range_label: person.range_label,
      effective_date: row.effective_date,
      rule,
    },
    billing_period: { from: addDays(row.effective_date, 1), to: coverEnd },
    lines,
    taxable_paise: taxable,
    // The tax reversed at the original rates: the change was priced with the purchase's regime.
    tax_lines: price.tax_lines.map((t) => ({ ...t, paise: -t.paise })),
    tax_paise: -price.tax_paise,
    total_paise: total,
    total_in_words: rupeesInWords(total),
  };
  sql(
    ctx.db,
    `INSERT INTO credit_notes (number, financial_year, seq, order_id, change_id, issued_at, data, email_to)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(number, fy, seq, order.order_id, row.change_id, issuedAt, JSON.stringify(data), c.admin.email);
  recordCredit(ctx, order.order_id, "credit_note", number, total, null);
  ctx.log({ event: "credit_note_issued", credit_note: number, order_id: order.order_id, total_paise: total });
  return number;
}

function issueAdditionInvoice(
  ctx: ApiContext,
  row: StoredChange,
  order: OrderRow,
  c: OrderContents,
  paymentId: string | null,
  creditPaise: number,
): string {
  const price = JSON.parse(row.price) as ChangePrice;
  const issuedAt = ctx.now();
  const date = istDate(issuedAt);
  const { number, fy, seq } = nextInvoiceNumber(ctx, date);
  const coverEnd = coverEndOf(order);
  const rule = ruleOf(row, price, coverEnd);
  const { lines, person } = changeLines(c, row.band, row.range_code, price, `Added: ${rule}`);
  // Yearly: the credit removals left is used first, up to the invoice's total (decision 0026), as the
  // payment counted on it when it opened (decision 0042).
  const applied = price.policy === "yearly" ? Math.min(creditPaise, price.total_paise) : 0;
  const change: ChangeOnInvoice = {
    change_id: row.change_id,
    employee_code: row.employee_code,
    band_label: person.band_label,
    range_label: person.range_label,
    effective_date: row.effective_date,
    rule,
    credit_applied_paise: applied,
    amount_due_paise: price.total_paise - applied,
  };
  const period =
    price.days === null
      ? billingPeriod("monthly", Date.parse(`${price.starts_on ?? date}T00:00:00+05:30`))
      : { from: row.effective_date, to: coverEnd };
  const data: InvoiceData & { change: ChangeOnInvoice } = {
    ...header(c, order, date),
    id: invoiceId(number),
    number,
    payment_id:
      paymentId ??
      (price.policy === "monthly"
        ? `Collected by the mandate with the charge on ${longDate(period.from)}`
        : applied === price.total_paise
          ? "Paid from the membership's credit"
          : "Due"),
    billing_period: period,
    lines,
    taxable_paise: price.premium_paise,
    tax_lines: price.tax_lines,
    tax_paise: price.tax_paise,
    total_paise: price.total_paise,
    total_in_words: rupeesInWords(price.total_paise),
    change,
  };
  sql(
    ctx.db,
    `INSERT INTO invoices (number, financial_year, seq, order_id, change_id, issued_at, data, email_to)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(number, fy, seq, order.order_id, row.change_id, issuedAt, JSON.stringify(data), c.admin.email);
  if (applied > 0) recordCredit(ctx, order.order_id, "applied", number, -applied, null);
  ctx.log({ event: "invoice_issued", invoice: number, order_id: order.order_id, total_paise: price.total_paise });
  return number;
}

/** The documents a change has, if any. */
export function documentsOf(ctx: ApiContext, changeId: string): ChangeDocuments {
  return {
    invoice: (sqlValues(ctx.db, "SELECT number FROM invoices WHERE change_id = ?").get(changeId) as string) ?? null,
    credit_note:
      (sqlValues(ctx.db, "SELECT number FROM credit_notes WHERE change_id = ?").get(changeId) as string) ?? null,
  };
}

/**
 * Issues the document of a change that has just become confirmed, inside the caller's IMMEDIATE write
 * transaction (`writeTransaction`), after the change's members are saved. Once per change: called again,
 * it answers the documents already issued. A yearly removal gets a credit note and its credit on the
 * balance; an addition a tax invoice (yearly, using the balance first); a monthly removal none, as nothing
 * invoiced is given back: the mandate's later charges fall instead. A leaver's cover end is recorded on
 * their family's e-cards; a joiner's e-cards are issued if the policy is. `payment_id`: the payment of an
 * addition paid now, printed on its invoice. Call `queueChangeDocumentEmail` once the transaction commits.
 */
export function issueChangeDocuments(
  ctx: ApiContext,
  change: Pick<ChangeJson, "change_id"> & { payment_id?: string | null; credit_paise?: number },
): ChangeDocuments {
  const before = documentsOf(ctx, change.change_id);
  if (before.invoice !== null || before.credit_note !== null) return before;
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
    if (price.policy === "monthly") return before;
    return { invoice: null, credit_note: issueCreditNote(ctx, row, order, c) };
  }
  // The joiner is covered from their date of joining, never in the future: their e-cards are issued now.
  const policy = sqlValues(ctx.db, "SELECT 1 FROM policies WHERE order_id = ?").get(row.order_id);
  if (policy !== undefined) {
    sql(ctx.db, "UPDATE members SET e_card_status = 'issued' WHERE order_id = ? AND employee_code = ?").run(
      row.order_id,
      row.employee_code,
    );
  }
  return {
    invoice: issueAdditionInvoice(ctx, row, order, c, change.payment_id ?? null, change.credit_paise ?? 0),
    credit_note: null,
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
