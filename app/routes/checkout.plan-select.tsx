import { sumInsuredBasis } from "~/content/cover";
import { getFormProps, useForm } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useActionData, useFetcher, useLoaderData, useLocation } from "@remix-run/react";
import { useHydrated } from "remix-utils/use-hydrated";
import type { FormEvent } from "react";
import { useState } from "react";
import type { QuoteAnswer } from "~/routes/checkout.quote";
import { z } from "zod";
import { referenceId as id } from "~/validation/fields";
import type { Cart, Coverage } from "~/upstream/employer.server";
import { getCoverages, getPlans, getQuote } from "~/upstream/employer.server";
import { attempt, requireToken, withToken } from "~/session/signed-in.server";
import { stepCart } from "~/checkout/step-guard.server";
import { refusal, stepAction } from "~/checkout/step-action.server";
import { firstUnfinishedStep, nextPath } from "~/checkout/steps";
import { CheckoutShell } from "~/components/checkout-shell";
import { browserValidation, FieldErrors, ErrorSummary, SubmitButton } from "~/components/form";
import { partnerSourceFor } from "~/content/partner-source";
import { PATHS } from "~/routing/paths";
import { seoMeta } from "~/content/seo";
import { trackEvent } from "~/analytics/track.server";
import { seeOther } from "~/utils/see-other";
import { commitSession } from "~/session/session.server";
import type { Session } from "~/session/session.server";
import { formatCount, formatPaise, formatRupees } from "~/utils/money";

const schema = z
  .object({
    planId: id.optional().refine((v) => v !== undefined, "Choose a plan."),
    coverage: z.array(id).max(20).default([]),
    // Kept through Update prices when the step was opened from the review's "Change".
    returnTo: z.literal("review").optional(),
  })
  .strict();

export const meta: MetaFunction = ({ matches }) =>
  seoMeta(
    {
      title: "Choose a plan",
      description: "Choose a wellness membership plan and the benefits your team gets.",
      path: PATHS.checkout.planSelect,
    },
    matches,
  );

/**
 * The coverages in play: those just ticked (Update prices), else the cart's, else only the ones always
 * included. No paid add-on is ever ticked for the admin (docs/product.md, Plan).
 */
function chosenCoverages(url: URL, cart: Cart, coverages: Coverage[]): string[] {
  const known = new Set(coverages.map((c) => c.id));
  const fromQuery = url.searchParams.getAll("coverage").filter((c) => known.has(c));
  const base = url.searchParams.has("update") ? fromQuery : (cart.plan?.coverage_ids ?? []);
  return [...new Set([...coverages.filter((c) => c.is_required).map((c) => c.id), ...base])];
}

async function loadPlans(request: Request, token: string, session: Session, cart: Cart, coverageIds: string[]) {
  return withToken(request, token, (t) =>
    getPlans(t, {
      gstin: cart.company?.gstin ?? "",
      coverage_ids: coverageIds,
      source: partnerSourceFor(session.get("from")),
      mid: session.get("mid"),
      identifier: session.get("identifier"),
    }),
  );
}

export async function loader({ request }: LoaderFunctionArgs) {
  const signedIn = await requireToken(request);
  const { token, session, headers } = signedIn;
  const url = new URL(request.url);
  const [cart, coverages] = await Promise.all([
    stepCart(request, signedIn, "plan"),
    withToken(request, token, getCoverages),
  ]);
  const selected = chosenCoverages(url, cart, coverages);
  // The upstream echoes the partner source but prices the same for everyone, so the page says nothing
  // about it (docs/product.md, Plan).
  const { plans } = await loadPlans(request, token, session, cart, selected);
  const requested = url.searchParams.get("planId");
  const planId =
    plans.find((p) => p.plan_id === requested)?.plan_id ??
    cart.plan?.plan_id ??
    // The plan a partner page's button chose (docs/product.md, Partner pages).
    plans.find((p) => p.plan_id === session.get("planId"))?.plan_id ??
    plans.find((p) => p.default_visibility)?.plan_id;
  // Update prices (no script) with people in the cart: their price for the plan and benefits as
  // ticked, so the page never shows the saved choice's total beside another choice (read-only).
  const people = cart.people?.rows.map(({ band, range, count }) => ({ band, range, count }));
  const quoted =
    url.searchParams.has("update") && people?.length && planId
      ? await attempt(request, () => getQuote(token, { rows: people, plan_id: planId, coverage_ids: selected }))
      : null;
  const updated = quoted?.ok ? quoted.value : null;
  return data({ cart, reached: firstUnfinishedStep(cart), coverages, selected, plans, planId, updated }, { headers });
}

