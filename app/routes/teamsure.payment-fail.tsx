import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { currentOrderStatus } from "~/checkout/payment-status.server";
import { PATHS } from "~/paths";
import { seoMeta } from "~/seo";

export const meta: MetaFunction = ({ matches }) =>
  seoMeta({ title: "Payment failed", description: "Your payment did not go through. Please try again.", path: PATHS.paymentFail }, matches);

export const headers = () => ({ "Cache-Control": "no-store" });

export async function loader({ request }: LoaderFunctionArgs) {
  const order = await currentOrderStatus(request);
  // A late or replayed failure never hides a payment that went through.
  if (order?.status === "paid") throw redirect(`${PATHS.paymentSuccess}?order_id=${order.order_id}`);
  return json({ orderId: order?.order_id ?? null });
}

export default function PaymentFail() {
  const { orderId } = useLoaderData<typeof loader>();
  return (
    <div className="container outcome">
      <section className="card outcome__card">
        <div className="outcome__icon outcome__icon--fail" aria-hidden="true">!</div>
        <h1>Payment failed</h1>
        <p>Your payment did not go through and no money was taken. Please try again.</p>
        {orderId ? <p className="muted small">Reference: {orderId}</p> : null}
        <p>
          <a className="button button--accent" href={PATHS.checkout.payment}>
            Try again
          </a>
        </p>
      </section>
    </div>
  );
}
