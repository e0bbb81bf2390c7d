import { getFormProps, useForm } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { requireToken, withToken } from "~/session/signed-in.server";
import { browserValidation, ErrorSummary, SubmitButton } from "~/components/form";
import { seoMeta } from "~/content/seo";
import { PATHS } from "~/routing/paths";
import { ApiError, refusalOr } from "~/upstream/http.server";
import { cancelMandate, getMembership } from "~/upstream/membership.server";
import { dayBefore, formatDate } from "~/utils/dates";
import { formatPaise } from "~/utils/money";
import { seeOther } from "~/utils/see-other";
import { parseSubmission } from "~/validation/submission.server";

const schema = z.object({ intent: z.literal("cancel-mandate") });

export const meta: MetaFunction = ({ matches }) =>
  seoMeta(
    {
      title: "Cancel the monthly mandate",
      description: "Stop the monthly charges for your team’s cover.",
      path: PATHS.mandateCancel,
    },
    matches,
  );

/** A monthly membership's mandate: the confirmation step before cancelling, and after it what it means. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { token, headers } = await requireToken(request);
  const membership = await withToken(request, token, getMembership);
  const mandate = membership?.billing.mandate;
  // Only a paid monthly membership has a mandate; anyone else is shown their membership.
  if (membership === null || mandate === undefined || mandate === null) {
    throw redirect(PATHS.membership, { headers });
  }
  return data(
    {
      cancelled: mandate.cancelled,
      amountPaise: membership.billing.amount_paise,
      nextCharge: membership.billing.next_charge,
      paidMonths: membership.billing.schedule.filter((s) => s.status === "paid"),
    },
    { headers },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  const submission = parseSubmission(await request.formData(), schema);
  const { token } = await requireToken(request);
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const cancelled = await withToken(request, token, (t) => refusalOr([404, 409], cancelMandate(t)));
  // A second post (a double click, another tab) finds it already cancelled: the page shows that cancellation.
  if (cancelled instanceof ApiError && cancelled.status === 404)
    return data(submission.reply({ formErrors: [cancelled.message] }), { status: 400 });
  return seeOther(PATHS.mandateCancel);
}

export default function CancelMandate() {
  const { cancelled, amountPaise, nextCharge, paidMonths } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form] = useForm({ lastResult, ...browserValidation(schema) });
  if (cancelled !== null) {
    return (
      <div className="container narrow">
        <div className="notice notice--warning" role="status">
          <h1>Your monthly mandate is cancelled</h1>
          <p>
            <strong>Your team’s cover ends on {formatDate(cancelled.cover_ends_on)}</strong>, the end of the last month
            paid. No more monthly charges will be taken.
          </p>
        </div>
        <dl className="info-list">
          <div>
            <dt>Cancelled on</dt>
            <dd>{formatDate(cancelled.cancelled_on)}</dd>
          </div>
          <div>
            <dt>Cancelled by</dt>
            <dd>{cancelled.cancelled_by}</dd>
          </div>
          <div>
            <dt>Months paid</dt>
            <dd>{cancelled.months_paid} of 12</dd>
          </div>
          <div>
            <dt>Cover ends</dt>
            <dd>{formatDate(cancelled.cover_ends_on)}</dd>
          </div>
        </dl>
        <p>
          From {formatDate(cancelled.cover_ends_on)} onwards your employees and their families are no longer insured
          through Kavach, and their e-cards stop working for cashless treatment.
        </p>
        <p>
          <Link to={PATHS.membership}>Back to your membership</Link>
        </p>
      </div>
    );
  }
  const coverEnds = paidMonths.length > 0 ? (nextCharge ? dayBefore(nextCharge.date) : null) : null;
  return (
    <div className="container narrow">
      <h1>Cancel the monthly mandate?</h1>
      <p>
        The mandate collects {formatPaise(amountPaise)} each month
        {nextCharge ? `; the next charge is on ${formatDate(nextCharge.date)}` : ""}.
      </p>
      <div className="notice notice--warning">
        <p>
          <strong>
            Cancelling ends your team’s cover
            {coverEnds ? ` on ${formatDate(coverEnds)}` : ""}, the end of the last month paid.
          </strong>{" "}
          No charge is taken after that, and nobody in your team is insured through Kavach from the next day.
        </p>
      </div>
      <Form method="post" {...getFormProps(form)} noValidate>
        <ErrorSummary form={form} />
        <SubmitButton name="intent" value="cancel-mandate" pendingLabel="Cancelling…" className="button button--danger">
          Cancel the mandate and end cover
        </SubmitButton>
      </Form>
      <p>
        <Link to={PATHS.membership}>Keep the mandate</Link>
      </p>
    </div>
  );
}

// Its own boundary, not the layout's: React Router hands a route's action data only to that route's
// boundary, and StepErrorBoundary offers the posted form again from it (docs/decisions/0044).
export { StepErrorBoundary as ErrorBoundary } from "~/components/step-error";
