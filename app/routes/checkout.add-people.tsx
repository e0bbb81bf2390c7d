import { getFormProps, useForm } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import type { Quote } from "~/api/employer.server";
import { getPricing, updateCart } from "~/api/employer.server";
import { attempt, requireCheckoutStep, requireCheckoutStepForAction, withToken } from "~/checkout/guard.server";
import { firstUnfinishedStep, nextPath, peopleInRange } from "~/checkout/steps";
import { CheckoutShell } from "~/components/checkout-shell";
import { FormErrors, SubmitButton } from "~/components/form";
import { ReloadOnBackNavigation } from "~/components/reload-on-back";
import { EMPLOYEES_MAX, EMPLOYEES_MIN, MESSAGES } from "~/constants";
import { PATHS } from "~/paths";
import { seoMeta } from "~/seo";
import { trackEvent } from "~/analytics/track.server";
import { seeOther } from "~/utils/see-other";
import { formatCount, formatPaise } from "~/utils/money";
import { parseSubmission } from "~/validation/submission.server";

const code = z.string().trim().min(1).max(16).regex(/^[\w+-]+$/);
const schema = z
  .object({
    intent: z.enum(["recalculate", "continue"]),
    rows: z
      .array(
        z.object({
          band: code,
          range: code,
          count: z
            .number({ invalid_type_error: "Enter a whole number." })
            .int("Enter a whole number.")
            .min(0, "Cannot be negative.")
            .max(EMPLOYEES_MAX, MESSAGES.employeesRange)
            .default(0),
        }),
      )
      .min(1)
      .max(64),
  })
  .strict();

export const meta: MetaFunction = ({ matches }) =>
  seoMeta(
    { title: "Add people", description: "View the cost of membership for all team members.", path: PATHS.checkout.addPeople },
    matches,
  );

export async function loader({ request }: LoaderFunctionArgs) {
  const { token, cart, headers } = await requireCheckoutStep(request, "people");
  const pricing = await withToken(request, token, (t) => getPricing(t, cart.plan!.group_id));
  const counts = new Map(cart.people?.rows.map((r) => [`${r.band}|${r.range}`, r.count]));
  const grid = pricing.bands.map((band) => ({
    band,
    cells: pricing.ranges.map((range) => ({
      range: range.code,
      count: counts.get(`${band.code}|${range.code}`) ?? 0,
      monthlyPaise: pricing.rates.find((r) => r.band === band.code && r.range === range.code)?.monthly_paise ?? null,
    })),
  }));
  return json({ cart, reached: firstUnfinishedStep(cart), ranges: pricing.ranges, grid }, { headers });
}

export async function action({ request }: ActionFunctionArgs) {
  const formData = await request.formData();
  const submission = parseSubmission(formData, schema);
  // Parsed first: if the upstream fails now, the reply still carries everything typed.
  const step = await requireCheckoutStepForAction(request, "people");
  if (!step.ok) return json(submission.reply({ formErrors: [step.message] }), { status: 503 });
  const { token, session } = step.value;
  if (submission.status !== "success") return json(submission.reply(), { status: 400 });
  const { intent, rows } = submission.value;
  const total = rows.reduce((sum, r) => sum + r.count, 0);
  if (intent === "continue" && !peopleInRange(total)) {
    return json(
      submission.reply({ formErrors: [`${MESSAGES.employeesRange}. You have added ${formatCount(total)}.`] }),
      { status: 400 },
    );
  }
  const saved = await attempt(request, () => updateCart(token, { type: "people", item: { rows: rows.filter((r) => r.count > 0) } }));
  if (!saved.ok) return json(submission.reply({ formErrors: [saved.error.message] }), { status: saved.error.isOutage ? 503 : 400 });
  trackEvent(request, session, intent === "continue" ? "purchase_age_distribution_proceed" : "purchase_age_distribution", { members: total });
  return seeOther(intent === "continue" ? nextPath("people") : PATHS.checkout.addPeople);
}

