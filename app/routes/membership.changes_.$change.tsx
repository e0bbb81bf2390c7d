import { getFormProps, useForm } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirectDocument } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { requireToken, withToken } from "~/session/signed-in.server";
import { browserValidation, ErrorSummary, SubmitButton } from "~/components/form";
import { StepErrorBoundary } from "~/components/step-error";
import { seoMeta } from "~/content/seo";
import { PATHS } from "~/routing/paths";
import { changePath } from "~/routing/membership-paths";
import { redirectWithToast } from "~/session/toast.server";
import type { Change, ChangePayment } from "~/upstream/changes.server";
import { confirmChange, getChange, parseChangeId, payChange, refusalOf, requotedOf } from "~/upstream/changes.server";
import { changePaymentCallbackUrl } from "~/checkout/callback-url.server";
import { ApiError, refusalOr } from "~/upstream/http.server";
import { formatDate } from "~/utils/dates";
import { formatPaiseExact as formatPaise } from "~/utils/money";
import { seeOther } from "~/utils/see-other";
import { parseSubmission } from "~/validation/submission.server";

const schema = z.object({ intent: z.literal("confirm") });

export const meta: MetaFunction = ({ matches }) =>
  seoMeta(
    { title: "Check the price of the change", description: "The price of a change to your team.", path: PATHS.changes },
    matches,
  );

const notFound = () => data({ message: "There is no such change." }, { status: 404 });

/** The change of the URL, the signed-in admin's own; an unknown id or another company's is a plain 404. */
async function changeOf(request: Request, rawId: string | undefined) {
  const { token, headers } = await requireToken(request);
  const id = parseChangeId(rawId);
  if (id === null) throw notFound();
  // A quote not confirmed within its lifetime has expired (docs/product.md, Changes during the year).
  const answer = await withToken(request, token, (t) => refusalOr([410], getChange(t, id)));
  if (answer instanceof ApiError) throw data({ message: answer.message }, { status: 410 });
  if (answer === null) throw notFound();
  const { change, payment, amount_due_paise: due } = answer;
  return { token, headers, id, change, payment, due };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { headers, change, payment, due } = await changeOf(request, params.change);
  return data({ change, payment, due }, { headers });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const submission = parseSubmission(await request.formData(), schema);
  const { token, id, change, due } = await changeOf(request, params.change);
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  // docs/api-contract.md, POST /membership/changes/{change_id}/confirm and /pay: each refusal is about this change.
  const confirmed = await withToken(request, token, async (t) =>
    refusalOr(
      [404, 409, 410, 422],
      (async () => {
        // A yearly addition with something to pay is paid for before it is made (docs/product.md, Changes during the year).
        if (change.status === "confirmed" || due === 0) return confirmChange(t, id);
        const paying = await payChange(t, id, changePaymentCallbackUrl(request));
        return paying.payment?.status === "created" || paying.payment?.status === "attempted" ? paying.payment : paying;
      })(),
    ),
  );
  if (!(confirmed instanceof ApiError)) {
    // To the gateway's page to pay; once paid (or a payment is pending) the change's page says so.
    if ("checkout_url" in confirmed) return redirectDocument(confirmed.checkout_url, 303);
    // A second confirm (a double click, another tab) answers the change as confirmed: the page shows it.
    return seeOther(changePath(id));
  }
  const requoted = confirmed.status === 409 ? requotedOf(confirmed) : null;
  if (requoted !== null) {
    return redirectWithToast(changePath(requoted.change_id), { kind: "warning", message: confirmed.message });
  }
  if (confirmed.status === 404) throw notFound();
  // A change that can no longer be made (the joiner added meanwhile, say): the API's own reasons, not its summary.
  const reasons = refusalOf(confirmed).rejected?.map((r) => r.message) ?? [];
  return data(submission.reply({ formErrors: reasons.length > 0 ? reasons : [confirmed.message] }), { status: 409 });
}

/** What the change does, in a line: "Add Asha Rao (E-9) with 1 dependant". */
function describe(change: Change): string {
  const [first, ...rest] = change.members;
  const who = `${first?.full_name ?? "Employee"} (${change.employee_code})`;
  if (change.kind === "remove")
    return `Remove ${who}${rest.length > 0 ? ` and ${rest.length} ${rest.length === 1 ? "dependant" : "dependants"}` : ""}`;
  if (change.event !== null) return `Add ${first?.full_name ?? "a dependant"} to the family of ${change.employee_code}`;
  return `Add ${who}${rest.length > 0 ? ` with ${rest.length} ${rest.length === 1 ? "dependant" : "dependants"}` : ""}`;
}

