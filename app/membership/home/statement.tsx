import { Form } from "@remix-run/react";
import type { Credit, StatementChange } from "~/upstream/membership.server";
import { SubmitButton } from "~/components/form";
import { PATHS } from "~/routing/paths";
import { creditNotePath, invoicePath } from "~/routing/membership-paths";
import { formatShortDate } from "~/utils/dates";
import { formatPaise } from "~/utils/money";
import { changeKindLabel } from "~/content/change-kinds";

/**
 * The change's documents: an addition's invoices or a removal's credit notes, one per supplier, as links;
 * none for a change at no charge or a monthly removal.
 */
function DocumentLink({ change: c }: { change: StatementChange }) {
  const invoices = c.invoices.length > 0 ? c.invoices : c.invoice ? [c.invoice] : [];
  const notes = c.credit_notes.length > 0 ? c.credit_notes : c.credit_note ? [c.credit_note] : [];
  if (invoices.length + notes.length === 0)
    return (
      <span className="muted">
        {c.kind === "add" && c.price.total_paise === 0
          ? "None: no charge (the endorsement records it)"
          : "None: the monthly charge changes"}
      </span>
    );
  return (
    <>
      {invoices.map((d, n) => (
        <span key={d.id}>
          {n > 0 ? ", " : null}
          <a href={invoicePath(d.id)}>Invoice {d.number}</a>
        </span>
      ))}
      {notes.map((d, n) => (
        <span key={d.id}>
          {n > 0 ? ", " : null}
          <a href={creditNotePath(d.id)}>Credit note {d.number}</a>
        </span>
      ))}
    </>
  );
}

/**
 * The dated statement of every confirmed change (what, effective when, amount, its document, who confirmed
 * it), then the credit removals left and the form that asks for it to be refunded.
 */
export function Statement({
  changes,
  credit,
  paidClaimsFor,
}: {
  changes: StatementChange[];
  credit: Credit;
  /** Leavers whose family had a claim paid this policy year (decision 0046): said beside their removal. */
  paidClaimsFor: readonly string[];
}) {
  return (
    <section className="card" aria-labelledby="statement">
      <h2 id="statement">Changes during the year</h2>
      <div className="table-scroll">
        <table className="stack-table">
          <thead>
            <tr>
              <th scope="col">Change</th>
              <th scope="col">Effective</th>
              <th scope="col" className="num">
                Amount
              </th>
              <th scope="col">Document</th>
              <th scope="col">Confirmed by</th>
            </tr>
          </thead>
          <tbody>
            {changes.map((c) => (
              <tr key={c.change_id}>
                <td>
                  {`${changeKindLabel(c)}: ${c.employee_code}${c.reason ? ` (${c.reason})` : ""}`}
                  {c.kind !== "add" && paidClaimsFor.includes(c.employee_code)
                    ? "; a claim was paid for their family"
                    : ""}
                </td>
                <td className="nowrap" data-joiner="·">
                  {formatShortDate(c.effective_date)}
                </td>
                <td className="num" data-joiner="·">
                  {c.price.total_paise < 0
                    ? `${formatPaise(-c.price.total_paise)} credit`
                    : formatPaise(c.price.total_paise)}
                </td>
                <td data-joiner="·">
                  <DocumentLink change={c} />
                </td>
                <td data-joiner="·">
                  {c.confirmed_by ?? ""}
                  {c.confirmed_at ? ` on ${formatShortDate(c.confirmed_at.slice(0, 10))}` : ""}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p>
        <a href={PATHS.statementCsv} download>
          Download the statement (CSV)
        </a>
      </p>
      <h3>Credit</h3>
      <dl className="info-list">
        <div>
          <dt>Credit balance</dt>
          <dd>
            {formatPaise(credit.balance_paise)}
            {credit.balance_paise > 0 ? ": used against your next addition, or refunded if you ask" : ""}
          </dd>
        </div>
        {credit.refund_due_paise > 0 ? (
          <div>
            <dt>Refund due</dt>
            <dd>{`${formatPaise(credit.refund_due_paise)}, to the account the membership was paid from`}</dd>
          </div>
        ) : null}
      </dl>
      {credit.balance_paise > 0 ? (
        <Form method="post">
          <SubmitButton
            name="intent"
            value="refund"
            pendingLabel="Asking for the refund…"
            className="button button--ghost"
          >
            Refund the credit of {formatPaise(credit.balance_paise)}
          </SubmitButton>
        </Form>
      ) : null}
    </section>
  );
}
