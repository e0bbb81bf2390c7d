import { getFormProps, useForm } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { getCatalogue } from "~/upstream/employer.server";
import { attempt, requireToken, stepCart } from "~/checkout/guard.server";
import { refusal, stepAction } from "~/checkout/step-action.server";
import { firstUnfinishedStep, nextPath } from "~/checkout/steps";
import { BillingChoice, QuoteTable, regimeNote } from "~/components/bill";
import { CheckoutShell } from "~/components/checkout-shell";
import { browserValidation, ErrorSummary, SubmitButton } from "~/components/form";
import type { HydrationHandle } from "~/rendering/hydration";
import { MonthlyBillingNote } from "~/components/monthly-billing";
import { CoverDates, PeopleLines, PlanLines } from "~/components/price-lines";
import { DEFAULT_BILLING } from "~/config/constants";
import { PATHS } from "~/routing/paths";
import { seoMeta } from "~/content/seo";
import { trackEvent } from "~/analytics/track.server";
import { seeOther } from "~/utils/see-other";
import { billingChoice } from "~/validation/fields";

const BILLING_LABELS = [
  { policy: "monthly", label: "Monthly" },
  { policy: "yearly", label: "Yearly" },
] as const;

/** Never a stale price or order after back/forward (docs/product.md, Page behaviour). */
export const handle: HydrationHandle = { hydrate: true, reloadOnBack: true };

export const meta: MetaFunction = ({ matches }) =>
  seoMeta(
    {
      title: "Review your membership",
      description: "Verify the membership cost and proceed to payment.",
      path: PATHS.checkout.review,
    },
    matches,
  );

export async function loader({ request }: LoaderFunctionArgs) {
  const signedIn = await requireToken(request);
  // The bands and family covers in words (docs/product.md, Add people), from the catalogue, which
  // names them for every plan and is asked beside the cart; without it, the codes alone.
  const [cart, catalogue] = await Promise.all([
    stepCart(request, signedIn, "review"),
    attempt(request, () => getCatalogue()),
  ]);
  const { headers } = signedIn;
  const names = catalogue.ok ? { bands: catalogue.value.bands, ranges: catalogue.value.ranges } : undefined;
  return data({ cart, reached: firstUnfinishedStep(cart), quote: cart.quote!, names }, { headers });
}

export async function action({ request }: ActionFunctionArgs) {
  return stepAction(
    request,
    { step: "review", schema: billingChoice },
    async ({ value: { policy }, session, save }) => {
      const saved = await save({ type: "billing", item: { policy } });
      if (!saved.ok) return refusal(saved.error);
      trackEvent(request, session, "purchase_checkout_proceed", { policy });
      // The billing choice is how the admin chooses to pay (docs/product.md, Analytics events).
      trackEvent(request, session, "purchase_payment_method", { policy });
      return seeOther(nextPath("review"));
    },
  );
}

export default function Review() {
  const { cart, reached, quote, names } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm({ lastResult, ...browserValidation(billingChoice) });
  return (
    <CheckoutShell step="review" reached={reached} cart={cart}>
      <h1>Review your membership</h1>
      <p className="muted">
        {cart.plan?.name} for {cart.company?.company_name}. <Link to={PATHS.checkout.addPeople}>Change people</Link> ·{" "}
        <Link to={PATHS.checkout.planSelect}>Change plan</Link>
      </p>
      {cart.plan ? <PlanLines plan={cart.plan} /> : null}
      {cart.people ? <PeopleLines people={cart.people} /> : null}
      <QuoteTable quote={quote} names={names} />
      <p className="small muted">{regimeNote(quote.tax_regime)}</p>
      {cart.cover ? <CoverDates cover={cart.cover} /> : null}
      <Form method="post" {...getFormProps(form)} noValidate>
        <ErrorSummary form={form} />
        <BillingChoice
          legend="How would you like to pay?"
          id={fields.policy.id}
          name={fields.policy.name}
          quote={quote}
          chosen={cart.billing?.policy ?? DEFAULT_BILLING}
          options={BILLING_LABELS}
          errors={fields.policy.errors}
        />
        <MonthlyBillingNote monthlyTotalPaise={quote.monthly.total_paise} />
        <SubmitButton pendingLabel="Saving…" className="button button--block">
          Proceed to payment
        </SubmitButton>
      </Form>
    </CheckoutShell>
  );
}

export { StepErrorBoundary as ErrorBoundary } from "~/components/step-error";
