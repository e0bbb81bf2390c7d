import type { StatementChange } from "~/upstream/membership.server";
import { PATHS } from "~/routing/paths";
import { creditNotePath, invoicePath } from "~/routing/membership-paths";
import { formatShortDate, todayInIndia } from "~/utils/dates";
import { formatPaise } from "~/utils/money";
import { changeKindLabel } from "~/content/change-kinds";
import type { Correction } from "~/upstream/members.server";
import { correctedWords } from "~/membership/census/correction-form";
import { RELATIONSHIP_LABELS } from "~/membership/census/rules";

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
 * it). A removal's refund goes into the cash deposit with the insurer, shown beside it (decision 0055).
 */
export function Statement({
  changes,
  corrections,
  paidClaimsFor,
}: {
  changes: StatementChange[];
  /** Details corrected (docs/product.md, Corrections): listed with the changes, at no charge. */
  corrections: Correction[];
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
            {corrections.map((c) => (
              <CorrectionRow key={c.correction_id} correction={c} />
            ))}
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
                    ? `${formatPaise(-c.price.total_paise)} refunded`
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
    </section>
  );
}

/** A correction's line: what was corrected and for whom, no charge, its endorsement, who made it and when. */
function CorrectionRow({ correction: c }: { correction: Correction }) {
  // The day in India it was made, as every date the admin reads.
  const on = formatShortDate(todayInIndia(Date.parse(c.corrected_at)));
  const who =
    c.relationship === "self"
      ? c.employee_code
      : `${c.employee_code} (${RELATIONSHIP_LABELS[c.relationship].toLowerCase()})`;
  const words = correctedWords(c.fields);
  return (
    <tr>
      <td>{`Correction: ${words}: ${who}`}</td>
      <td className="nowrap" data-joiner="·">
        {on}
      </td>
      <td className="num" data-joiner="·">
        {formatPaise(0)}
      </td>
      <td data-joiner="·">
        {c.endorsement_number ? `Endorsement ${c.endorsement_number}` : "None: before the policy was issued"}
      </td>
      <td data-joiner="·">{`${c.corrected_by} on ${on}`}</td>
    </tr>
  );
}
