// The confirmation sent after a payment: what was bought and the tax invoice attached as a PDF.
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
    `What happens next: add your team's details (names, dates of birth and dependants) at ${membershipUrl(ctx, inv.order_id)}. Once everyone you bought cover for is named, the insurer issues the policy and every employee gets their e-card by email.`,
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
