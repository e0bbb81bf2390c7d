import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { trackEvent } from "~/analytics/track.server";
import { currentOrderStatus } from "~/checkout/payment-status.server";
import { CORPORATE } from "~/content/site";
import { PATHS } from "~/routing/paths";
import { seoMeta } from "~/content/seo";
import { getSession } from "~/session/session.server";
import { seeOther } from "~/utils/see-other";

/** Hydrated: docs/product.md, Which routes hydrate. */
export const handle = { hydrate: true };

export const meta: MetaFunction = ({ matches }) =>
  seoMeta(
    {
      title: "Payment failed",
      description: "Your payment did not go through. Please try again.",
      path: PATHS.paymentFail,
    },
    matches,
  );

export const headers = () => ({ "Cache-Control": "no-store" });

export async function loader({ request }: LoaderFunctionArgs) {
  const order = await currentOrderStatus(request);
  // A late or replayed failure never hides a payment that went through.
  if (order?.status === "paid") throw redirect(`${PATHS.paymentSuccess}?order_id=${order.order_id}`);
  if (order && order.refunds_due.length > 0 && order.status === "superseded")
    throw redirect(`${PATHS.paymentRefund}?order_id=${order.order_id}`);
  return data({ orderId: order?.order_id ?? null, reason: order?.failure_reason ?? null });
}

/** Try again is a post so the retry is counted where it happens (docs/product.md, Analytics events). */
export async function action({ request }: ActionFunctionArgs) {
  trackEvent(request, await getSession(request), "purchase_payment_fail_try_again");
  return seeOther(PATHS.checkout.payment);
}

export default function PaymentFail() {
  const { orderId, reason } = useLoaderData<typeof loader>();
  return (
    <div className="container outcome">
      <section className="card outcome__card">
        <div className="outcome__icon outcome__icon--fail" aria-hidden="true">
          !
        </div>
        <h1>Payment failed</h1>
        <p>Your payment did not go through, so your membership is not active yet.</p>
        {reason ? <p data-testid="failure-reason">The payment gateway said: “{reason}”</p> : null}
        {/* What happens to a debit the bank made anyway (docs/product.md, Payment outcomes). */}
        <p data-testid="reversal-note">
          If your bank or UPI app shows a debit for this attempt, it is reversed to the same account, usually within 5
          to 7 working days; we keep nothing for a failed payment.
        </p>
        {orderId ? <p className="muted small">Reference: {orderId}</p> : null}
        <Form method="post" reloadDocument>
          <button type="submit" className="button button--accent">
            Try again or pay another way
          </button>
        </Form>
        <p className="small">
          On the payment page you can pay another way: another card, UPI or net banking. Your plan, people and price
          stay as they are.
        </p>
        <p className="small" data-testid="support-contact">
          Need help? Write to <a href={`mailto:${CORPORATE.email}`}>{CORPORATE.email}</a> or call{" "}
          <a href={CORPORATE.phoneHref}>{CORPORATE.phone}</a> ({CORPORATE.hours}){orderId ? `, quoting ${orderId}` : ""}
          .
        </p>
      </section>
    </div>
  );
}
