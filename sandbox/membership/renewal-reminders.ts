// Renewal reminders (docs/product.md, Renewal): 45, 15 and 3 days before the last day of cover and on
// it, by email and SMS to the admin, each with a link to the renewal quote. A reminder is sent once;
// one missed (the clock moved past it) is not sent late, only the latest due.
import type { ApiContext } from "../shared/context";
import { coverEndDate } from "../shared/cover-dates";
import { istDate, longDate } from "../shared/dates";
import { escapeHtml } from "../shared/html";
import { sql } from "../store/statements";
import { type OrderRow, coverStartOf, findOrder, parseContents } from "../checkout/orders";
import { cancellationOf } from "../billing/mandate";
import { renewalWindow } from "./renewal";

export const REMINDER_DAYS = [45, 15, 3, 0] as const;
/** How often the sweep looks for reminders due, besides each read of a membership. */
export const REMINDER_SWEEP_MS = 60 * 60 * 1000;
/** Where the link in a reminder lands: the app's renewal quote. */
export const RENEWAL_PATH = "/membership/renewal";

/** The latest paid period of each cart not yet renewed (or only `orderId`'s, when given). */
function periodsToRemind(ctx: ApiContext, orderId: string | null): OrderRow[] {
  const ids = sql(
    ctx.db,
    `SELECT o.order_id FROM orders o
       WHERE o.status = 'paid' AND (? IS NULL OR o.order_id = ?)
         AND o.seq = (SELECT MAX(seq) FROM orders p WHERE p.cart_id = o.cart_id AND p.status = 'paid')`,
  )
    .pluck()
    .all(orderId, orderId) as string[];
  return ids.map((id) => findOrder(ctx, id)!).filter((o) => o.paid_at !== null);
}

function reminderText(company: string, coverEnd: string, daysLeft: number, link: string) {
  const when =
    daysLeft === 0
      ? "ends today"
      : `ends on ${longDate(coverEnd)}, ${daysLeft === 1 ? "tomorrow" : `in ${daysLeft} days`}`;
  return {
    sms: `Kavach: the group health cover of ${company} ${when}. Renew it here: ${link}`,
    subject:
      daysLeft === 0
        ? "Your Kavach cover ends today: renew it"
        : `Renew your Kavach cover before ${longDate(coverEnd)}`,
    lines: [
      `The group health cover of ${company} ${when}.`,
      "Your renewal quote is ready: the same plan and benefits for the members covered today, each priced by their age on the renewal date.",
      `See it and renew: ${link}`,
    ],
  };
}

/**
 * Sends the reminders due now, for one period or for all; answers how many were sent. Each is claimed
 * in its own statement before it goes, so two sweeps never send one twice.
 */
export function sendDueReminders(ctx: ApiContext, orderId: string | null = null): number {
  const today = istDate(ctx.now());
  let sent = 0;
  for (const order of periodsToRemind(ctx, orderId)) {
    // A cancelled mandate ends the cover early, and nothing is renewed.
    if (order.policy === "monthly" && cancellationOf(ctx, order.order_id) !== null) continue;
    const contents = parseContents(order);
    if (contents === null) continue;
    const coverEnd = coverEndDate(coverStartOf({ ...order, paid_at: order.paid_at! }));
    const window = renewalWindow(coverEnd, today);
    const due = REMINDER_DAYS.filter((d) => window.days_to_end <= d && window.days_to_end >= 0).at(-1);
    if (due === undefined) continue;
    const claimed = sql(
      ctx.db,
      "INSERT INTO renewal_reminders (order_id, days_before, sent_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
    ).run(order.order_id, due, ctx.now()).changes;
    if (claimed !== 1) continue;
    const mobile = sql(ctx.db, "SELECT mobile_no FROM carts WHERE id = ?").pluck().get(order.cart_id) as string;
    const text = reminderText(
      contents.company.company_name,
      coverEnd,
      window.days_to_end,
      `${ctx.publicOrigin}${RENEWAL_PATH}`,
    );
    void Promise.resolve(ctx.sms.send(mobile, text.sms)).catch(() => undefined);
    void Promise.resolve(
      ctx.email.send({
        to: contents.admin.email,
        subject: text.subject,
        text: text.lines.join("\n\n"),
        html: text.lines.map((l) => `<p>${escapeHtml(l)}</p>`).join("\n"),
        attachments: [],
      }),
    ).catch((error: unknown) =>
      ctx.log({
        level: "error",
        event: "renewal_reminder_email_failed",
        order_id: order.order_id,
        error: error instanceof Error ? error.name : "unknown",
      }),
    );
    // The period and the day only: no address or number reaches the log (docs/product.md, Personal data).
    ctx.log({ event: "renewal_reminder_sent", order_id: order.order_id, days_before: due });
    sent += 1;
  }
  return sent;
}

/** The sweep, at start and then every `everyMs`; answers the function that stops it. */
export function scheduleRenewalReminders(ctx: ApiContext, everyMs = REMINDER_SWEEP_MS): () => void {
  const sweep = () => {
    try {
      sendDueReminders(ctx);
    } catch (error) {
      // A busy database is tried again at the next sweep; the API keeps serving.
      ctx.log({
        level: "error",
        event: "renewal_reminder_sweep_failed",
        error: error instanceof Error ? error.message : "unknown",
      });
    }
  };
  sweep();
  const timer = setInterval(sweep, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
