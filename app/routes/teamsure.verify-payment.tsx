import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { currentOrderStatus } from "~/checkout/payment-status.server";
import { PATHS } from "~/paths";
import { seoMeta } from "~/seo";
import { formatPaise } from "~/utils/money";

/** Hydrated: docs/product.md, Which routes hydrate. */
export const handle = { hydrate: true };

export const meta: MetaFunction = ({ matches }) =>
  seoMeta({ title: "Payment successful", description: "Your team’s membership is paid and active.", path: PATHS.paymentSuccess }, matches);

export const headers = () => ({ "Cache-Control": "no-store" });

export async function loader({ request }: LoaderFunctionArgs) {
  const order = await currentOrderStatus(request);
  if (!order) throw redirect(PATHS.checkout.payment);
  if (order.status === "pending") throw redirect(`${PATHS.paymentPending}?order_id=${order.order_id}`);
  if (order.status !== "paid") throw redirect(`${PATHS.paymentFail}?order_id=${order.order_id}`);
  return json({ order });
}

export default function PaymentSuccess() {
  const { order } = useLoaderData<typeof loader>();
  return (
    <div className="container outcome">
      <section className="card outcome__card">
        <div className="outcome__icon outcome__icon--success" aria-hidden="true">✓</div>
        <h1>Payment successful</h1>
        <p>Your team’s membership is active. We have emailed the policy documents and the GST invoice.</p>
        <dl className="bill">
          <div>
            <dt>Order</dt>
            <dd>{order.order_id}</dd>
          </div>
          <div>
            <dt>Payment</dt>
            <dd>{order.payment_id}</dd>
          </div>
          <div>
            <dt>Billing</dt>
            <dd>{order.policy === "yearly" ? "Yearly" : "Monthly"}</dd>
          </div>
          <div className="bill__total">
            <dt>Amount paid</dt>
            <dd>{formatPaise(order.amount_paise)}</dd>
          </div>
        </dl>
        <p>
          <a className="button" href={PATHS.home}>
            Go to home
          </a>
        </p>
      </section>
    </div>
  );
}
