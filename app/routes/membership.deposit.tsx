import { randomUUID } from "node:crypto";
import { getFormProps, useForm } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect, redirectDocument } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { requireToken, withToken } from "~/session/signed-in.server";
import { browserValidation, ErrorSummary, SubmitButton, TextField } from "~/components/form";
import { TableScroll } from "~/components/table-scroll";
import { seoMeta } from "~/content/seo";
import { PATHS } from "~/routing/paths";
import { creditNotePath, invoicePath } from "~/routing/membership-paths";
import { depositTopUpCallbackUrl } from "~/checkout/callback-url.server";
import { topUpSchema, withdrawSchema } from "~/membership/deposit/deposit-forms";
import { redirectWithToast } from "~/session/toast.server";
import { ApiError, refusalOr } from "~/upstream/http.server";
import { type DepositEntry, getDeposit, openTopUp, withdrawFromDeposit } from "~/upstream/deposit.server";
import { getMembership } from "~/upstream/membership.server";
import { formatShortDate } from "~/utils/dates";
import { formatPaise } from "~/utils/money";
import { parseSubmission } from "~/validation/submission.server";
import { DepositBalance } from "~/membership/deposit/deposit-summary";

export const meta: MetaFunction = ({ matches }) =>
  seoMeta(
    {
      title: "Cash deposit with the insurer",
      description: "Your team’s cash deposit with the insurer: its ledger, a top-up and a withdrawal.",
      path: PATHS.deposit,
    },
    matches,
  );

/**
 * The employer's cash deposit with the insurer (docs/product.md, Who invoices what; docs/decisions/0055):
 * its balance, every debit and credit with its document, and the forms to top it up and withdraw it. The
 * withdrawal form carries a key drawn with the page, so a second submit of it moves nothing.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { token, headers } = await requireToken(request);
  // Both read beside each other: one upstream round trip for the page (decision 0024). Only a paid
  // membership has a deposit; anyone else is shown their membership.
  const [membership, answer] = await Promise.all([
    withToken(request, token, getMembership),
    withToken(request, token, (t) => refusalOr([404, 409], getDeposit(t))),
  ]);
  if (membership === null || membership.status !== "paid" || answer instanceof ApiError)
    throw redirect(PATHS.membership, { headers });
  return data({ deposit: answer.deposit, key: randomUUID() }, { headers });
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  const intent = form.get("intent");
  const { token } = await requireToken(request);
  if (intent === "top-up") {
    const submission = parseSubmission(form, topUpSchema);
    if (submission.status !== "success") return data({ intent, result: submission.reply() }, { status: 400 });
    const opened = await withToken(request, token, (t) =>
      openTopUp(t, submission.value.amount, depositTopUpCallbackUrl(request)),
    );
    // To the gateway's page to pay; the gateway posts back to the callback, which shows the deposit.
    return redirectDocument(opened.top_up.checkout_url, 303);
  }
  const submission = parseSubmission(form, withdrawSchema);
  if (submission.status !== "success") return data({ intent: "withdraw", result: submission.reply() }, { status: 400 });
  const done = await withToken(request, token, (t) =>
    refusalOr([409, 422], withdrawFromDeposit(t, submission.value.amount, submission.value.idempotency_key)),
  );
  // More than the deposit holds: said beside the amount, and nothing moved.
  if (done instanceof ApiError)
    return data(
      { intent: "withdraw", result: submission.reply({ fieldErrors: { amount: [done.message] } }) },
      { status: 409 },
    );
  return redirectWithToast(PATHS.deposit, {
    kind: "success",
    message: `${formatPaise(done.withdrawn_paise)} is on its way to your company’s bank account.`,
  });
}

/** The ledger entry's document, linked: the insurer's credit note for a refund, its invoice for an addition. */
function DocumentOf({ entry }: { entry: DepositEntry }) {
  const d = entry.document;
  if (d === null) return <span className="muted">None</span>;
  const id = d.number.replaceAll("/", "-");
  return d.kind === "credit_note" ? (
    <a href={creditNotePath(id)}>Credit note {d.number}</a>
  ) : (
    <a href={invoicePath(id)}>Invoice {d.number}</a>
  );
}

