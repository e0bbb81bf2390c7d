// The membership (docs/product.md, After the purchase): what a paid or pending order bought, its billing
// schedule and its invoices. The spec's logged-in home reads this.
import type { ApiContext } from "../shared/context";
import { addMonths, istDate } from "../shared/dates";
import { invoicesOfCart, orderBillingPeriod } from "../billing/invoices";
import {
  type OrderRow,
  coverStartOf,
  findOrder,
  maskEmail,
  orderJson,
  parseContents,
  refundsDue,
} from "../checkout/orders";
import { SELLER } from "../shared/seller";
import { sqlValues } from "../store/statements";
import { iso } from "../shared/context";
import { SUM_INSURED_BASIS } from "../catalog/sum-insured";
import { coverEndDate, coverHasEnded } from "../shared/cover-dates";
import { completeRenewal, renewalOf } from "./renewal";
import { sendDueReminders } from "./renewal-reminders";
import { censusSummary, paidMembership } from "./members";
import { policyOf } from "./policy";
import { chargeChanges } from "./change-charges";
import { changeRefundsDue } from "../billing/change-payments";
import { type Cancellation, MANDATE_MONTHS, cancellationOf, monthsPaidBy } from "../billing/mandate";

const MONTHS = MANDATE_MONTHS;

/** In the sandbox the mandate is simulated; a real gateway would hand back its own id and method. */
function mandate(order: OrderRow, start: string, cancellation: Cancellation | null) {
  return {
    kind: "sandbox_recurring_mandate",
    description:
      "A recurring payment mandate (simulated in the sandbox; UPI AutoPay, a card standing instruction or an eNACH bank mandate with a real gateway), authorised with the first payment.",
    authorised_on: start,
    amount_paise: order.amount_paise,
    charges: MONTHS - 1,
    pre_debit_notice_hours: 24,
    how_to_cancel: `Cancel at any time before a charge: here on your membership page, by writing to ${SELLER.support_email} or calling ${SELLER.support_phone}, or by revoking the mandate in your UPI or bank app. Cover runs to the end of the last month paid.`,
    cancelled: cancellation,
  };
}

