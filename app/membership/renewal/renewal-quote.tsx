import type { RenewalQuote } from "~/upstream/renewal.server";
import { formatPaise } from "~/utils/money";

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
