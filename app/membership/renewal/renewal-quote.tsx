import { Form } from "@remix-run/react";
import type { RenewalQuote } from "~/upstream/renewal.server";
import { formatPaise, formatRupees } from "~/utils/money";

/**
 * The renewal's changes line by line (docs/product.md, Renewal): each employee covered today, their band
 * this year and next, and the monthly price per employee before and after. A card per row on a phone.
 */
export function RenewalChanges({ q }: { q: RenewalQuote }) {
  return (
    <table className="stack-table">
      <thead>
        <tr>
          <th scope="col">Employee</th>
          <th scope="col">Family cover</th>
          <th scope="col">Age on renewal</th>
          <th scope="col">Band this year</th>
          <th scope="col">Band next year</th>
          <th scope="col">A month this year</th>
          <th scope="col">A month next year</th>
        </tr>
      </thead>
      <tbody>
        {q.lines.map((l) => (
          <tr key={l.employee_code}>
            <th scope="row" data-label="Employee">
              {`${l.full_name} (${l.employee_code})`}
            </th>
            <td data-label="Family cover">{l.range_label}</td>
            <td data-label="Age on renewal">{l.age_on_renewal}</td>
            <td data-label="Band this year">{l.band_before_label}</td>
            <td data-label="Band next year">
              {l.band_after_label === null
                ? "Cannot be renewed"
                : l.moved_band
                  ? `${l.band_after_label} (moves band)`
                  : l.band_after_label}
            </td>
            <td data-label="A month this year">{formatPaise(l.monthly_before_paise)}</td>
            <td data-label="A month next year">
              {l.monthly_after_paise === null ? "–" : formatPaise(l.monthly_after_paise)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** This year's and next year's yearly bill side by side: premium, each GST line, total. */
export function RenewalTotals({ q }: { q: RenewalQuote }) {
  const before = q.before.yearly;
  const after = q.after.yearly;
  const labels = [...new Set([...before.tax_lines, ...after.tax_lines].map((t) => t.label))];
  const tax = (lines: typeof before.tax_lines, label: string) => lines.find((t) => t.label === label)?.paise ?? 0;
  return (
    <table className="stack-table">
      <thead>
        <tr>
          <th scope="col">For the year</th>
          <th scope="col">This year</th>
          <th scope="col">Next year</th>
        </tr>
      </thead>
      <tbody>
        <tr>
          <th scope="row">Premium</th>
          <td data-label="This year">{formatPaise(before.premium_paise)}</td>
          <td data-label="Next year">{formatPaise(after.premium_paise)}</td>
        </tr>
        {labels.map((label) => (
          <tr key={label}>
            <th scope="row">{label}</th>
            <td data-label="This year">{formatPaise(tax(before.tax_lines, label))}</td>
            <td data-label="Next year">{formatPaise(tax(after.tax_lines, label))}</td>
          </tr>
        ))}
        {labels.length === 0 ? (
          <tr>
            <th scope="row">GST</th>
            <td colSpan={2}>None: a supply to an SEZ unit</td>
          </tr>
        ) : null}
        <tr>
          <th scope="row">Total</th>
          <td data-label="This year">{formatPaise(before.total_paise)}</td>
          <td data-label="Next year">{formatPaise(after.total_paise)}</td>
        </tr>
      </tbody>
    </table>
  );
}

/** Whether the quote is for this year's plan and benefits. */
export function sameCover(q: RenewalQuote): boolean {
  const ids = (list: { id: string }[]) => list.map((b) => b.id).join(",");
  return q.plan.plan_id === q.plan_before.plan_id && ids(q.benefits) === ids(q.benefits_before);
}

/**
 * The plan and benefits for next year, chosen from today's catalogue: a plain GET form whose answer is
 * the quote for that choice (docs/product.md, Renewal), so it works as well without script.
 */
export function RenewalCoverChoice({ q }: { q: RenewalQuote }) {
  return (
    <details className="card" open={!sameCover(q)}>
      <summary>
        <strong>Change the plan or the benefits for next year</strong>
      </summary>
      <Form method="get" className="stack">
        <fieldset className="fieldset">
          <legend>Plan (sum insured)</legend>
          {q.choices.plans.map((p) => (
            <label key={p.plan_id} className="checkbox field">
              <input type="radio" name="plan" value={p.plan_id} defaultChecked={p.plan_id === q.plan.plan_id} />
              <span>
                {p.name}: {formatRupees(p.sum_insured_inr)}
                {p.plan_id === q.plan_before.plan_id ? " (this year)" : ""}
              </span>
            </label>
          ))}
        </fieldset>
        <fieldset className="fieldset">
          <legend>Benefits</legend>
          {q.choices.coverages.map((c) => (
            <label key={c.id} className="checkbox field">
              {c.required ? (
                <input type="checkbox" checked disabled aria-describedby={`benefit-${c.id}-note`} />
              ) : (
                <input type="checkbox" name="benefit" value={c.id} defaultChecked={c.chosen} />
              )}
              {c.required ? (
                <span id={`benefit-${c.id}-note`}>{c.name} (always included: the plan’s price)</span>
              ) : (
                <span>
                  {c.name}: {formatPaise(c.monthly_paise)} a month per employee
                </span>
              )}
            </label>
          ))}
        </fieldset>
        <input type="hidden" name="chosen" value="1" />
        <button type="submit" className="button button--ghost">
          Update the quote
        </button>
      </Form>
    </details>
  );
}

/** The quote's choice, carried by the pay form so the order is for what the admin saw. */
export function ChoiceFields({ q }: { q: RenewalQuote }) {
  return (
    <>
      <input type="hidden" name="plan" value={q.plan.plan_id} />
      <input type="hidden" name="chosen" value="1" />
      {q.benefits.map((b) => (
        <input key={b.id} type="hidden" name="benefit" value={b.id} />
      ))}
    </>
  );
}