export function membershipJson(ctx: ApiContext, cartId: number) {
  // A renewal paid whose period is not issued yet (a pending payment settled since), and the reminders due.
  for (const id of sqlValues(ctx.db, "SELECT order_id FROM orders WHERE cart_id = ? AND renewal_of IS NOT NULL").all(
    cartId,
  ) as string[])
    completeRenewal(ctx, id);
  const orderId = sqlValues(
    ctx.db,
    // A renewal counts once paid: while its payment is pending, the period it renews is the membership.
    `SELECT order_id FROM orders WHERE cart_id = ? AND (status = 'paid' OR (status = 'pending' AND renewal_of IS NULL))
       ORDER BY seq DESC LIMIT 1`,
  ).get(cartId) as string | undefined;
  if (orderId === undefined) return null;
  const order = findOrder(ctx, orderId)!;
  const contents = parseContents(order);
  const paid = order.status === "paid" && order.paid_at !== null;
  const start = paid ? coverStartOf({ ...order, paid_at: order.paid_at! }) : null;
  const cancellation = paid && order.policy === "monthly" ? cancellationOf(ctx, order.order_id) : null;
  // The simulated mandate collects each charge on its date; after a cancellation nothing more is collected.
  const monthsPaid = start === null ? 0 : (cancellation?.months_paid ?? monthsPaidBy(start, istDate(ctx.now())));
  // Confirmed joiners and leavers move each charge from the one they start with (docs/product.md, Changes during the year).
  const changes = paid && order.policy === "monthly" ? chargeChanges(ctx, order.order_id) : [];
  const chargeOn = (date: string) =>
    changes.reduce((sum, c) => (c.starts_on <= date ? sum + c.total_paise : sum), order.amount_paise);
  const schedule =
    start === null
      ? []
      : order.policy === "monthly"
        ? Array.from({ length: MONTHS }, (_, i) => ({
            number: i + 1,
            date: addMonths(start, i),
            amount_paise: chargeOn(addMonths(start, i)),
            status: i < monthsPaid ? ("paid" as const) : cancellation ? ("cancelled" as const) : ("scheduled" as const),
          }))
        : [{ number: 1, date: start, amount_paise: order.amount_paise, status: "paid" as const }];
  const next = schedule.find((s) => s.status === "scheduled");
  const coverEnd = start === null ? null : (cancellation?.cover_ends_on ?? coverEndDate(start));
  if (paid) sendDueReminders(ctx, order.order_id);
  return {
    status: order.status as "paid" | "pending",
    order: orderJson(ctx, order),
    company: contents?.company ?? null,
    admin:
      contents === null
        ? null
        : { name: contents.admin.name, email: contents.admin.email, email_masked: maskEmail(contents.admin.email) },
    plan: contents === null ? null : { ...contents.plan, sum_insured_basis: SUM_INSURED_BASIS },
    benefits: contents?.coverages.map((c) => ({ id: c.id, name: c.name })) ?? [],
    members: contents?.members ?? null,
    people:
      contents?.people.map((p) => ({
        band: p.band,
        band_label: p.band_label,
        range: p.range,
        range_label: p.range_label,
        count: p.count,
      })) ?? [],
    bill: contents?.bill ?? null,
    start_date: start,
    cover_end_date: coverEnd,
    // The one reading of the cover's end (docs/product.md, Renewal): in force on its last day, ended after.
    cover_status: coverEnd === null ? null : coverHasEnded(coverEnd, istDate(ctx.now())) ? "ended" : "in_force",
    current_period: paid ? orderBillingPeriod(order, order.paid_at!) : null,
    billing: {
      policy: order.policy,
      amount_paise: order.amount_paise,
      schedule,
      next_charge: next === undefined ? null : { date: next.date, amount_paise: next.amount_paise },
      mandate: order.policy === "monthly" && start !== null ? mandate(order, start, cancellation) : null,
    },
    invoices: invoicesOfCart(ctx, cartId).map((i) => ({
      id: i.id,
      number: i.number,
      date: i.data.date,
      total_paise: i.data.total_paise,
      email_status: i.email_status,
      // Who issued it and what for (decision 0047); invoices issued before say neither.
      supplier: i.data.supplier.name,
      document_for: i.data.document_for ?? null,
    })),
    refunds_due: refundsDueOfCart(ctx, cartId),
    support: { email: SELLER.support_email, phone: SELLER.support_phone },
    ...censusAndPolicy(ctx, cartId, paid && contents !== null),
  };
}

/** Once paid: how far the census has come and the policy, if issued (docs/product.md, Members, policy and e-cards). */
function censusAndPolicy(ctx: ApiContext, cartId: number, paid: boolean) {
  if (!paid) return { census: null, policy: null, renewal: null };
  const m = paidMembership(ctx, cartId);
  const s = censusSummary(ctx, m);
  const policy = policyOf(ctx, m.order.order_id);
  return {
    census: {
      employees_bought: s.employees_bought,
      employees_named: s.employees_named,
      lives_bought: s.lives_bought,
      lives_named: s.lives_named,
      complete: s.complete,
    },
    policy: policy === undefined ? null : { policy_number: policy.policy_number, issued_at: policy.data.issued_at },
    renewal: renewalOf(ctx, m),
  };
}

function refundsDueOfCart(ctx: ApiContext, cartId: number) {
  const orderIds = sqlValues(ctx.db, "SELECT order_id FROM orders WHERE cart_id = ? ORDER BY seq").all(
    cartId,
  ) as string[];
  // The purchase's payments that bought nothing, then the additions' (docs/product.md, Changes during the year).
  return orderIds.flatMap((id) => [
    ...refundsDue(ctx, id).map((r) => ({
      order_id: id,
      change_id: null,
      payment_id: r.payment_id,
      amount_paise: r.amount_paise,
      recorded_at: iso(r.recorded_at),
    })),
    ...changeRefundsDue(ctx, id).map((r) => ({ ...r, recorded_at: iso(r.recorded_at) })),
  ]);
}