export default function AddPeople() {
  const { cart, reached, ranges, grid } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form] = useForm({ lastResult });
  const submitted = (lastResult?.initialValue?.rows ?? null) as Array<{ count?: string }> | null;
  // A refused count is named by its cell above the table: the cells have no room for a message.
  const cellLabels = grid.flatMap((row) => row.cells.map((cell) => `${row.band.label}, ${cell.range}`));
  const countErrors = cellLabels.flatMap((label, i) => (form.allErrors[`rows[${i}].count`] ?? []).map((error) => `${label}: ${error}`));
  const total = cart.people?.total ?? 0;
  const headcount = cart.admin?.total_employees ?? null;
  let index = 0;
  return (
    <CheckoutShell step="people" reached={reached} cart={cart}>
      <ReloadOnBackNavigation />
      <h1>Add your people</h1>
      <p className="muted">
        Tell us how many employees fall in each age band and whom they cover. The price depends on both: older bands and
        bigger families cost more.
      </p>
      <Form method="post" {...getFormProps(form)} noValidate>
        <FormErrors id={form.errorId} errors={[...(form.errors ?? []), ...countErrors]} />
        <div className="table-scroll">
          <table className="people-table">
            <caption className="visually-hidden">Employees by age band and family cover</caption>
            <thead>
              <tr>
                <th scope="col">Age band</th>
                {ranges.map((r) => (
                  <th scope="col" key={r.code}>
                    {r.code}
                    <span className="muted small">{r.label}</span>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {grid.map((row) => (
                <tr key={row.band.code}>
                  <th scope="row">{row.band.label}</th>
                  {row.cells.map((cell) => {
                    const i = index++;
                    const id = `count-${row.band.code}-${cell.range}`;
                    return (
                      <td key={cell.range}>
                        <input type="hidden" name={`rows[${i}].band`} value={row.band.code} />
                        <input type="hidden" name={`rows[${i}].range`} value={cell.range} />
                        <label htmlFor={id} className="visually-hidden">
                          {row.band.label}, {cell.range}
                        </label>
                        <input
                          id={id}
                          className="input input--count"
                          type="number"
                          inputMode="numeric"
                          min={0}
                          max={EMPLOYEES_MAX}
                          name={`rows[${i}].count`}
                          defaultValue={submitted?.[i]?.count ?? cell.count}
                        />
                        {cell.monthlyPaise !== null ? (
                          <span className="muted small">{formatPaise(cell.monthlyPaise)}/mo</span>
                        ) : null}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p className="small muted">Prices are per employee per month for the health insurance cover, before add-on benefits and GST.</p>
        {cart.people && !peopleInRange(total) ? (
          <p className="notice notice--warning">
            {MESSAGES.employeesRange}. You have added {formatCount(total)}.
          </p>
        ) : null}
        {cart.people && headcount !== null && total !== headcount && peopleInRange(total) ? (
          <p className="notice notice--warning">
            You told us {formatCount(headcount)} people work at {cart.company?.company_name ?? "your company"}, and you have added{" "}
            {formatCount(total)}. Your price is for the {formatCount(total)} added; you can <a href={PATHS.checkout.companyDetails}>change the headcount</a>.
          </p>
        ) : null}
        {cart.quote ? <QuoteLines quote={cart.quote} /> : null}
        <div className="actions">
          <SubmitButton name="intent" value="recalculate" pendingLabel="Calculating…" className="button button--ghost">
            Recalculate
          </SubmitButton>
          <SubmitButton name="intent" value="continue" pendingLabel="Saving…">
            Continue to review
          </SubmitButton>
        </div>
        <p className="small muted">
          Between {EMPLOYEES_MIN} and {formatCount(EMPLOYEES_MAX)} people in all.
        </p>
      </Form>
    </CheckoutShell>
  );
}

function QuoteLines({ quote }: { quote: Quote }) {
  return (
    <div className="quote-box" aria-live="polite">
      <p>
        <strong>{formatCount(quote.members)}</strong> members · premium{" "}
        <strong>{formatPaise(quote.monthly.premium_paise)}</strong> per month before GST
      </p>
    </div>
  );
}

export { StepErrorBoundary as ErrorBoundary } from "~/components/step-error";
