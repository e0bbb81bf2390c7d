// The email of a change's document (docs/product.md, Changes during the year): the addition's tax invoice
// or the removal's credit note, attached as a PDF, to the admin. Sent after the confirming transaction has
// committed and claimed once, like the purchase's invoice email (sandbox/billing/invoices.ts).
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

/** Queues the email of the change's document, if it has one not yet claimed. */
export function queueChangeDocumentEmail(ctx: ApiContext, changeId: string): void {
  const docs = documentsOf(ctx, changeId);
  const table = docs.credit_note !== null ? "credit_notes" : docs.invoice !== null ? "invoices" : null;
  if (table === null) return;
  const claimed = sql(
    ctx.db,
    `UPDATE ${table} SET email_status = 'sending' WHERE change_id = ? AND email_status IS NULL`,
  ).run(changeId).changes;
  if (claimed !== 1) return;
  const row = sql(ctx.db, `SELECT number, email_to, data FROM ${table} WHERE change_id = ?`).get(changeId) as {
    number: string;
    email_to: string;
    data: string;
  };
  const data = JSON.parse(row.data) as InvoiceData | CreditNoteData;
  const mark = (status: "sent" | "failed") =>
    sql(ctx.db, `UPDATE ${table} SET email_status = ? WHERE change_id = ?`).run(status, changeId);
  const sending = send(ctx, row.email_to, data)
    .then(() => (table === "invoices" ? joinerCards(ctx, changeId) : undefined))
    .then(
      () => {
        mark("sent");
        ctx.log({ event: "change_document_emailed", document: row.number });
      },
      (error: unknown) => {
        mark("failed");
        ctx.log({
          level: "error",
          event: "change_document_email_failed",
          document: row.number,
          error: error instanceof Error ? error.message : String(error),
        });
      },
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

async function send(ctx: ApiContext, to: string, d: InvoiceData | CreditNoteData): Promise<void> {
  const credit = "original_invoice" in d;
  const lines = credit
    ? [
        `A credit of ${formatRupees(d.total_paise)} for ${d.recipient.name}'s Kavach membership.`,
        "",
        d.reason,
        `Credit note: ${d.number} (attached as a PDF) against tax invoice ${d.original_invoice.number} of ${longDate(d.original_invoice.date)}, total INR ${formatInr(d.total_paise)}.`,
        "",
        "The credit is kept on your membership's statement and used against your next addition; you can also ask for it to be refunded from your membership page.",
      ]
    : [
        `A tax invoice of ${formatRupees(d.total_paise)} for an addition to ${d.recipient.name}'s Kavach membership.`,
        "",
        `Tax invoice: ${d.number} (attached as a PDF), total INR ${formatInr(d.total_paise)}, for ${longDate(d.billing_period.from)} to ${longDate(d.billing_period.to)}.`,
      ];
  lines.push("", `Questions: ${SELLER.support_email} or ${SELLER.support_phone}.`);
  await ctx.email.send({
    to,
    subject: credit
      ? `Credit note ${d.number} for your Kavach membership`
      : `Tax invoice ${d.number}: an addition to your Kavach membership`,
    text: lines.join("\n"),
    html: `<p>${lines
      .filter((l) => l !== "")
      .map(escapeHtml)
      .join("</p>\n<p>")}</p>`,
    attachments: [{ filename: `${d.id}.pdf`, contentType: "application/pdf", content: await invoicePdf(d) }],
  });
}

/** Waits up to `ms` for a change's document email, so an answer finds it in the outbox. */
export async function awaitChangeDocumentEmail(ctx: ApiContext, changeId: string, ms: number): Promise<void> {
  await awaitSending(ctx, key(changeId), ms);
}
