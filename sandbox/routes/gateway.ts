// The embedded payment gateway and SMS outbox: stand-ins for the real services when no upstream is set;
// and the sandbox insurer's public policy wording.
import { Router, type Response } from "express";
import { z } from "zod";
import type { ApiContext } from "../shared/context";
import { HttpError, parseInput, route, sendOk } from "../shared/envelope";
import { outboxReader } from "../messages/outbox-access";
import { escapeHtml, formatRupees, page } from "../shared/html";
import { mobileNoSchema } from "../shared/mobile";
import { readCart } from "../checkout/cart";
import { listEmails } from "../messages/email";
import {
  SANDBOX_FAILURE_REASON,
  type OrderRow,
  createPaymentAttempts,
  currentOrder,
  paymentSignature,
} from "../checkout/orders";
import { listOutbox } from "../messages/sms";
import { ageCodes } from "../accounts/otp";
import { ageMembership } from "../membership/clock";
import { sendDueReminders } from "../membership/renewal-reminders";
import { purgeExpiredMembers } from "../membership/retention";
import { type ChangePaymentRow, changePaymentAttempts, findPayment } from "../billing/change-payments";
import { type TopUpRow, findTopUp } from "../billing/cash-deposit";
import { gatewayId } from "../store/ids";
import { PRODUCT, networkHospitalsUrl } from "../catalog/catalog";
import { policyWordingPage } from "../catalog/policy-wording";

const MERCHANT_NAME = "Kavach (sandbox)";
const OUTBOX_UNAUTHORIZED = "Send the outbox key, or your own API token to read your own messages.";

function hidden(name: string, value: string): string {
  return `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`;
}

function sendHtml(res: Response, status: number, html: string, formAction?: string): void {
  // No script at all; forms may only post to the order's callback origin.
  const formSrc = formAction === undefined ? "'none'" : formAction;
  res
    .status(status)
    .set({
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "no-store",
      "Content-Security-Policy": `default-src 'none'; style-src 'unsafe-inline'; form-action ${formSrc}; frame-ancestors 'none'`,
    })
    .send(html);
}

function orderSummary(order: OrderRow): string {
  const policy = order.policy === "monthly" ? "Monthly (1 month)" : "Yearly (12 months, 10% off the premium)";
  return `<dl>
  <dt>Merchant</dt><dd>${escapeHtml(MERCHANT_NAME)}</dd>
  <dt>Order</dt><dd>${escapeHtml(order.order_id)}</dd>
  <dt>Receipt</dt><dd>${escapeHtml(order.receipt)}</dd>
  <dt>Billing</dt><dd>${escapeHtml(policy)}</dd>
  <dt>Premium</dt><dd>${escapeHtml(formatRupees(order.premium_paise))}</dd>
  <dt>GST</dt><dd>${escapeHtml(formatRupees(order.tax_paise))}</dd>
  <dt>Amount</dt><dd>${escapeHtml(formatRupees(order.amount_paise))}</dd>
</dl>`;
}

const SANDBOX_NOTE =
  '<p class="note">This is a sandbox checkout. No money moves: the buttons below simulate what the payment gateway would report.</p>';

function checkoutPage(ctx: ApiContext, order: OrderRow): string {
  const heading = `<h1>Pay ${escapeHtml(formatRupees(order.amount_paise))} to ${escapeHtml(MERCHANT_NAME)}</h1>`;
  if (order.status === "paid") {
    return page(
      "Order already paid",
      `${heading}${orderSummary(order)}<p>This order is already paid. There is nothing more to pay.</p>`,
    );
  }
  if (order.status === "superseded") {
    // The quote changed after this order was made: it cannot be paid; the new quote is offered instead.
    const quote = readCart(ctx, order.cart_id).quote;
    const now = quote === null ? "" : ` It is now ${escapeHtml(formatRupees(quote[order.policy].total_paise))}.`;
    return page(
      "The quote has changed",
      `${heading}${orderSummary(order)}<p role="alert"><strong>The quote has changed since this order was made</strong>, so this order can no longer be paid and nothing was charged.${now}</p>
<p><a href="${escapeHtml(order.callback_url)}">Review and pay the new quote</a></p>`,
    );
  }
  if (order.status === "pending") {
    return page(
      "Payment being processed",
      `${heading}${orderSummary(
        order,
      )}<p>A payment for this order is being processed. It will be confirmed shortly.</p>`,
    );
  }
  const ids = createPaymentAttempts(ctx, order);
  return page(
    `Pay ${formatRupees(order.amount_paise)} — ${MERCHANT_NAME}`,
    `${heading}${SANDBOX_NOTE}${orderSummary(order)}${payForms(ctx, order.order_id, order.amount_paise, ids, order.callback_url)}`,
  );
}

