import { getFormProps, useForm } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect, redirectDocument } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { attempt, requireToken, withToken } from "~/session/signed-in.server";
import { browserValidation, ErrorSummary, FormErrors, SubmitButton } from "~/components/form";
import { TableScroll } from "~/components/table-scroll";
import { seoMeta } from "~/content/seo";
import { PAGE_PATHS } from "~/routing/page-paths";
import { PATHS } from "~/routing/paths";
import { renewalPaymentCallbackUrl } from "~/membership/renewal/callback-url.server";
import {
  ChoiceFields,
  RenewalChanges,
  RenewalCoverChoice,
  RenewalTotals,
  sameCover,
} from "~/membership/renewal/renewal-quote";
import { renewalChoiceOf } from "~/membership/renewal/choice";
import { createRenewalOrder, getRenewalQuote } from "~/upstream/renewal.server";
import { isRefusal, refusalOr } from "~/upstream/http.server";
import { formatDate } from "~/utils/dates";
import { formatPaise } from "~/utils/money";
import { parseSubmission } from "~/validation/submission.server";

/** The one form: pay for the next year at the quote shown. */
const schema = z.object({ intent: z.literal("renew") });

export const meta: MetaFunction = ({ matches }) =>
  seoMeta(
    {
      title: "Renew your team’s cover",
      description: "The quote for your team’s next year of cover, member by member.",
      path: PATHS.renewal,
    },
    matches,
  );

/**
 * The renewal quote (docs/product.md, Renewal): the reminders' link lands here; the plan and benefits
 * chosen for next year ride in the query, so the quote for a choice is a page like any other.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { token, headers } = await requireToken(request);
  const choice = renewalChoiceOf(new URL(request.url).searchParams);
  const quote = await withToken(request, token, (t) => refusalOr([400], getRenewalQuote(t, choice)));
  // A plan or benefit the catalogue no longer has: the quote as this year has it.
  if (isRefusal(quote, [400])) throw redirect(PATHS.renewal, { headers });
  // Without a paid membership there is nothing to renew: the membership says what comes first.
  if (quote === null) throw redirect(PATHS.membership, { headers });
  return data({ quote }, { headers });
}

export async function action({ request }: ActionFunctionArgs) {
  const formData = await request.formData();
  const submission = parseSubmission(formData, schema);
  const { token } = await requireToken(request);
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const choice = renewalChoiceOf(formData);
  const order = await attempt(request, () => createRenewalOrder(token, renewalPaymentCallbackUrl(request), choice));
  if (!order.ok) {
    return data(submission.reply({ formErrors: [order.error.message] }), {
      status: order.error.isOutage ? 503 : 409,
    });
  }
  // The gateway's page is another site's document, as the checkout's payment is.
  return redirectDocument(order.value.checkout_url, 303);
}

export default function Renewal() {
  const { quote: q } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form] = useForm({ lastResult, ...browserValidation(schema) });
  const payable = q.state === "open" || q.state === "grace";
  return (
    <div className="container renewal">
      <p className="muted small">
        <Link to={PATHS.membership}>Your membership</Link>
      </p>
      <h1>Renew your team’s cover</h1>
      <RenewalState q={q} />
      <p>
        {q.plan.name} for {formatDate(q.cover_starts_on)} to {formatDate(q.cover_ends_on)}, with{" "}
        {sameCover(q) ? "the same benefits" : "these benefits"} ({q.benefits.map((b) => b.name).join(", ")}), for the
        employees covered today and their families. Each employee is priced by their age on {formatDate(q.renewal_date)}
        .{q.plan.plan_id === q.plan_before.plan_id ? null : ` This year: ${q.plan_before.name}.`}
      </p>
      {payable ? <RenewalCoverChoice q={q} /> : null}

      <section className="card" aria-labelledby="renewal-changes">
        <h2 id="renewal-changes">Changes against this year</h2>
        <p>
          {q.moved_band === 0
            ? "Nobody moves to another age band."
            : q.moved_band === 1
              ? "1 employee moves to another age band."
              : `${q.moved_band} employees move to another age band.`}
        </p>
        <TableScroll label="Changes against this year">
          <RenewalChanges q={q} />
        </TableScroll>
        {q.not_renewable.length > 0 ? (
          <div className="notice notice--warning" role="status">
            <p>
              Past the oldest age band (65), {q.not_renewable.join(", ")} cannot be renewed and{" "}
              {q.not_renewable.length === 1 ? "is" : "are"} left out of the price.
            </p>
          </div>
        ) : null}
      </section>

      <section className="card" aria-labelledby="renewal-price">
        <h2 id="renewal-price">The price, for the year</h2>
        <RenewalTotals q={q} />
        {payable ? (
          <Form method="post" {...getFormProps(form)} className="actions">
            <ErrorSummary form={form} />
            <FormErrors errors={form.errors} />
            <input type="hidden" name="intent" value="renew" />
            <ChoiceFields q={q} />
            <SubmitButton pendingLabel="Opening the payment…">
              {`Pay ${formatPaise(q.after.yearly.total_paise)} and renew`}
            </SubmitButton>
          </Form>
        ) : null}
      </section>
      <p className="muted">
        A renewal is paid for the year in one payment. For monthly billing next year,{" "}
        <Link to={PAGE_PATHS.contact}>contact us</Link> before you pay.
      </p>
    </div>
  );
}

/** Where the renewal stands: not open yet, open, in its grace period, closed, or being paid. */
function RenewalState({
  q,
}: {
  q: {
    state: string;
    opens_on: string;
    cover_end_date: string;
    grace_ends_on: string;
    order: { status: string } | null;
  };
}) {
  if (q.order?.status === "pending") {
    return (
      <div className="notice" role="status">
        <p>Your bank is confirming the renewal payment; there is no need to pay again.</p>
      </div>
    );
  }
  const failed = q.order?.status === "attempted" ? " The last payment did not go through; no money was taken." : "";
  switch (q.state) {
    case "not_open":
      return (
        <div className="notice" role="status">
          <p>
            The renewal opens on {formatDate(q.opens_on)}, 45 days before your cover ends. This is the quote as it
            stands today.
          </p>
        </div>
      );
    case "open":
      return (
        <div className="notice" role="status">
          <p>
            <strong>Your cover ends on {formatDate(q.cover_end_date)}.</strong> Renew before then and cover continues
            without a gap.{failed}
          </p>
        </div>
      );
    case "grace":
      return (
        <div className="notice notice--warning" role="status">
          <p>
            <strong>Your team’s cover ended on {formatDate(q.cover_end_date)}.</strong> You can still renew until{" "}
            {formatDate(q.grace_ends_on)}.{failed}
          </p>
        </div>
      );
    default:
      return (
        <div className="notice notice--warning" role="status">
          <p>
            <strong>The renewal closed on {formatDate(q.grace_ends_on)}.</strong> A new membership is needed to cover
            your team again.
          </p>
        </div>
      );
  }
}
