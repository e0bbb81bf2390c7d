// The confirmation sent after a payment: what was bought and each supplier's tax invoice attached as a PDF.
import type { ApiContext } from "../shared/context";
import { longDate } from "../shared/dates";
import { escapeHtml, formatRupees } from "../shared/html";
import { formatInr, invoicePdf } from "./invoice-pdf";
import type { InvoiceRow } from "./invoices";
import { SELLER } from "../shared/seller";
import { sqlValues } from "../store/statements";

/**
 * Where the admin names their team: the membership page on the site that took the payment (the
 * origin of the order's callback), since the sandbox knows the site only from what it was sent.
 */
function membershipUrl(ctx: ApiContext, orderId: string): string {
  const callback = sqlValues(ctx.db, "SELECT callback_url FROM orders WHERE order_id = ?").get(orderId) as
    string | undefined;
  try {
    return new URL("/membership", callback).href;
  } catch {
    return "/membership";
  }
}

export async function sendInvoiceEmail(ctx: ApiContext, invoices: readonly InvoiceRow[]): Promise<void> {
  const inv = invoices[0]!.data;
  const total = invoices.reduce((s, i) => s + i.data.total_paise, 0);
  const pdfs = await Promise.all(invoices.map((i) => invoicePdf(i.data)));
  const period = `${longDate(inv.billing_period.from)} to ${longDate(inv.billing_period.to)}`;
  // Each supplier's invoice is its own document: say what each is for and who issued it (decision 0047).
  const documents = invoices.map(
    (i) =>
      `- ${i.data.number} from ${i.data.supplier.name} (GSTIN ${i.data.supplier.gstin}): ${
        i.data.document_for ?? "tax invoice"
      }, total INR ${formatInr(i.data.total_paise)}`,
  );
  const lines = [
    `Thank you: we have received ${formatRupees(total)} for ${inv.recipient.name}'s Kavach membership.`,
    "",
    `Plan: ${inv.plan.name} for ${inv.members} members`,
    `Billing: ${inv.policy === "monthly" ? "monthly" : "yearly"}, this payment covers ${period}`,
    invoices.length === 1
      ? "Tax invoice (attached as a PDF):"
      : `Your payment is invoiced by each supplier on its own tax invoice (${invoices.length}, attached as PDFs):`,
    ...documents,
    `Kavach collected the insurance premium on the insurer's behalf and remits it to the insurer; it is the insurer's supply, not Kavach's.`,
    `Order: ${inv.order_id} · Payment: ${inv.payment_id}`,
    "",
    inv.policy === "monthly"
      ? "Months 2 to 12 are collected by the recurring mandate you authorised with this payment. You will be told at least 24 hours before each charge and can cancel the mandate at any time."
      : "Your cover is paid for the whole year.",
    "",
    `What happens next: add your team's details (names, dates of birth and dependants) at ${membershipUrl(ctx, inv.order_id)}. Once everyone you bought cover for is named, the insurer issues the policy and every employee gets their e-card by email.`,
    "",
    `Questions: ${SELLER.support_email} or ${SELLER.support_phone}.`,
  ];
  const html = `<p>${lines
    .filter((l) => l !== "")
    .map(escapeHtml)
    .join("</p>\n<p>")}</p>`;
  await ctx.email.send({
    to: invoices[0]!.email_to,
    subject: `Your Kavach membership is active: tax ${invoices.length === 1 ? "invoice" : "invoices"} ${invoices
      .map((i) => i.number)
      .join(", ")}`,
    text: lines.join("\n"),
    html,
    attachments: invoices.map((i, n) => ({
      filename: `${i.id}.pdf`,
      contentType: "application/pdf",
      content: pdfs[n]!,
    })),
  });
}
