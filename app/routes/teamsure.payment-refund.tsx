import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { currentOrderStatus } from "~/checkout/payment-status.server";
import { CORPORATE } from "~/content/site";
import { PATHS } from "~/routing/paths";
import { seoMeta } from "~/content/seo";
import { formatPaise } from "~/utils/money";

export const handle = { hydrate: true };

export const meta: MetaFunction = ({ matches }) =>
  seoMeta(
    {
      title: "Payment to be refunded",
      description: "A payment we cannot use will be refunded.",
      path: PATHS.paymentRefund,
    },
    matches,
  );

export const headers = () => ({ "Cache-Control": "no-store" });

/**
 * A correctly signed payment that no order could keep: the quote had changed after the order was made
 * (another tab, a changed cart), or the order was already paid. The money is recorded by the API for a
 * refund; this page says so plainly (docs/product.md, Payment outcomes).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const order = await currentOrderStatus(request);
  if (!order) throw redirect(PATHS.checkout.payment);
  if (order.refunds_due.length === 0) {
    const to =
      order.status === "paid"
        ? PATHS.paymentSuccess
        : order.status === "pending"
          ? PATHS.paymentPending
          : PATHS.paymentFail;
    throw redirect(`${to}?order_id=${order.order_id}`);
  }
  return data({ order });
}

export default function PaymentRefund() {
  const { order } = useLoaderData<typeof loader>();
  const alreadyPaid = order.status === "paid";
  return (
    <div className="container outcome">
      <section className="card outcome__card">
        <div className="outcome__icon outcome__icon--pending" aria-hidden="true">
          ↩
        </div>
        <h1>We will refund this payment</h1>
        {alreadyPaid ? (
          <p>
            This order was already paid, so this second payment bought nothing. Your membership is active from the first
            payment.
          </p>
        ) : (
          <p>
            The quote changed after this order was made (the cart was changed, perhaps in another tab), so this payment
            could not buy cover and nothing was activated.
          </p>
        )}
        <dl className="bill">
          {order.refunds_due.map((r) => (
            <div key={r.payment_id}>
              <dt>To be refunded ({r.payment_id})</dt>
              <dd>{formatPaise(r.amount_paise)}</dd>
            </div>
          ))}
        </dl>
        <p>
          It is recorded for a refund to the account or card it came from; you don’t need to do anything. Questions:{" "}
          <a href={`mailto:${CORPORATE.email}`}>{CORPORATE.email}</a> or {CORPORATE.phone}, quoting order{" "}
          {order.order_id}.
        </p>
        <p>
          {alreadyPaid ? (
            <a className="button" href={PATHS.membership}>
              Go to your membership
            </a>
          ) : (
            <a className="button button--accent" href={PATHS.checkout.payment}>
              Review and pay the current quote
            </a>
          )}
        </p>
      </section>
    </div>
  );
}
