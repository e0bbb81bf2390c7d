import { describeSumInsured } from "~/content/cover";
import type { CalculatorResult, CalculatorView } from "~/calculator/calculator";
import { CALCULATOR_PARAMS, GST_CHOICES, countParam } from "~/calculator/calculator";
import { EMPLOYEES_MAX } from "~/config/constants";
import { PATHS } from "~/routing/paths";
import { OutsideRange } from "./outside-range";
import type { Bill } from "~/upstream/employer.server";
import { formatCount, formatPaise } from "~/utils/money";

/** Where the calculator sits on its page: its form goes back there, and the live answer comes from QUOTE_PATH. */
export const CALCULATOR_ID = "price";
/** The live answer (routes/quote.tsx): the result part of the calculator, as HTML, for the page script. */
export const QUOTE_PATH = "/quote";

/**
 * The public price calculator (docs/product.md, Public pages): a plain GET form, so the answer is a
 * page anyone can open by its address, with or without script; the page script (enhance/quote.ts)
 * asks QUOTE_PATH for the result as the visitor types and puts it in place.
 */
export function PriceCalculator({ view, page }: { view: CalculatorView; page: string }) {
  const { catalogue, form } = view;
  return (
    <section className="section section--tint" aria-labelledby={`${CALCULATOR_ID}-title`} id={CALCULATOR_ID}>
      <div className="container calculator">
        <header className="section__head">
          <p className="eyebrow">Price before you sign in</p>
          <h2 id={`${CALCULATOR_ID}-title`}>What would it cost?</h2>
          <p className="muted">
            Count your team by age band and whom each employee covers, pick a plan and benefits: the price, with GST, is
            the one the checkout charges.
          </p>
        </header>
        {catalogue ? (
          <form
            method="get"
            action={`${page}#${CALCULATOR_ID}-result`}
            className="card calculator__form"
            data-quote-form=""
            noValidate
          >
            <fieldset>
              <legend className="h3">Plan</legend>
              <div className="plan-grid">
                {catalogue.plans.map((plan) => (
                  <label key={plan.plan_id} className="plan-card">
                    <input
                      type="radio"
                      name={CALCULATOR_PARAMS.plan}
                      value={plan.plan_id}
                      defaultChecked={plan.plan_id === form.planId}
                    />
                    <span className="plan-card__body">
                      <strong>{plan.name}</strong>
                      <span>{describeSumInsured(plan.sum_insured_inr, plan.sum_insured_basis)}</span>
                    </span>
                  </label>
                ))}
              </div>
            </fieldset>
            <fieldset>
              <legend className="h3">Benefits</legend>
              <ul className="calculator__benefits">
                {catalogue.coverages.map((c) => (
                  <li key={c.id}>
                    <label className="checkbox">
                      {c.is_required ? (
                        // Always included: shown ticked, nothing to send (the API adds it).
                        <input type="checkbox" checked disabled />
                      ) : (
                        <input
                          type="checkbox"
                          name={CALCULATOR_PARAMS.benefit}
                          value={c.id}
                          defaultChecked={form.coverage.includes(c.id)}
                        />
                      )}
                      <span>
                        {c.name}{" "}
                        <span className="muted small">
                          {c.is_required ? "always included" : `+${formatPaise(c.monthly_paise)} per person a month`}
                        </span>
                      </span>
                    </label>
                  </li>
                ))}
              </ul>
            </fieldset>
            <div className="field">
              <label htmlFor="q-gst">Your company is registered in</label>
              <select id="q-gst" className="input" name={CALCULATOR_PARAMS.gst} defaultValue={form.gst}>
                {GST_CHOICES.map((c) => (
                  <option key={c.value} value={c.value}>
                    {c.label}
                  </option>
                ))}
              </select>
            </div>
            <fieldset>
              <legend className="h3">People</legend>
              <div className="table-scroll">
                <table className="people-table">
                  <caption className="visually-hidden">Employees by age band and family cover</caption>
                  <thead>
                    <tr>
                      <th scope="col">Age band</th>
                      {catalogue.ranges.map((r) => (
                        <th scope="col" key={r.code}>
                          {r.code}
                          <span className="muted small">{r.label}</span>
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {catalogue.bands.map((band) => (
                      <tr key={band.code}>
                        <th scope="row">{band.label}</th>
                        {catalogue.ranges.map((range) => {
                          const name = countParam(band.code, range.code);
                          return (
                            <td key={range.code}>
                              <label htmlFor={`q-${name}`} className="visually-hidden">
                                {band.label}, {range.code}
                              </label>
                              <input
                                id={`q-${name}`}
                                className="input input--count"
                                type="number"
                                inputMode="numeric"
                                min={0}
                                max={EMPLOYEES_MAX}
                                name={name}
                                defaultValue={form.counts[name] ?? ""}
                              />
                            </td>
                          );
                        })}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </fieldset>
            <button type="submit" className="button button--ghost" data-pending-label="Calculating…">
              Show the price
            </button>
          </form>
        ) : null}
        <div id={`${CALCULATOR_ID}-result`} className="calculator__result" aria-live="polite" data-quote-result="">
          <QuoteResult result={view.result} page={page} />
        </div>
      </div>
    </section>
  );
}

/**
 * The calculator's answer: the monthly and yearly price with GST, and "Buy this", which carries the
 * choice into the checkout (routes/quote.tsx). Rendered in the page and, for the page script, alone.
 */
export function QuoteResult({ result, page }: { result: CalculatorResult; page: string }) {
  switch (result.status) {
    case "empty":
      return <p className="muted">Enter how many people to cover to see the price.</p>;
    case "down":
      return <p className="form-error">{result.message}</p>;
    case "invalid":
      return (
        <>
          <ul className="form-error" data-quote-errors="">
            {result.errors.map((e) => (
              <li key={e}>{e}</li>
            ))}
          </ul>
          {result.outsideRange !== undefined ? <OutsideRange headcount={result.outsideRange} /> : null}
        </>
      );
    case "priced": {
      const { quote, choice } = result;
      return (
        <div className="card calculator__price">
          <p className="calculator__total">
            <strong data-quote-monthly="">{formatPaise(quote.monthly.total_paise)}</strong> a month with GST
          </p>
          <p className="small">
            {formatPaise(quote.monthly.premium_paise)}
            {taxText(quote.monthly)}, for {formatCount(quote.members)} {quote.members === 1 ? "employee" : "employees"}{" "}
            on {result.planName} with {result.benefitNames.join(", ")}.
          </p>
          <p>
            Or <strong data-quote-yearly="">{formatPaise(quote.yearly.total_paise)}</strong> a year with GST (
            {formatPaise(quote.yearly.premium_paise)}
            {taxText(quote.yearly)}), saving {formatPaise(quote.yearly.saving_paise)}.
          </p>
          <form method="post" action={QUOTE_PATH}>
            <input type="hidden" name="page" value={page} />
            <input type="hidden" name={CALCULATOR_PARAMS.plan} value={choice.planId} />
            {choice.coverage.map((id) => (
              <input key={id} type="hidden" name={CALCULATOR_PARAMS.benefit} value={id} />
            ))}
            {choice.rows.map((r) => (
              <input key={`${r.band}.${r.range}`} type="hidden" name={countParam(r.band, r.range)} value={r.count} />
            ))}
            <button type="submit" className="button" data-pending-label="Opening the checkout…">
              Buy this
            </button>
          </form>
          <p className="small muted">
            You sign in with your mobile number next; these people, plan and benefits are kept in your{" "}
            <a href={PATHS.checkout.verify}>checkout</a>.
          </p>
        </div>
      );
    }
  }
}

/** The bill's GST lines as the checkout names them, or that there is none (an SEZ unit). */
function taxText(bill: Bill): string {
  if (bill.tax_lines.length === 0) return ", no GST (SEZ unit)";
  return bill.tax_lines.map((line) => ` + ${line.label} ${formatPaise(line.paise)}`).join("");
}
