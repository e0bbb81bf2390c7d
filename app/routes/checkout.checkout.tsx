import { getFormProps, useForm } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { getCatalogue } from "~/upstream/employer.server";
import { attempt, requireToken } from "~/session/signed-in.server";
import { stepCart } from "~/checkout/step-guard.server";
import { refusal, stepAction } from "~/checkout/step-action.server";
import { firstUnfinishedStep, nextPath } from "~/checkout/steps";
import { BillingChoice, QuoteTable, regimeNote } from "~/components/bill";
import { CheckoutShell } from "~/components/checkout-shell";
import { ErrorSummary, SubmitButton } from "~/components/form";
import type { HydrationHandle } from "~/rendering/hydration";
import { MonthlyBillingNote } from "~/components/monthly-billing";
import { monthlyBillingTerms } from "~/checkout/monthly-billing.server";
import { CoverDates, PeopleLines, PlanLines } from "~/components/price-lines";
import { DEFAULT_BILLING } from "~/config/constants";
import { PATHS } from "~/routing/paths";
import { seoMeta } from "~/content/seo";
import { trackEvent } from "~/analytics/track.server";
import { seeOther } from "~/utils/see-other";
import { billingChoice } from "~/validation/billing-choice.server";
import { billingChoiceValidation } from "~/validation/billing-choice";
import { formatCount, formatRupees } from "~/utils/money";

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
  const quote = cart.quote!;
  const answers = answerRows(cart);
  const monthlyTerms = monthlyBillingTerms(quote.monthly.total_paise);
  return data({ cart, reached: firstUnfinishedStep(cart), quote, names, answers, monthlyTerms }, { headers });
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
  const { cart, reached, quote, names, answers, monthlyTerms } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  // The form's id is the anchor the review's billing row links to (#billing).
  const [form, fields] = useForm({ id: "billing", lastResult, ...billingChoiceValidation });
  return (
    <CheckoutShell step="review" reached={reached} cart={cart}>
      <h1>Review your membership</h1>
      <Answers rows={answers} />
      {cart.plan ? <PlanLines plan={cart.plan} /> : null}
      {cart.people ? <PeopleLines people={cart.people} /> : null}
      <QuoteTable quote={quote} names={names} />
      <p className="small muted">{regimeNote(quote.tax_regime)}</p>
      {cart.plan && cart.plan.documents.length > 0 ? <WhoInvoices documents={cart.plan.documents} /> : null}
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
        <MonthlyBillingNote terms={monthlyTerms} />
        <SubmitButton pendingLabel="Saving…" className="button button--block">
          Proceed to payment
        </SubmitButton>
      </Form>
    </CheckoutShell>
  );
}

/**
 * Who will invoice what (docs/decisions/0047): the insurer its premium, Kavach its own services, each on
 * its own tax invoice; the one payment collects them all.
 */
function WhoInvoices({ documents }: { documents: { supplier: string; gstin: string; document_for: string }[] }) {
  return (
    <section aria-labelledby="who-invoices">
      <h2 id="who-invoices">Your tax invoices</h2>
      <p className="small muted">
        {documents.length > 1
          ? `You pay once; each supplier invoices its own part on its own GST tax invoice (${documents.length} in all).`
          : "You pay once, and the insurer invoices its premium on its own GST tax invoice."}
      </p>
      <ul className="plain-list small">
        {documents.map((d) => (
          <li key={d.gstin}>
            <strong>{d.supplier}</strong> (GSTIN {d.gstin}): {d.document_for}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Where each answer is changed; the step goes back to the review once saved (step-action.server.ts). */
const change = (path: string, hash = "") => `${path}?returnTo=review${hash}`;

type AnswerRow = { key: string; value: string; href: string };

/**
 * Check your answers (docs/product.md, Review): every answer the price rests on, in words, composed
 * by the loader so the formatting never ships as script.
 */
function answerRows(cart: Awaited<ReturnType<typeof stepCart>>): AnswerRow[] {
  const { company, admin, plan, people, billing } = cart;
  const benefits = plan?.coverages.map((c) => c.name).join(", ");
  const rows = [
    {
      key: "Company",
      value: company ? `${company.company_name} · GSTIN ${company.gstin}${company.is_sez ? " · SEZ unit" : ""}` : "",
      href: change(PATHS.checkout.gstDetails),
    },
    {
      key: "Admin",
      value: admin
        ? `${admin.name} · ${admin.email}${admin.total_employees !== null ? ` · ${formatCount(admin.total_employees)} employees` : ""}`
        : "",
      href: change(PATHS.checkout.companyDetails),
    },
    {
      key: "Plan",
      value: plan ? `${plan.name} · ${formatRupees(plan.sum_insured_inr)} sum insured` : "",
      href: change(PATHS.checkout.planSelect),
    },
    { key: "Benefits", value: benefits ?? "", href: change(PATHS.checkout.planSelect, "#benefits") },
    {
      key: "People",
      value: people ? `${formatCount(people.total)} employees · ${formatCount(people.lives)} lives covered` : "",
      href: change(PATHS.checkout.addPeople),
    },
    {
      key: "Billing",
      value: `${(billing?.policy ?? DEFAULT_BILLING) === "yearly" ? "Yearly" : "Monthly"}, chosen below`,
      href: "#billing",
    },
  ];
  return rows;
}

/** The answers, each with its own "Change" (its name said to screen readers), script off and on. */
function Answers({ rows }: { rows: AnswerRow[] }) {
  return (
    <dl className="answers" aria-label="Your answers">
      {rows.map((row) => (
        <div key={row.key} className="answers__row">
          <dt>{row.key}</dt>
          <dd>{row.value}</dd>
          <dd className="answers__change">
            {row.href.startsWith("#") ? (
              <a href={row.href}>
                Change<span className="visually-hidden"> {row.key.toLowerCase()}</span>
              </a>
            ) : (
              <Link to={row.href}>
                Change<span className="visually-hidden"> {row.key.toLowerCase()}</span>
              </Link>
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

export { StepErrorBoundary as ErrorBoundary } from "~/components/step-error";
