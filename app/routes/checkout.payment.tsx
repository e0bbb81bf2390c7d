import { getFormProps, useForm } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirectDocument } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { createOrder, getPaymentOptions } from "~/upstream/employer.server";
import { paymentCallbackUrl } from "~/checkout/callback-url.server";
import { attempt, requireToken, withToken } from "~/session/signed-in.server";
import { stepCart } from "~/checkout/step-guard.server";
import { refusal, stepAction } from "~/checkout/step-action.server";
import { firstUnfinishedStep } from "~/checkout/steps";
import { BillBreakdown } from "~/components/bill";
import { CheckoutShell } from "~/components/checkout-shell";
import { browserValidation, ErrorSummary, SubmitButton } from "~/components/form";
import type { HydrationHandle } from "~/rendering/hydration";
import { MonthlyBillingNote } from "~/components/monthly-billing";
import { monthlyBillingTerms } from "~/checkout/monthly-billing.server";
import { PAGE_PATHS, productPath } from "~/routing/page-paths";
import { DEFAULT_BILLING } from "~/config/constants";
import { PATHS } from "~/routing/paths";
import { seoMeta } from "~/content/seo";
import { trackEvent } from "~/analytics/track.server";
import { seeOther } from "~/utils/see-other";
import { formatPaise } from "~/utils/money";
import { billingChoice } from "~/validation/fields";

const schema = billingChoice;

/** Never a stale price or order after back/forward (docs/product.md, Page behaviour). */
export const handle: HydrationHandle = { hydrate: true, reloadOnBack: true };

export const meta: MetaFunction = ({ matches }) =>
  seoMeta(
    {
      title: "Payment",
      description: "Pay for your team’s membership monthly or yearly.",
      path: PATHS.checkout.payment,
    },
    matches,
  );

export async function loader({ request }: LoaderFunctionArgs) {
  const signedIn = await requireToken(request);
  const [cart, options] = await Promise.all([
    stepCart(request, signedIn, "payment"),
    withToken(request, signedIn.token, getPaymentOptions),
  ]);
  const { headers } = signedIn;
  const quote = cart.quote!;
  const monthlyTerms = monthlyBillingTerms(quote.monthly.total_paise);
  return data({ cart, reached: firstUnfinishedStep(cart), options, quote, monthlyTerms }, { headers });
}

export async function action({ request }: ActionFunctionArgs) {
  return stepAction(request, { step: "payment", schema }, async ({ value: { policy }, token, session, save }) => {
    trackEvent(request, session, "purchase_payment_buy_button", { policy });
    // The billing and the order are asked together (decision 0024): the same billing changes nothing
    // upstream, another supersedes only orders of the other billing, and the API keeps the order's own
    // rules (an incomplete cart is refused, a paid one answers its paid order), while the billing's
    // answer is the step's guard. Idempotent upstream: a double click, a refresh or the back button
    // gets the same open order.
    const [saved, order] = await Promise.all([
      save({ type: "billing", item: { policy } }),
      attempt(request, () => createOrder(token, { policy, callback_url: paymentCallbackUrl(request) })),
    ]);
    if (!saved.ok) return refusal(saved.error);
    if (!order.ok) return refusal(order.error);
    trackEvent(request, session, "purchase_payment_final", {
      order_id: order.value.order_id,
      amount_paise: order.value.amount_paise,
      policy,
    });
    if (order.value.status === "paid") return seeOther(`${PATHS.paymentSuccess}?order_id=${order.value.order_id}`);
    // The hosted payment page is not one of ours: the browser must load it as a whole document.
    return redirectDocument(order.value.checkout_url, 303);
  });
}

export default function Payment() {
  const { cart, reached, options, quote, monthlyTerms } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm({ lastResult, ...browserValidation(schema) });
  // The review saved the billing choice before this step opens (app/checkout/steps.ts).
  const policy = cart.billing?.policy ?? DEFAULT_BILLING;
  const bill = quote[policy];
  const label = options.find((o) => o.policy === policy)?.label ?? policy;
  return (
    <CheckoutShell step="payment" reached={reached} cart={cart}>
      <h1>Payment</h1>
      {cart.order?.status === "attempted" ? (
        <p className="notice notice--warning">
          Your last payment did not go through. You can try again, the same way or another.
        </p>
      ) : null}
      <Form method="post" {...getFormProps(form)} noValidate>
        <ErrorSummary form={form} />
        {/* Billing is chosen once, on the review; this step states it (docs/product.md, Payment). */}
        <input type="hidden" name={fields.policy.name} value={policy} />
        <p>
          Billing: <strong>{label}</strong>
          {policy === "yearly" ? " (12 months paid at once)" : " (each month)"}.{" "}
          <Link to={PATHS.checkout.review}>Change billing</Link>
        </p>
        <BillBreakdown bill={bill} regime={quote.tax_regime} />
        {policy === "monthly" ? <MonthlyBillingNote terms={monthlyTerms} /> : null}
        {/* What the admin agrees to by paying, named where they decide (docs/product.md, Payment). */}
        <p className="small" id="payment-terms">
          By paying you accept Kavach’s <a href={PAGE_PATHS.terms}>terms of use</a> and the{" "}
          <a href={productPath("group-health-insurance")}>group health cover’s terms</a>; the insurer’s policy wording
          prevails over any summary.
        </p>
        <SubmitButton pendingLabel="Taking you to payment…" className="button button--accent button--block">
          Pay {formatPaise(bill.total_paise)}
        </SubmitButton>
        <p className="small muted secure-note">You will pay on our payment partner’s secure page and come back here.</p>
      </Form>
    </CheckoutShell>
  );
}

export { StepErrorBoundary as ErrorBoundary } from "~/components/step-error";
