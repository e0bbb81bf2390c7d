// The email of a change's documents (docs/product.md, Changes during the year): the addition's tax invoices
// or the removal's credit notes, one per supplier, attached as PDFs, to the admin. Sent after the confirming
// transaction has committed and claimed once, like the purchase's invoice email (sandbox/billing/invoices.ts).
import { policyNow } from "./certificate";
import { type CreditNoteData, documentsOf } from "../billing/change-documents";
import type { ApiContext } from "../shared/context";
import { longDate } from "../shared/dates";
import { awaitSending, trackSending } from "../messages/emails-in-flight";
import { escapeHtml, formatRupees } from "../shared/html";
import { formatInr, invoicePdf } from "../billing/invoice-pdf";
import type { InvoiceData } from "../billing/invoices";
import { membersOf } from "./members";
import { policyOf } from "./policy";
import { sendFamilyCards } from "./policy-email";
import { SELLER } from "../shared/seller";
import { sql } from "../store/statements";

const key = (changeId: string) => `change:${changeId}`;

/** Queues the email of the change's documents (one per supplier, sent together), if it has any not yet claimed. */
export function queueChangeDocumentEmail(ctx: ApiContext, changeId: string): void {
  const docs = documentsOf(ctx, changeId);
  const table = docs.credit_notes.length > 0 ? "credit_notes" : docs.invoices.length > 0 ? "invoices" : null;
  if (table === null) return queueCardsAlone(ctx, changeId);
  const claimed = sql(
    ctx.db,
    `UPDATE ${table} SET email_status = 'sending' WHERE change_id = ? AND email_status IS NULL`,
  ).run(changeId).changes;
  if (claimed === 0) return;
  const rows = sql(
    ctx.db,
    `SELECT number, email_to, data FROM ${table} WHERE change_id = ?
       ORDER BY CASE supplier WHEN 'health' THEN 0 WHEN 'life' THEN 1 ELSE 2 END`,
  ).all(changeId) as { number: string; email_to: string; data: string }[];
  const numbers = rows.map((r) => r.number).join(", ");
  const data = rows.map((r) => JSON.parse(r.data) as InvoiceData | CreditNoteData);
  const mark = (status: "sent" | "failed") =>
    sql(ctx.db, `UPDATE ${table} SET email_status = ? WHERE change_id = ?`).run(status, changeId);
  const sending = send(ctx, rows[0]!.email_to, data)
    .then(() => (table === "invoices" ? joinerCards(ctx, changeId) : undefined))
    .then(
      () => {
        mark("sent");
        ctx.log({ event: "change_document_emailed", document: numbers });
      },
      (error: unknown) => {
        mark("failed");
        ctx.log({
          level: "error",
          event: "change_document_email_failed",
          document: numbers,
          error: error instanceof Error ? error.message : String(error),
        });
      },
    );
  trackSending(ctx, key(changeId), sending);
}

/**
 * An addition with no document (a family event the family cover already takes, at no charge) sends the
 * family's e-cards by themselves, once: the first confirm claims them, a repeated one finds them claimed.
 */
function queueCardsAlone(ctx: ApiContext, changeId: string): void {
  const claimed = sql(
    ctx.db,
    `UPDATE membership_changes SET cards_emailed_at = ?
       WHERE change_id = ? AND kind = 'add' AND status = 'confirmed' AND cards_emailed_at IS NULL`,
  ).run(ctx.now(), changeId).changes;
  if (claimed === 0) return;
  const sending = joinerCards(ctx, changeId).catch((error: unknown) =>
    ctx.log({
      level: "error",
      event: "change_cards_email_failed",
      change_id: changeId,
      error: error instanceof Error ? error.message : String(error),
    }),
  );
  trackSending(ctx, key(changeId), sending);
}

/** A joiner covered under an issued policy gets their family's e-cards, as every employee did at issue. */
async function joinerCards(ctx: ApiContext, changeId: string): Promise<void> {
  const change = sql(ctx.db, "SELECT order_id, employee_code FROM membership_changes WHERE change_id = ?").get(
    changeId,
  ) as { order_id: string; employee_code: string };
  if (policyOf(ctx, change.order_id) === undefined) return;
  const family = membersOf(ctx, change.order_id).filter(
    (m) => m.employee_code === change.employee_code && m.e_card_status === "issued",
  );
  // The policy as it stands: after a cancelled mandate, the joiner's cards end when the cover does.
  if (family.length > 0) await sendFamilyCards(ctx, policyNow(ctx, change.order_id).policy, family);
}

/** Who issued a document and what for, in one line of the email (decision 0047). */
const issuedBy = (d: InvoiceData | CreditNoteData) =>
  `${d.number} from ${d.supplier.name} (GSTIN ${d.supplier.gstin}), total INR ${formatInr(d.total_paise)}`;

async function send(ctx: ApiContext, to: string, docs: readonly (InvoiceData | CreditNoteData)[]): Promise<void> {
  const d = docs[0]!;
  const total = docs.reduce((sum, doc) => sum + doc.total_paise, 0);
  const credit = "original_invoice" in d;
  const lines = credit
    ? [
        `A credit of ${formatRupees(total)} for ${d.recipient.name}'s Kavach membership.`,
        "",
        d.reason,
        ...(d.financial_note ? [d.financial_note] : []),
        `Credit ${docs.length === 1 ? "note" : "notes"} (attached as PDFs), each against its supplier's tax invoice:`,
        ...docs.map(
          (doc) =>
            `- ${issuedBy(doc)}${"original_invoice" in doc ? `, against ${doc.original_invoice.number} of ${longDate(doc.original_invoice.date)}` : ""}`,
        ),
        "",
        // s.64VB(3): the insurer's refund is paid to the insured, into its cash deposit (decision 0055).
        "The insurer refunds its premium into your cash deposit with it, which pays for your next additions and which you can withdraw from your membership page; Kavach refunds its own services to your company's bank account.",
      ]
    : [
        `Tax ${docs.length === 1 ? "invoice" : "invoices"} of ${formatRupees(total)} for an addition to ${d.recipient.name}'s Kavach membership, for ${longDate(d.billing_period.from)} to ${longDate(d.billing_period.to)} (attached as PDFs), each from the supplier of its part:`,
        ...docs.map((doc) => `- ${issuedBy(doc)}: ${doc.document_for ?? "tax invoice"}`),
      ];
  lines.push("", `Questions: ${SELLER.support_email} or ${SELLER.support_phone}.`);
  const numbers = docs.map((doc) => doc.number).join(", ");
  await ctx.email.send({
    to,
    subject: credit
      ? `Credit ${docs.length === 1 ? "note" : "notes"} ${numbers} for your Kavach membership`
      : `Tax ${docs.length === 1 ? "invoice" : "invoices"} ${numbers}: an addition to your Kavach membership`,
    text: lines.join("\n"),
    html: `<p>${lines
      .filter((l) => l !== "")
      .map(escapeHtml)
      .join("</p>\n<p>")}</p>`,
    attachments: await Promise.all(
      docs.map(async (doc) => ({
        filename: `${doc.id}.pdf`,
        contentType: "application/pdf",
        content: await invoicePdf(doc),
      })),
    ),
  });
}

/** Waits up to `ms` for a change's document email, so an answer finds it in the outbox. */
export async function awaitChangeDocumentEmail(ctx: ApiContext, changeId: string, ms: number): Promise<void> {
  await awaitSending(ctx, key(changeId), ms);
}