export default function DepositPage() {
  const { deposit, key } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const [withdraw, withdrawFields] = useForm({
    id: "withdraw",
    lastResult: answer?.intent === "withdraw" ? answer.result : undefined,
    ...browserValidation(withdrawSchema),
  });
  const [topUp, topUpFields] = useForm({
    id: "top-up",
    lastResult: answer?.intent === "top-up" ? answer.result : undefined,
    ...browserValidation(topUpSchema),
  });
  return (
    <div className="container membership">
      <p className="muted small">
        <Link to={PATHS.membership}>Your membership</Link>
      </p>
      <h1>Cash deposit with the insurer</h1>
      <DepositBalance deposit={deposit} />
      <p>
        The insurer holds this deposit for your company. When someone leaves, the insurer refunds their premium into it.
        A joiner or a family change is paid from it when it covers the insurer’s premium, and they are covered from that
        day. Otherwise you pay through the payment page. Kavach’s own health services are always paid through the
        payment page.
      </p>

      <section className="card" aria-labelledby="ledger">
        <h2 id="ledger">Ledger</h2>
        {deposit.entries.length === 0 ? (
          <p className="muted">Nothing has been paid into or out of the deposit yet.</p>
        ) : (
          <TableScroll label="The deposit’s ledger">
            <table className="stack-table">
              <thead>
                <tr>
                  <th scope="col">Date</th>
                  <th scope="col">What for</th>
                  <th scope="col">Document</th>
                  <th scope="col" className="num">
                    Amount
                  </th>
                  <th scope="col" className="num">
                    Balance
                  </th>
                </tr>
              </thead>
              <tbody>
                {deposit.entries.map((e) => (
                  <tr key={e.id}>
                    <td className="nowrap">{formatShortDate(e.recorded_on)}</td>
                    <td data-joiner="·">{e.description}</td>
                    <td data-joiner="·">
                      <DocumentOf entry={e} />
                    </td>
                    <td className="num" data-joiner="·">
                      {e.amount_paise < 0
                        ? `${formatPaise(-e.amount_paise)} paid out`
                        : `${formatPaise(e.amount_paise)} paid in`}
                    </td>
                    <td className="num" data-joiner="·">
                      {formatPaise(e.balance_paise)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        )}
      </section>

      <section className="card" aria-labelledby="top-up-heading">
        <h2 id="top-up-heading">Top up</h2>
        <p>
          Pay into the deposit through the payment page, so that joiners can be covered from the day they are added.
        </p>
        <Form method="post" {...getFormProps(topUp)} noValidate>
          <ErrorSummary form={topUp} />
          <TextField meta={topUpFields.amount} label="Amount to pay in" prefix="₹" inputMode="decimal" />
          <SubmitButton name="intent" value="top-up" pendingLabel="Opening the payment page…">
            Top up the deposit
          </SubmitButton>
        </Form>
      </section>

      <section className="card" aria-labelledby="withdraw-heading">
        <h2 id="withdraw-heading">Withdraw</h2>
        <p>
          Paid to your company’s bank account. You can withdraw up to {formatPaise(deposit.available_paise)}
          {deposit.available_paise < deposit.balance_paise
            ? ", the balance less what an open payment for an addition counts on"
            : ""}
          .
        </p>
        <Form method="post" {...getFormProps(withdraw)} noValidate>
          <ErrorSummary form={withdraw} />
          <input type="hidden" name="idempotency_key" value={key} />
          <TextField meta={withdrawFields.amount} label="Amount to withdraw" prefix="₹" inputMode="decimal" />
          <SubmitButton name="intent" value="withdraw" pendingLabel="Withdrawing…" className="button button--ghost">
            Withdraw to the bank account
          </SubmitButton>
        </Form>
      </section>
    </div>
  );
}

export { StepErrorBoundary as ErrorBoundary } from "~/components/step-error";