export default function ChangePage() {
  const { change, payment, due } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form] = useForm({ lastResult, ...browserValidation(schema) });
  const p = change.price;
  const removal = change.kind === "remove";
  const confirmed = change.status === "confirmed";
  return (
    <div className="container narrow">
      <p className="muted small">
        <Link to={PATHS.changes}>Changes to your team</Link>
      </p>
      {confirmed ? (
        <div className="notice notice--success" role="status">
          <h1>{removal ? "The leaver is removed" : "The change is made"}</h1>
          <p>
            {describe(change)}: confirmed by {change.confirmed_by}
            {removal
              ? `. Cover ends after ${formatDate(change.effective_date)}.`
              : `. Covered from ${formatDate(change.effective_date)}.`}
          </p>
        </div>
      ) : (
        <>
          <h1>Check the price</h1>
          {payment ? <PaymentNotice payment={payment} /> : null}
        </>
      )}
      {confirmed && payment?.refund_due ? <PaymentNotice payment={payment} /> : null}
      <h2>{describe(change)}</h2>
      <dl className="info-list">
        <div>
          <dt>{removal ? "Last day" : change.event !== null ? "Date of the event" : "Date of joining"}</dt>
          <dd>{formatDate(change.effective_date)}</dd>
        </div>
        <div>
          <dt>Age band and family cover</dt>
          <dd>
            {change.band} · {change.range}
          </dd>
        </div>
        {removal ? (
          <div>
            <dt>Reason</dt>
            <dd>{change.reason}</dd>
          </div>
        ) : null}
      </dl>
      {noCharge(change) ? (
        <p>
          <strong>No extra charge.</strong>{" "}
          {`${change.members[0]?.full_name ?? "They"} ${confirmed ? "is" : "will be"} covered by the family cover already bought for ${change.employee_code} (${change.range}), which has room for them.`}
          {p.policy === "monthly" ? " Your monthly charge does not change." : null}
        </p>
      ) : p.policy === "yearly" ? (
        <YearlyLines change={change} due={confirmed ? null : due} />
      ) : (
        <MonthlyLines change={change} />
      )}
      {p.cover_from_reason ? <p className="notice">{p.cover_from_reason}</p> : null}
      {p.no_gst_reason ? <p className="notice">{p.no_gst_reason}</p> : null}
      {confirmed || payment?.status === "pending" ? (
        <p>
          <Link to={PATHS.membership}>Back to your membership</Link> ·{" "}
          <Link to={PATHS.changes}>Make another change</Link>
        </p>
      ) : (
        <Form method="post" {...getFormProps(form)}>
          <ErrorSummary form={form} />
          <p className="muted small">Priced on {formatDate(change.priced_on)}. Nothing changes until you confirm.</p>
          {due > 0 ? (
            <SubmitButton name="intent" value="confirm" pendingLabel="Opening the payment…">
              {`Pay ${formatPaise(due)} and add`}
            </SubmitButton>
          ) : (
            <SubmitButton name="intent" value="confirm" pendingLabel="Confirming…">
              {removal ? "Confirm the removal" : "Confirm the change"}
            </SubmitButton>
          )}{" "}
          <Link to={PATHS.changes}>Change the details</Link>
        </Form>
      )}
    </div>
  );
}

/**
 * A spouse or newborn taken in by the family cover already bought costs nothing (docs/product.md, Changes
 * during the year): no rule of ₹0.00 a month to write out.
 */
function noCharge(change: Change): boolean {
  return change.event !== null && change.price.unit_monthly_paise === 0;
}

/** What the last payment for this addition came to, when it did not make the change. */
function PaymentNotice({ payment }: { payment: ChangePayment }) {
  if (payment.refund_due)
    return (
      <div className="notice notice--warning" role="status">
        <p>
          <strong>A payment of {formatPaise(payment.amount_paise)} will be refunded</strong> ({payment.order_id}): it
          could not be used for this change, and is recorded for a refund to the account or card it came from.
        </p>
      </div>
    );
  if (payment.status === "attempted")
    return (
      <div className="notice notice--warning" role="alert">
        <p>
          <strong>The payment did not go through, so no one was added.</strong> Nothing was charged. You can pay again
          below.
        </p>
      </div>
    );
  if (payment.status === "pending")
    return (
      <div className="notice" role="status">
        <p>
          <strong>Your payment is being confirmed.</strong> The joiner is added as soon as it is: this page shows it
          then. Nothing more to pay.
        </p>
      </div>
    );
  return null;
}

