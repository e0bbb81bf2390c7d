import type { Bill, Policy, Quote } from "~/upstream/employer.server";
import { formatCount, formatPaise, formatRupees } from "~/utils/money";
import { FamilyCover } from "./family-cover";

const REGIME_NOTE: Record<Quote["tax_regime"], string> = {
  intra: "Your company is in Karnataka, like us: GST is split into CGST and SGST.",
  inter: "Your company is outside Karnataka: IGST applies.",
  sez: "Zero-rated: SEZ unit. Supplies to an SEZ unit carry no GST.",
};

/** The price of one billing period: premium, each GST line (or zero-rated), total. */
export function BillBreakdown({ bill, regime }: { bill: Bill; regime: Quote["tax_regime"] }) {
  return (
    <dl className="bill">
      <div>
        <dt>Premium{bill.discount_pct ? ` (after ${bill.discount_pct}% yearly discount)` : ""}</dt>
        <dd>{formatPaise(bill.premium_paise)}</dd>
      </div>
      {regime === "sez" ? (
        <div>
          <dt>GST: zero-rated (SEZ)</dt>
          <dd>{formatPaise(0)}</dd>
        </div>
      ) : (
        bill.tax_lines.map((line) => (
          <div key={line.label}>
            <dt>{line.label}</dt>
            <dd>{formatPaise(line.paise)}</dd>
          </div>
        ))
      )}
      <div className="bill__total">
        <dt>Total {bill.policy === "yearly" ? "per year" : "per month"}</dt>
        <dd>{formatPaise(bill.total_paise)}</dd>
      </div>
    </dl>
  );
}

export function regimeNote(regime: Quote["tax_regime"]) {
  return REGIME_NOTE[regime];
}

type Labelled = { code: string; label: string };

/**
 * Line items per age band and family cover; with the catalogue's `names`, each band and cover in
 * words beside its code ("1A: Employee only"), else the codes alone. In a narrow step each row is a
 * card read as one line; data-joiner is the word CSS puts between its cells there (docs/product.md,
 * Phone widths).
 */
export function QuoteTable({ quote, names }: { quote: Quote; names?: { bands: Labelled[]; ranges: Labelled[] } }) {
  const coverOf = (code: string) => names?.ranges.find((r) => r.code === code);
  return (
    <div className="table-scroll">
      <table className="quote-table stack-table">
        <caption className="visually-hidden">Premium by age band and family cover</caption>
        <thead>
          <tr>
            <th scope="col">Age band</th>
            <th scope="col">Cover</th>
            <th scope="col" className="num">
              Employees
            </th>
            <th scope="col" className="num">
              Per member / month
            </th>
            <th scope="col" className="num">
              Per month
            </th>
          </tr>
        </thead>
        <tbody>
          {quote.lines.map((line) => (
            <tr key={`${line.band}-${line.range}`}>
              <td>{names?.bands.find((b) => b.code === line.band)?.label ?? line.band}</td>
              <td data-joiner="·">{coverOf(line.range) ? <FamilyCover range={coverOf(line.range)!} /> : line.range}</td>
              <td className="num" data-joiner="·">
                {formatCount(line.count)}
              </td>
              <td className="num" data-joiner="×">
                {formatPaise(line.unit_monthly_paise)}
              </td>
              <td className="num" data-joiner="=">
                {formatPaise(line.monthly_paise)}
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={2}>
              Premium per month
            </th>
            <td className="num" data-joiner="·" data-suffix="employees">
              {formatCount(quote.members)}
            </td>
            <td />
            <td className="num" data-testid="quote-total">
              {formatPaise(quote.monthly.premium_paise)}
            </td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

/** Monthly and yearly side by side, each with its full breakdown and the yearly saving. */
export function BillingChoice({
  legend,
  id,
  name,
  quote,
  chosen,
  options,
  errors,
}: {
  legend: string;
  /** The first option's id: where the error summary's link leads. */
  id?: string;
  name: string;
  quote: Quote;
  chosen: Policy;
  options: ReadonlyArray<{ policy: Policy; label: string }>;
  errors?: string[];
}) {
  return (
    <fieldset className="fieldset">
      <legend>{legend}</legend>
      <div className="billing-options">
        {options.map(({ policy, label }, i) => {
          const bill = quote[policy];
          return (
            <label key={policy} className="billing-option">
              <input
                type="radio"
                id={i === 0 ? id : undefined}
                name={name}
                value={policy}
                defaultChecked={policy === chosen}
              />
              <span className="billing-option__body">
                <span className="billing-option__head">
                  <strong>{label}</strong>
                  {bill.saving_paise > 0 ? (
                    // A badge rounds to whole rupees, down, so it never promises more than the bill saves.
                    <span className="badge">Save {formatRupees(Math.floor(bill.saving_paise / 100))}</span>
                  ) : null}
                </span>
                <BillBreakdown bill={bill} regime={quote.tax_regime} />
              </span>
            </label>
          );
        })}
      </div>
      {errors?.length ? <p className="field__error">{errors[0]}</p> : null}
    </fieldset>
  );
}
