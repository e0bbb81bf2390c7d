import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireCheckoutStep } from "~/checkout/guard.server";
import { firstUnfinishedStep, pathOf } from "~/checkout/steps";
import { BillBreakdown, QuoteTable } from "~/components/bill";
import { OrderSummary } from "~/components/order-summary";
import { DEFAULT_BILLING } from "~/constants";
import { PATHS } from "~/paths";
import { seoMeta } from "~/seo";

export const meta: MetaFunction = ({ matches }) =>
  seoMeta(
    { title: "Membership summary", description: "Your membership so far.", path: PATHS.checkout.summary },
    matches,
  );

export async function loader({ request }: LoaderFunctionArgs) {
  const { cart, headers } = await requireCheckoutStep(request, "gst");
  return data({ cart, back: pathOf(firstUnfinishedStep(cart)) }, { headers });
}

export default function Summary() {
  const { cart, back } = useLoaderData<typeof loader>();
  return (
    <div className="container checkout">
      <section className="card checkout-main stack">
        <OrderSummary cart={cart} />
        {cart.quote ? (
          <>
            <QuoteTable quote={cart.quote} />
            <BillBreakdown bill={cart.quote[cart.billing?.policy ?? DEFAULT_BILLING]} regime={cart.quote.tax_regime} />
          </>
        ) : null}
        <p>
          <Link className="button" to={back}>
            Back to checkout
          </Link>
        </p>
      </section>
    </div>
  );
}
