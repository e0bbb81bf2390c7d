// The company's registered email is told of every purchase in its name, with a way to report one nobody
// there made (docs/product.md, One membership per company): a GSTIN is public, so the company hears of it.
import type { ApiContext } from "../shared/context";
import { istDate, longDate } from "../shared/dates";
import { escapeHtml } from "../shared/html";
import { SELLER } from "../shared/seller";
import { sql } from "../store/statements";

/**
 * The sandbox GST registry's email for a company: made from its name at the reserved `.example` domain
 * (Fernleaf Analytics Private Limited → gst@fernleaf-analytics.example), so every company, seeded or
 * made up, has one and none reaches a real inbox.
 */
export function registeredEmailOf(companyName: string): string {
  const words = companyName
    .toLowerCase()
    .replace(/\b(private|limited|pvt|ltd|llp)\b/g, " ")
    .match(/[a-z0-9]+/g) ?? ["company"];
  return `gst@${words.slice(0, 2).join("-")}.example`;
}

/** Sent once per purchase, when its invoice email is first claimed (sandbox/billing/invoices.ts). */
export function sendPurchaseNotice(ctx: ApiContext, orderId: string): void {
  const row = sql(
    ctx.db,
    `SELECT o.paid_at, c.mobile_no, c.admin_name, co.company_name, co.gstin
       FROM orders o JOIN carts c ON c.id = o.cart_id JOIN companies co ON co.gstin = c.company_gstin
       WHERE o.order_id = ?`,
  ).get(orderId) as
    | { paid_at: number | null; mobile_no: string; admin_name: string | null; company_name: string; gstin: string }
    | undefined;
  if (row === undefined) return;
  const buyer = `${row.admin_name ?? "Someone"} (mobile ${row.mobile_no.slice(0, 2)}••••••${row.mobile_no.slice(-2)})`;
  const report = `${ctx.publicOrigin}/contact-us?${new URLSearchParams({ report: orderId })}`;
  const lines = [
    `On ${longDate(istDate(row.paid_at ?? ctx.now()))}, ${buyer} bought a Kavach group health membership for ${row.company_name} (GSTIN ${row.gstin}), declaring they are authorised to buy for the company. Order: ${orderId}.`,
    `We write to the email the GST registry holds for ${row.company_name}, so the company knows.`,
    `If nobody at ${row.company_name} should have bought it, report it: ${report} or write to ${SELLER.support_email}.`,
  ];
  Promise.resolve(
    ctx.email.send({
      to: registeredEmailOf(row.company_name),
      subject: `A Kavach membership was bought for ${row.company_name}`,
      text: lines.join("\n\n"),
      html: lines.map((l) => `<p>${escapeHtml(l)}</p>`).join("\n"),
      attachments: [],
    }),
  ).catch((error: unknown) =>
    ctx.log({
      level: "error",
      event: "purchase_notice_failed",
      order_id: orderId,
      error: error instanceof Error ? error.message : String(error),
    }),
  );
}