/** The three simulated outcomes, each a form posting what the gateway would to the callback. */
function payForms(
  ctx: ApiContext,
  orderId: string,
  amountPaise: number,
  ids: { success: string; failed: string; pending: string },
  callbackUrl: string,
): string {
  const signed = (paymentId: string) =>
    hidden("razorpay_order_id", orderId) +
    hidden("razorpay_payment_id", paymentId) +
    hidden("razorpay_signature", paymentSignature(ctx.gatewayKeySecret, orderId, paymentId));
  const failure =
    hidden("error[code]", "BAD_REQUEST_ERROR") +
    hidden("error[description]", SANDBOX_FAILURE_REASON) +
    hidden("error[source]", "bank") +
    hidden("error[step]", "payment_authorization") +
    hidden("error[reason]", "payment_failed") +
    hidden("error[metadata][order_id]", orderId) +
    hidden("error[metadata][payment_id]", ids.failed);
  const action = escapeHtml(callbackUrl);
  return `<form method="post" action="${action}">${signed(ids.success)}<button class="primary" type="submit">Pay ${escapeHtml(
    formatRupees(amountPaise),
  )} — Success</button></form>
<form method="post" action="${action}">${failure}<button class="secondary" type="submit">Simulate Failure</button></form>
<form method="post" action="${action}">${signed(ids.pending)}<button class="secondary" type="submit">Simulate Pending</button></form>`;
}

/** A yearly addition's payment: the same gateway page, for the change's amount. */
function changeCheckoutPage(ctx: ApiContext, p: ChangePaymentRow): string {
  const heading = `<h1>Pay ${escapeHtml(formatRupees(p.amount_paise))} to ${escapeHtml(MERCHANT_NAME)}</h1>`;
  const summary = `<dl>
  <dt>Merchant</dt><dd>${escapeHtml(MERCHANT_NAME)}</dd>
  <dt>Order</dt><dd>${escapeHtml(p.order_id)}</dd>
  <dt>For</dt><dd>An addition to your team’s cover (${escapeHtml(p.change_id)})</dd>
  <dt>Amount</dt><dd>${escapeHtml(formatRupees(p.amount_paise))}</dd>
</dl>`;
  if (p.status === "paid" || p.status === "pending") {
    return page(
      "Payment received",
      `${heading}${summary}<p>A payment for this order is ${p.status === "paid" ? "made" : "being processed"}. There is nothing more to pay.</p>`,
    );
  }
  const ids = changePaymentAttempts(ctx, p);
  return page(
    `Pay ${formatRupees(p.amount_paise)} — ${MERCHANT_NAME}`,
    `${heading}${SANDBOX_NOTE}${summary}${payForms(ctx, p.order_id, p.amount_paise, ids, p.callback_url)}`,
  );
}

/** A top-up of the cash deposit with the insurer (decision 0055): paid, or failed, never pending. */
function topUpCheckoutPage(ctx: ApiContext, t: TopUpRow): string {
  const heading = `<h1>Pay ${escapeHtml(formatRupees(t.amount_paise))} to ${escapeHtml(MERCHANT_NAME)}</h1>`;
  const summary = `<dl>
  <dt>Merchant</dt><dd>${escapeHtml(MERCHANT_NAME)}</dd>
  <dt>Order</dt><dd>${escapeHtml(t.order_id)}</dd>
  <dt>For</dt><dd>A top-up of your cash deposit with the insurer</dd>
  <dt>Amount</dt><dd>${escapeHtml(formatRupees(t.amount_paise))}</dd>
</dl>`;
  if (t.status === "paid") {
    return page("Payment received", `${heading}${summary}<p>This top-up is paid. There is nothing more to pay.</p>`);
  }
  const success = gatewayId("pay");
  const failed = gatewayId("pay");
  const action = escapeHtml(t.callback_url);
  const forms = `<form method="post" action="${action}">${hidden("razorpay_order_id", t.order_id)}${hidden(
    "razorpay_payment_id",
    success,
  )}${hidden("razorpay_signature", paymentSignature(ctx.gatewayKeySecret, t.order_id, success))}<button class="primary" type="submit">Pay ${escapeHtml(
    formatRupees(t.amount_paise),
  )} — Success</button></form>
<form method="post" action="${action}">${hidden("error[metadata][order_id]", t.order_id)}${hidden(
    "error[metadata][payment_id]",
    failed,
  )}${hidden("error[description]", SANDBOX_FAILURE_REASON)}<button class="secondary" type="submit">Simulate Failure</button></form>`;
  return page(`Pay ${formatRupees(t.amount_paise)} — ${MERCHANT_NAME}`, `${heading}${SANDBOX_NOTE}${summary}${forms}`);
}