export async function action({ request }: ActionFunctionArgs) {
  return stepAction(request, { step: "plan", schema }, async ({ value: { planId, coverage }, session, save }) => {
    const saved = await save({ type: "plan", item: { plan_id: planId!, coverage_ids: coverage } });
    if (!saved.ok) return refusal(saved.error);
    trackEvent(request, session, "purchase_select_plan_buy", {
      plan_id: planId!,
      coverages: saved.value.plan?.coverage_ids.length ?? 0,
    });
    if (saved.value.plan) session.set("groupId", saved.value.plan.group_id);
    return seeOther(nextPath("plan"), { "Set-Cookie": await commitSession(session) });
  });
}

export default function PlanSelect() {
  const { cart, reached, coverages, selected, plans, planId, updated } = useLoaderData<typeof loader>();
  const hydrated = useHydrated();
  const returnTo = new URLSearchParams(useLocation().search).get("returnTo") === "review";
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm({
    lastResult,
    defaultValue: { planId, coverage: selected },
    ...browserValidation(schema),
  });
  const live = useLivePrices();
  // The "from" prices for the benefits ticked now (script), else as loaded (Update prices).
  const fromPrice = (planId: string) =>
    (live.plans?.find((p) => p.plan_id === planId) ?? plans.find((p) => p.plan_id === planId))!.from_monthly_paise;
  // After a refused post, the plan the admin picked stays picked.
  const picked = typeof fields.planId.initialValue === "string" ? fields.planId.initialValue : planId;
  const visible = plans.filter((p) => p.default_visibility);
  // Who stands behind the plans (docs/product.md, Who stands behind the cover): said once under
  // them, not repeated on every card.
  const underwriting = [...new Set(plans.map((p) => p.underwriting.line))];
  // The price of the choice on screen: asked live (script), or for the boxes as updated (no script).
  const shownQuote = live.quote ?? updated;
  const pickedPlan = plans.find((p) => p.plan_id === (live.planId ?? picked));
  const more = plans.filter((p) => !p.default_visibility);
  // The comparison shows what differs between plans; what every plan has is said once, below them.
  const shared = plans.reduce<string[]>(
    (common, p, i) => (i === 0 ? p.features : common.filter((f) => p.features.includes(f))),
    [],
  );
  const planCard = (plan: (typeof plans)[number]) => {
    const cover = formatRupees(plan.sum_insured_inr);
    // The sum insured is the card's heading, so a feature restating it is not repeated.
    const differs = plan.features.filter((f) => !shared.includes(f) && !f.includes(cover));
    return (
      <label key={plan.plan_id} className="plan-card">
        <input
          type="radio"
          // The first plan is where the error summary's link leads.
          id={plan === visible[0] ? fields.planId.id : undefined}
          name={fields.planId.name}
          value={plan.plan_id}
          defaultChecked={plan.plan_id === picked}
        />
        <span className="plan-card__body">
          <span className="plan-card__head">
            <strong className="plan-card__cover">{cover}</strong>
            <span className="muted small">{plan.name}</span>
          </span>
          <span className="plan-card__price">
            from <strong>{formatPaise(fromPrice(plan.plan_id))}</strong> per member / month
          </span>
          {differs.length ? (
            <ul className="plan-card__features">
              {differs.map((f) => (
                <li key={f}>{f}</li>
              ))}
            </ul>
          ) : null}
        </span>
      </label>
    );
  };
  return (
    <CheckoutShell step="plan" reached={reached} cart={cart} live={shownQuote ?? undefined}>
      <h1>Choose your plan</h1>
      <Form
        method="post"
        {...getFormProps(form)}
        onChange={live.ask}
        data-people={cart.people ? "" : undefined}
        noValidate
      >
        <ErrorSummary form={form} />
        {returnTo ? <input type="hidden" name="returnTo" value="review" /> : null}
        <fieldset className="fieldset" aria-describedby={shared.length ? "plans-shared" : undefined}>
          <legend>Sum insured {visible[0] ? sumInsuredBasis(visible[0].sum_insured_basis) : ""}</legend>
          <div className="plan-grid">{visible.map(planCard)}</div>
          {more.length ? (
            <details className="more-plans">
              <summary>More plans</summary>
              <div className="plan-grid">{more.map(planCard)}</div>
            </details>
          ) : null}
          <FieldErrors id={fields.planId.errorId} errors={fields.planId.errors} />
          {underwriting.map((line) => (
            <p key={line} className="underwriter small muted">
              {line}
            </p>
          ))}
          {shared.length ? (
            <div id="plans-shared" className="plans-shared small">
              <p>Every plan includes:</p>
              <ul>
                {shared.map((f) => (
                  <li key={f}>{f}</li>
                ))}
              </ul>
            </div>
          ) : null}
        </fieldset>
        <fieldset className="fieldset" id="benefits">
          <legend>Benefits for your team</legend>
          <div className="coverage-grid">
            {coverages.map((c) =>
              c.is_required ? (
                // Always part of the plan: said in words, not a box that cannot be unticked.
                <div key={c.id} className="coverage coverage--included">
                  <input type="hidden" name={fields.coverage.name} value={c.id} />
                  <span>
                    <strong>{c.name}</strong>
                    <span className="muted small">{c.description}</span>
                  </span>
                  <span className="coverage__included">Included</span>
                </div>
              ) : (
                <label key={c.id} className="coverage">
                  <input
                    type="checkbox"
                    id={c === coverages.find((o) => !o.is_required) ? fields.coverage.id : undefined}
                    name={fields.coverage.name}
                    value={c.id}
                    defaultChecked={selected.includes(c.id)}
                  />
                  <span>
                    <strong>{c.name}</strong>
                    <span className="muted small">
                      {c.description}
                      {c.monthly_paise ? ` +${formatPaise(c.monthly_paise)} per member / month.` : ""}
                      {c.is_default ? " Suggested." : ""}
                    </span>
                  </span>
                </label>
              ),
            )}
          </div>
          {/* With script prices follow each tick; without, this reloads and lands on the prices (#prices). */}
          {hydrated ? null : (
            <button
              type="submit"
              formMethod="get"
              formAction={`${PATHS.checkout.planSelect}#prices`}
              name="update"
              value="1"
              className="button button--ghost button--small"
            >
              Update prices
            </button>
          )}
        </fieldset>
        {/* On phones this stays at the foot of the screen while plans and benefits change. */}
        <p className="quote-box quote-box--sticky" id="prices" aria-live="polite" data-testid="live-quote">
          {shownQuote ? (
            <>
              For your {formatCount(shownQuote.members)} employees:{" "}
              <strong>{formatPaise(shownQuote.monthly.total_paise)}</strong> per month with GST, or{" "}
              <strong>{formatPaise(shownQuote.yearly.total_paise)}</strong> per year
            </>
          ) : pickedPlan ? (
            <>
              {formatRupees(pickedPlan.sum_insured_inr)} cover: from{" "}
              <strong>{formatPaise(fromPrice(pickedPlan.plan_id))}</strong> per member / month before GST
            </>
          ) : (
            "Choose a plan to see its price."
          )}
        </p>
        {/* "Continue", not a purchase: no total exists yet (docs/product.md, Plan). */}
        <SubmitButton pendingLabel="Saving…" className="button button--block">
          Continue
        </SubmitButton>
      </Form>
    </CheckoutShell>
  );
}

