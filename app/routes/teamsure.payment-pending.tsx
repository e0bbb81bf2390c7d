import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { useLoaderData, useRevalidator } from "@remix-run/react";
import { useEffect } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { currentOrderStatus } from "~/checkout/payment-status.server";
import { PATHS } from "~/routing/paths";
import { seoMeta } from "~/content/seo";

/**
 * With script the page asks again this often, in place. Without script it does not reload itself:
 * a timed reload takes a screen reader back to the top every few seconds (docs/product.md,
 * Accessibility); Check now asks when the admin wants.
 */
const RECHECK_SECONDS = 10;

/** Hydrated: docs/product.md, Which routes hydrate. */
export const handle = { hydrate: true };

export const meta: MetaFunction = ({ matches }) => [
  ...seoMeta(
    { title: "Payment processing", description: "Your payment is being confirmed.", path: PATHS.paymentPending },
    matches,
  ),
];

export const headers = () => ({ "Cache-Control": "no-store" });

export async function loader({ request }: LoaderFunctionArgs) {
  const order = await currentOrderStatus(request);
  if (!order) throw redirect(PATHS.checkout.payment);
  if (order.status === "paid") throw redirect(`${PATHS.paymentSuccess}?order_id=${order.order_id}`);
  if (order.status !== "pending") throw redirect(`${PATHS.paymentFail}?order_id=${order.order_id}`);
  return data({ orderId: order.order_id });
}

export default function PaymentPending() {
  const { orderId } = useLoaderData<typeof loader>();
  const hydrated = useHydrated();
  const { revalidate } = useRevalidator();
  // The loader sends the browser on once the order has settled.
  useEffect(() => {
    const timer = window.setInterval(revalidate, RECHECK_SECONDS * 1000);
    return () => clearInterval(timer);
  }, [revalidate]);
  return (
    <div className="container outcome">
      <section className="card outcome__card">
        <div className="outcome__icon outcome__icon--pending" aria-hidden="true">
          …
        </div>
        <h1>Payment processing</h1>
        <p>Your bank is confirming the payment. This usually takes less than a minute; please don’t pay again.</p>
        <p className="muted small">
          Reference: {orderId}.{" "}
          {hydrated
            ? `This page checks again every ${RECHECK_SECONDS} seconds.`
            : "Check again in a moment to see whether it has gone through."}
        </p>
        <p>
          <a className="button button--ghost" href={`${PATHS.paymentPending}?order_id=${orderId}`}>
            Check now
          </a>
        </p>
      </section>
    </div>
  );
}
