import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { getPricing } from "~/upstream/employer.server";
import { attempt } from "~/session/signed-in.server";
import { requireCheckoutStep } from "~/checkout/step-guard.server";
import { firstUnfinishedStep, pathOf } from "~/checkout/steps";
import { BillBreakdown, QuoteTable } from "~/components/bill";
import { OrderSummary } from "~/components/order-summary";
import { DEFAULT_BILLING } from "~/config/constants";
import { PATHS } from "~/routing/paths";
import { seoMeta } from "~/content/seo";

export const meta: MetaFunction = ({ matches }) =>
  seoMeta(
    { title: "Membership summary", description: "Your membership so far.", path: PATHS.checkout.summary },
    matches,
  );

export async function loader({ request }: LoaderFunctionArgs) {
  const { token, cart, headers } = await requireCheckoutStep(request, "gst");
  // The bands and family covers in words (docs/product.md, Add people); without them, the codes alone.
  const plan = cart.quote ? cart.plan : null;
  const pricing = plan ? await attempt(request, () => getPricing(token, plan.group_id)) : null;
  const names = pricing?.ok ? { bands: pricing.value.bands, ranges: pricing.value.ranges } : undefined;
  return data({ cart, back: pathOf(firstUnfinishedStep(cart)), names }, { headers });
}

export default function Summary() {
  const { cart, back, names } = useLoaderData<typeof loader>();
  return (
    <div className="container checkout">
      <section className="card checkout-main stack">
        <h1>Your membership so far</h1>
        <OrderSummary cart={cart} />
        {cart.quote ? (
          <>
            <QuoteTable quote={cart.quote} names={names} />
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