/**
 * Prices as the admin ticks benefits and picks a sum insured (docs/product.md, Prices and GST):
 * the plans' "from" prices come from this step's own loader (read-only with `update`), and once
 * people are in the cart, their price for the chosen plan from the live quote. Nothing is saved
 * until Continue; the API prices, the browser only shows. Without script: Update prices.
 */
function useLivePrices() {
  const plansFetcher = useFetcher<typeof loader>();
  const quoteFetcher = useFetcher<QuoteAnswer>();
  const ask = (event: FormEvent<HTMLFormElement>) => {
    const formData = new FormData(event.currentTarget);
    const coverage = new URLSearchParams([["update", "1"]]);
    for (const id of formData.getAll("coverage")) coverage.append("coverage", String(id));
    plansFetcher.load(`${PATHS.checkout.planSelect}?${coverage}`);
    const planId = formData.get("planId");
    if (event.currentTarget.dataset.people !== undefined) {
      const query = new URLSearchParams([...coverage].filter(([name]) => name === "coverage"));
      if (typeof planId === "string") query.set("planId", planId);
      quoteFetcher.load(`${PATHS.checkout.quote}?${query}`);
    }
  };
  const [planId, setPlanId] = useState<string | null>(null);
  return {
    ask: (event: FormEvent<HTMLFormElement>) => {
      const chosen = new FormData(event.currentTarget).get("planId");
      setPlanId(typeof chosen === "string" ? chosen : null);
      ask(event);
    },
    planId,
    plans: plansFetcher.data?.plans,
    quote: quoteFetcher.data?.quote ?? null,
  };
}

export { StepErrorBoundary as ErrorBoundary } from "~/components/step-error";