/** Yearly billing: the pro-rata premium with its rule written out, GST, and the total to pay or credit. */
function YearlyLines({ change, due }: { change: Change; due: number | null }) {
  const p = change.price;
  const sign = p.total_paise < 0 ? -1 : 1;
  // The membership's credit from removals is used first (docs/product.md, Changes during the year).
  const creditUsed = sign > 0 && due !== null && due < p.total_paise;
  const rule = `${formatPaise(p.unit_monthly_paise)} a month × 12 × ${p.days}/${p.days_in_year}${p.discount_pct > 0 ? `, less the ${p.discount_pct}% yearly discount` : ""}`;
  return (
    <div className="table-scroll">
      <table className="change-price" aria-label="Price of the change">
        <tbody>
          <tr>
            <th scope="row">
              {change.kind === "remove" ? "Premium given back" : "Premium"}
              <br />
              <span className="muted small">{rule}</span>
            </th>
            <td className="num">{formatPaise(sign * p.premium_paise)}</td>
          </tr>
          {p.tax_lines.map((l) => (
            <tr key={l.label}>
              <th scope="row">{l.label}</th>
              <td className="num">{formatPaise(sign * l.paise)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{sign < 0 ? "Credit to your membership" : creditUsed ? "Total" : "Total to pay"}</th>
            <td className="num">{formatPaise(sign * p.total_paise)}</td>
          </tr>
          {creditUsed ? (
            <>
              <tr>
                <th scope="row">Your membership’s credit used</th>
                <td className="num">{formatPaise(due - p.total_paise)}</td>
              </tr>
              <tr>
                <th scope="row">To pay</th>
                <td className="num">{formatPaise(due)}</td>
              </tr>
            </>
          ) : null}
        </tfoot>
      </table>
      {sign < 0 ? (
        <p className="muted small">
          The credit is kept on your membership’s statement and used against your next addition, or refunded on request.
        </p>
      ) : null}
    </div>
  );
}

/**
 * Monthly billing: the part-month paid at once (no cover before premium), then the mandate's new amount
 * and the charge it starts from.
 */
function MonthlyLines({ change }: { change: Change }) {
  const p = change.price;
  const part = p.due_now;
  return (
    <>
      {part ? (
        <div className="table-scroll">
          <table className="change-price" aria-label="Paid now">
            <tbody>
              <tr>
                <th scope="row">
                  Premium to the next charge
                  <br />
                  <span className="muted small">
                    {`${formatPaise(p.unit_monthly_paise)} a month × ${part.days}/${part.period_days} days, ${formatDate(part.from)} to ${formatDate(part.to)}`}
                  </span>
                </th>
                <td className="num">{formatPaise(part.premium_paise)}</td>
              </tr>
              {part.tax_lines.map((l) => (
                <tr key={l.label}>
                  <th scope="row">{l.label}</th>
                  <td className="num">{formatPaise(l.paise)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row">Paid now</th>
                <td className="num">{formatPaise(part.total_paise)}</td>
              </tr>
            </tfoot>
          </table>
        </div>
      ) : null}
      <p>
        Your monthly charge {p.total_paise < 0 ? "goes down" : "goes up"} by {formatPaise(Math.abs(p.total_paise))} (
        {formatPaise(Math.abs(p.premium_paise))} and {formatPaise(Math.abs(p.tax_paise))} GST).
      </p>
      {p.new_monthly_paise !== null && p.starts_on !== null ? (
        <p>
          <strong>
            New monthly amount: {formatPaise(p.new_monthly_paise)} from {formatDate(p.starts_on)}
          </strong>
          , the next charge.
        </p>
      ) : (
        <p>No monthly charge is left to change: the last one has been collected.</p>
      )}
    </>
  );
}

// Its own boundary, not the layout's: React Router hands a route's action data only to that route's
// boundary, and StepErrorBoundary offers the posted form again from it (docs/decisions/0044).
export { StepErrorBoundary as ErrorBoundary };
