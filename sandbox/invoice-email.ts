// The confirmation sent after a payment: what was bought and the tax invoice attached as a PDF.
import type { ApiContext } from "./context";
import { longDate } from "./dates";
import { escapeHtml, formatRupees } from "./html";
import { formatInr, invoicePdf } from "./invoice-pdf";
import type { InvoiceRow } from "./invoices";
import { SELLER } from "./seller";

export async function sendInvoiceEmail(ctx: ApiContext, invoice: InvoiceRow): Promise<void> {
  const inv = invoice.data;
  const pdf = await invoicePdf(inv);
  const period = `${longDate(inv.billing_period.from)} to ${longDate(inv.billing_period.to)}`;
  const lines = [
    `Thank you: we have received ${formatRupees(inv.total_paise)} for ${inv.recipient.name}'s Kavach membership.`,
    "",
    `Plan: ${inv.plan.name} for ${inv.members} members`,
    `Billing: ${inv.policy === "monthly" ? "monthly" : "yearly"}, this payment covers ${period}`,
    `Tax invoice: ${inv.number} (attached as a PDF), total INR ${formatInr(inv.total_paise)}`,
    `Order: ${inv.order_id} · Payment: ${inv.payment_id}`,
    "",
    inv.policy === "monthly"
      ? "Months 2 to 12 are collected by the recurring mandate you authorised with this payment. You will be told at least 24 hours before each charge and can cancel the mandate at any time."
      : "Your cover is paid for the whole year.",
    "",
    `Questions: ${SELLER.support_email} or ${SELLER.support_phone}.`,
  ];
  const html = `<p>${lines
    .filter((l) => l !== "")
    .map(escapeHtml)
    .join("</p>\n<p>")}</p>`;
  await ctx.email.send({
    to: invoice.email_to,
    subject: `Your Kavach membership is active: tax invoice ${inv.number}`,
    text: lines.join("\n"),
    html,
    attachments: [{ filename: `${inv.id}.pdf`, contentType: "application/pdf", content: pdf }],
  });
}
