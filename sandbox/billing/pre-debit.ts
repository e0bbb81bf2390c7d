// The pre-debit notice (docs/product.md, Cancelling the monthly mandate): RBI's e-mandate framework asks
// for a notice at least 24 hours before each debit. The sandbox's sweep (every few hours) sends it to the
// admin from two days before each monthly charge, once per charge, with the amount the charge will take
// (the purchase's, moved by every confirmed change) and how to cancel; never after a cancellation.
import type { ApiContext } from "../shared/context";
import { addDays, addMonths, istDate, longDate } from "../shared/dates";
import { escapeHtml, formatRupees } from "../shared/html";
import { SELLER } from "../shared/seller";
import { trackSending } from "../messages/emails-in-flight";
import { chargeChanges } from "../membership/change-charges";
import { sql } from "../store/statements";
import { MANDATE_MONTHS, cancellationOf } from "./mandate";

/** How many days before a charge its notice goes: two, so a sweep every few hours is always 24 hours ahead. */
export const NOTICE_DAYS = 2;

interface MonthlyOrder {
  order_id: string;
  paid_at: number;
  amount_paise: number;
  contents: string;
}

/** Sends each notice now due and not yet sent; the caller's sweep. Answers how many went. */
export function sendPreDebitNotices(ctx: ApiContext): number {
  const today = istDate(ctx.now());
  const orders = sql(
    ctx.db,
    "SELECT order_id, paid_at, amount_paise, contents FROM orders WHERE status = 'paid' AND policy = 'monthly' AND paid_at IS NOT NULL",
  ).all() as MonthlyOrder[];
  let sent = 0;
  for (const o of orders) {
    if (cancellationOf(ctx, o.order_id) !== null) continue;
    const start = istDate(o.paid_at);
    for (let n = 2; n <= MANDATE_MONTHS; n += 1) {
      const date = addMonths(start, n - 1);
      if (!(today < date && today >= addDays(date, -NOTICE_DAYS))) continue;
      const amount = chargeChanges(ctx, o.order_id).reduce(
        (sum, c) => (c.starts_on <= date ? sum + c.total_paise : sum),
        o.amount_paise,
      );
      const claimed = sql(
        ctx.db,
        "INSERT OR IGNORE INTO pre_debit_notices (order_id, charge_number, charge_date, amount_paise, sent_at) VALUES (?, ?, ?, ?, ?)",
      ).run(o.order_id, n, date, amount, ctx.now()).changes;
      if (claimed === 0) continue;
      const { admin, company } = JSON.parse(o.contents) as {
        admin: { email: string };
        company: { company_name: string };
      };
      const lines = [
        `Pre-debit notice: on ${longDate(date)} your recurring mandate will collect ${formatRupees(amount)} (GST included) for ${company.company_name}'s Kavach membership: monthly charge ${n} of ${MANDATE_MONTHS}, for the month from ${longDate(date)}.`,
        "",
        `To stop it, cancel the mandate before then on your membership page, by writing to ${SELLER.support_email} or calling ${SELLER.support_phone}, or in your UPI or bank app. Cover then runs to ${longDate(addDays(date, -1))}.`,
      ];
      // Sent once the sweep's transaction has committed the claim.
      const sending = Promise.resolve()
        .then(() =>
          ctx.email.send({
            to: admin.email,
            subject: `Pre-debit notice: ${formatRupees(amount)} on ${longDate(date)} for your Kavach membership`,
            text: lines.join("\n"),
            html: `<p>${lines
              .filter((l) => l !== "")
              .map(escapeHtml)
              .join("</p>\n<p>")}</p>`,
            attachments: [],
          }),
        )
        .then(
          () => ctx.log({ event: "pre_debit_notice_sent", order_id: o.order_id, charge: n }),
          (error: unknown) =>
            ctx.log({
              level: "error",
              event: "pre_debit_notice_failed",
              order_id: o.order_id,
              charge: n,
              error: error instanceof Error ? error.message : String(error),
            }),
        );
      trackSending(ctx, `pre-debit:${o.order_id}:${n}`, sending);
      sent += 1;
    }
  }
  return sent;
}