const orderIdSchema = z.string().regex(/^order_[0-9A-Za-z]{14}$/);

export function sandboxRouter(ctx: ApiContext): Router {
  const router = Router();

  // The outbox: to the key's holder all of it, to a signed-in caller only their own (decision 0040).
  router.get(
    "/sms",
    route((req, res) => {
      const q = parseInput(z.object({ mobile_no: mobileNoSchema.optional() }), req.query);
      const reader = outboxReader(ctx, req);
      if (reader === null) throw new HttpError(401, OUTBOX_UNAUTHORIZED);
      if (reader.all) return sendOk(res, listOutbox(ctx.db, q.mobile_no));
      const mine = q.mobile_no === undefined || q.mobile_no === reader.mobileNo;
      sendOk(res, mine ? listOutbox(ctx.db, reader.mobileNo) : []);
    }),
  );

  router.get(
    "/emails",
    route((req, res) => {
      const q = parseInput(z.object({ to: z.string().max(254).optional() }), req.query);
      const reader = outboxReader(ctx, req);
      if (reader === null) throw new HttpError(401, OUTBOX_UNAUTHORIZED);
      if (reader.all) return sendOk(res, listEmails(ctx.db, q.to));
      const addresses = reader.emails.filter((address) => q.to === undefined || q.to === address);
      sendOk(
        res,
        addresses.flatMap((address) => listEmails(ctx.db, address)),
      );
    }),
  );

  router.get(
    "/checkout/:order_id",
    route((req, res) => {
      const parsed = orderIdSchema.safeParse(req.params.order_id);
      const order = parsed.success ? currentOrder(ctx, parsed.data) : undefined;
      const changePayment = parsed.success && order === undefined ? findPayment(ctx, parsed.data) : undefined;
      if (changePayment !== undefined) {
        sendHtml(res, 200, changeCheckoutPage(ctx, changePayment), new URL(changePayment.callback_url).origin);
        return;
      }
      const topUp = parsed.success && order === undefined ? findTopUp(ctx, parsed.data) : undefined;
      if (topUp !== undefined) {
        sendHtml(res, 200, topUpCheckoutPage(ctx, topUp), new URL(topUp.callback_url).origin);
        return;
      }
      if (order === undefined) {
        sendHtml(res, 404, page("Order not found", `<h1>Order not found</h1><p>There is no order with this id.</p>`));
        return;
      }
      sendHtml(res, 200, checkoutPage(ctx, order), new URL(order.callback_url).origin);
    }),
  );

  // The insurer's policy wording, public like an insurer's own site: each certificate links to it.
  router.get(
    "/policy-wording/:uin",
    route((req, res) => {
      if (req.params.uin !== PRODUCT.uin) {
        sendHtml(res, 404, page("Not found", "<h1>Not found</h1><p>There is no policy wording with this UIN.</p>"));
        return;
      }
      sendHtml(res, 200, policyWordingPage(networkHospitalsUrl(ctx.publicOrigin)));
    }),
  );

  if (ctx.testClock) {
    router.post(
      "/clock/codes",
      route((req, res) => {
        const body = parseInput(
          z.object({ mobile_no: mobileNoSchema, advance_s: z.number().int().min(1).max(86_400) }),
          req.body,
        );
        sendOk(res, { codes: ageCodes(ctx, body.mobile_no, body.advance_s * 1000) });
      }),
    );
    router.post(
      "/clock/membership",
      route((req, res) => {
        const body = parseInput(
          // Up to five years: a membership's policy year and the three years its members' details are kept.
          z.object({ order_id: z.string().min(1).max(64), advance_days: z.number().int().min(1).max(1830) }),
          req.body,
        );
        const aged = ageMembership(ctx, body.order_id, body.advance_days);
        // The reminders the moved days made due go out at once, as the sweep would send them.
        sendOk(res, { ...aged, renewal_reminders: sendDueReminders(ctx, body.order_id) });
      }),
    );
    // The retention purge on demand, so a test that moved a membership's clock sees it run at once.
    router.post(
      "/retention/purge",
      route((_req, res) => {
        sendOk(res, { erased: purgeExpiredMembers(ctx) });
      }),
    );
  }

  return router;
}
