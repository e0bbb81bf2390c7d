import { getFormProps, useForm } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useFetcher, useLoaderData } from "@remix-run/react";
import type { FormEvent } from "react";
import { useEffect, useRef, useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import type { PeopleRow, Quote } from "~/upstream/employer.server";
import { getCatalogue, getPricing, getQuote } from "~/upstream/employer.server";
import { attempt, requireToken, withToken } from "~/session/signed-in.server";
import { stepCart } from "~/checkout/step-guard.server";
import { refusal, stepAction } from "~/checkout/step-action.server";
import { firstUnfinishedStep, nextPath, peopleInRange } from "~/checkout/steps";
import { CheckoutShell } from "~/components/checkout-shell";
import { FamilyCover } from "~/components/family-cover";
import { OutsideRange } from "~/components/outside-range";
import { browserValidation, ErrorSummary, SubmitButton } from "~/components/form";
import type { HydrationHandle } from "~/rendering/hydration";
import { EMPLOYEES_MAX, EMPLOYEES_MIN, MESSAGES } from "~/config/constants";
import type { QuoteAnswer } from "~/routes/checkout.quote";
import { PATHS } from "~/routing/paths";
import { seoMeta } from "~/content/seo";
import { trackEvent } from "~/analytics/track.server";
import { seeOther } from "~/utils/see-other";
import { commitSession } from "~/session/session.server";
import { formatCount, formatPaise } from "~/utils/money";
import { addPeopleSchema as schema } from "~/validation/people";

/** How long typing pauses before the live price is asked for. */
const QUOTE_DELAY_MS = 250;

/** Never a stale price or order after back/forward (docs/product.md, Page behaviour). */
export const handle: HydrationHandle = { hydrate: true, reloadOnBack: true };

export const meta: MetaFunction = ({ matches }) =>
  seoMeta(
    {
      title: "Add people",
      description: "View the cost of membership for all team members.",
      path: PATHS.checkout.addPeople,
    },
    matches,
  );

export async function loader({ request }: LoaderFunctionArgs) {
  const signedIn = await requireToken(request);
  const { token, session, headers } = signedIn;
  const pricingOf = (groupId: string) => withToken(request, token, (t) => getPricing(t, groupId));
  const quoteOf = (row: PeopleRow) => attempt(request, () => getQuote(token, { rows: [row] }));
  // The plan's rates, asked beside the cart for the group this browser saved last.
  const remembered = session.get("groupId");
  const early = remembered ? pricingOf(remembered) : null;
  // The catalogue (the same for everyone, kept in this process) names the first band and family
  // cover, so the price of the count the plan step remembered is asked beside the cart too.
  const catalogueRead = attempt(request, () => getCatalogue());
  const rememberedCount = session.get("prefillCount");
  const guess = catalogueRead.then((catalogue) => {
    const band = catalogue.ok ? catalogue.value.bands[0]?.code : undefined;
    const range = catalogue.ok ? catalogue.value.ranges[0]?.code : undefined;
    return band && range && rememberedCount !== undefined ? { band, range, count: rememberedCount } : null;
  });
  const earlyQuoted = guess.then((row) => (row ? quoteOf(row) : null));
  const [cart] = await Promise.all([
    stepCart(request, signedIn, "people"),
    // Settled here, so a guess that failed or was not needed never goes unhandled.
    early?.catch(() => null),
    earlyQuoted.catch(() => null),
  ]);
  const headcount = cart.admin?.total_employees ?? null;
  const [earlyPricing, earlyGuess] = await Promise.all([
    remembered === cart.plan!.group_id ? early : pricingOf(cart.plan!.group_id),
    guess,
  ]);
  const pricing = earlyPricing ?? (await pricingOf(cart.plan!.group_id));
  const counts = new Map(cart.people?.rows.map((r) => [`${r.band}|${r.range}`, r.count]));
  // First visit: the headcount from company details starts in the youngest band, employee only (the
  // catalogue's first band and first family cover), for the admin to change (docs/product.md, Add people).
  const first = { band: pricing.bands[0]?.code, range: pricing.ranges[0]?.code };
  const prefill =
    cart.people === null && headcount !== null && first.band && first.range
      ? { band: first.band, range: first.range, count: headcount }
      : null;
  if (prefill) counts.set(`${prefill.band}|${prefill.range}`, prefill.count);
  const grid = pricing.bands.map((band) => ({
    band,
    cells: pricing.ranges.map((range) => ({
      range: range.code,
      count: counts.get(`${band.code}|${range.code}`) ?? 0,
      monthlyPaise: pricing.rates.find((r) => r.band === band.code && r.range === range.code)?.monthly_paise ?? null,
    })),
  }));
  // The price of the prefilled count, read-only (nothing is saved until a button is pressed); without
  // it the page still works, as before the count was typed. Asked early for the catalogue's first
  // row and the remembered count; should the plan's pricing or the cart differ, it is asked now.
  const earlyFits =
    prefill &&
    earlyGuess?.band === prefill.band &&
    earlyGuess.range === prefill.range &&
    earlyGuess.count === prefill.count;
  const quoted = earlyFits ? await earlyQuoted : prefill ? await quoteOf(prefill) : null;
  const prefillQuote = quoted?.ok ? quoted.value : null;
  return data(
    {
      cart,
      reached: firstUnfinishedStep(cart),
      ranges: pricing.ranges,
      grid,
      prefilled: prefill !== null,
      prefillQuote,
    },
    { headers },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  return stepAction(request, { step: "people", schema }, async ({ value: { intent, rows }, session, save }) => {
    const total = rows.reduce((sum, r) => sum + r.count, 0);
    if (intent === "continue" && !peopleInRange(total)) {
      return { message: `${MESSAGES.employeesRange}. You have added ${formatCount(total)}.`, outage: false };
    }
    const saved = await save({ type: "people", item: { rows: rows.filter((r) => r.count > 0) } });
    if (!saved.ok) return refusal(saved.error);
    trackEvent(
      request,
      session,
      intent === "continue" ? "purchase_age_distribution_proceed" : "purchase_age_distribution",
      { members: total },
    );
    // People saved: nothing is prefilled any more, so no count's price is asked ahead.
    const remembered = session.has("prefillCount");
    session.unset("prefillCount");
    const forget = remembered ? { "Set-Cookie": await commitSession(session) } : undefined;
    // Recalculate lands on the new price (its box is the page's #price), not at the top of the page.
    return seeOther(intent === "continue" ? nextPath("people") : `${PATHS.checkout.addPeople}#price`, forget);
  });
}

export default function AddPeople() {
  const { cart, reached, ranges, grid, prefilled, prefillQuote } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form] = useForm({ lastResult, ...browserValidation(schema) });
  const liveQuote = useLiveQuote();
  const submitted = (lastResult?.initialValue?.rows ?? null) as Array<{ count?: string }> | null;
  // A refused count is named by its cell in the error summary: the cells have no room for a message.
  const targets = Object.fromEntries(
    grid.flatMap((row, r) =>
      row.cells.map((cell, c) => [
        `rows[${r * row.cells.length + c}].count`,
        { id: `count-${row.band.code}-${cell.range}`, label: `${row.band.label}, ${cell.range}` },
      ]),
    ),
  );
  // The live price once asked (script), else the cart's as saved (Recalculate), else the prefilled count's.
  const latest = liveQuote.answer?.quote ?? cart.quote ?? prefillQuote;
  // The counts as they stand in the grid now: typed (script), else as posted and refused, else as loaded.
  const shown = grid.flatMap((row, r) =>
    row.cells.map((cell, c) => {
      const i = r * row.cells.length + c;
      return {
        band: row.band.code,
        range: cell.range,
        value: liveQuote.typed?.[`rows[${i}].count`] ?? submitted?.[i]?.count ?? String(cell.count),
      };
    }),
  );
  // A price is only ever shown beside the counts it was computed from: a refused or unfinished count
  // hides it, never leaves an old one beside it.
  const valid = shown.every((s) => /^\s*\d*\s*$/.test(s.value) && Number(s.value || 0) <= EMPLOYEES_MAX);
  const matches =
    latest !== null &&
    shown.every(
      (s) => Number(s.value || 0) === (latest.lines.find((l) => l.band === s.band && l.range === s.range)?.count ?? 0),
    );
  const quote = valid && matches ? latest : null;
  const typed = liveQuote.answer?.quote != null || (cart.people === null && prefillQuote !== null);
  const sumShown = shown.reduce((sum, s) => sum + Number(s.value || 0), 0);
  const total = valid ? sumShown : (cart.people?.total ?? 0);
  // The range notice speaks of the counts as typed: a cell that is no count (−2) is named by the error
  // summary instead, and a cell over the limit (20,000) is counted, so the notice and its call-back say so.
  const typedTotal = shown.every((s) => /^\s*\d*\s*$/.test(s.value)) ? sumShown : null;
  const counted = typed || cart.people !== null || liveQuote.typed !== null;
  const headcount = cart.admin?.total_employees ?? null;
  const lineOf = (band: string, range: string) => quote?.lines.find((l) => l.band === band && l.range === range);
  const hydrated = useHydrated();
  return (
    <CheckoutShell step="people" reached={reached} cart={cart} live={quote}>
      <h1>Add your people</h1>
      <p className="muted">
        Tell us how many employees fall in each age band and whom they cover. The price depends on both: older bands and
        bigger families cost more.
      </p>
      {prefilled ? (
        <p className="notice" role="status">
          We have started with the {formatCount(cart.admin?.total_employees ?? 0)} employees you gave on the company
          details step, in the youngest band, employee only. Change the numbers to match your team.
        </p>
      ) : null}
      <Form method="post" {...getFormProps(form)} onChange={liveQuote.ask} noValidate>
        <ErrorSummary form={form} targets={targets} />
        <div className="table-scroll">
          <table className="people-table">
            <caption className="visually-hidden">Employees by age band and family cover</caption>
            <thead>
              <tr>
                <th scope="col">Age band</th>
                {ranges.map((r) => (
                  <th scope="col" key={r.code}>
                    <FamilyCover range={r} />
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {grid.map((row, r) => (
                <tr key={row.band.code}>
                  <th scope="row">{row.band.label}</th>
                  {row.cells.map((cell, c) => {
                    const i = r * row.cells.length + c;
                    const line = lineOf(row.band.code, cell.range);
                    const id = `count-${row.band.code}-${cell.range}`;
                    return (
                      <td key={cell.range} data-label={`${cell.range} · ${ranges[c]!.label}`}>
                        <input type="hidden" name={`rows[${i}].band`} value={row.band.code} />
                        <input type="hidden" name={`rows[${i}].range`} value={cell.range} />
                        <label htmlFor={id} className="visually-hidden">
                          {row.band.label}, {cell.range}
                        </label>
                        <input
                          id={id}
                          className="input input--count"
                          type="number"
                          inputMode="numeric"
                          min={0}
                          max={EMPLOYEES_MAX}
                          name={`rows[${i}].count`}
                          defaultValue={submitted?.[i]?.count ?? cell.count}
                        />
                        {cell.monthlyPaise !== null ? (
                          <span className="muted small">{formatPaise(cell.monthlyPaise)}/mo</span>
                        ) : null}
                        {line ? (
                          <span className="small people-table__line">
                            {formatPaise(line.monthly_paise)}/mo for {line.count}, with benefits
                          </span>
                        ) : null}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p className="small muted">
          Prices are per employee per month for the health insurance cover, before add-on benefits and GST.
        </p>
        {counted && typedTotal !== null && !peopleInRange(typedTotal) ? (
          <>
            <p className="notice notice--warning">
              {MESSAGES.employeesRange}. You have added {formatCount(typedTotal)}.
            </p>
            {typedTotal > 0 ? <OutsideRange headcount={typedTotal} /> : null}
          </>
        ) : null}
        {counted && headcount !== null && total !== headcount && peopleInRange(total) ? (
          <p className="notice notice--warning">
            You told us {formatCount(headcount)} people work at {cart.company?.company_name ?? "your company"}, and you
            have added {formatCount(total)}. Your price is for the {formatCount(total)} added; you can{" "}
            <Link to={PATHS.checkout.companyDetails}>change the headcount</Link>.
          </p>
        ) : null}
        <QuoteLines quote={quote} valid={valid} pending={liveQuote.pending} />
        {valid && liveQuote.answer?.error ? <p className="form-error">{liveQuote.answer.error}</p> : null}
        <div className="actions">
          {/* With script the price follows each change: Recalculate is only for pages without it. */}
          {hydrated ? null : (
            <SubmitButton
              name="intent"
              value="recalculate"
              pendingLabel="Calculating…"
              className="button button--ghost"
            >
              Recalculate
            </SubmitButton>
          )}
          <SubmitButton name="intent" value="continue" pendingLabel="Saving…">
            Continue to review
          </SubmitButton>
        </div>
        <p className="small muted">
          Between {EMPLOYEES_MIN} and {formatCount(EMPLOYEES_MAX)} people in all.
        </p>
      </Form>
    </CheckoutShell>
  );
}

/**
 * The live price (docs/product.md, Prices and GST): each change to the grid asks the API, through
 * a fetcher, what these counts cost, without writing the cart; only the latest answer is shown
 * (a fetcher drops the answer to a request it has replaced). Without script, Recalculate does it.
 */
function useLiveQuote() {
  const fetcher = useFetcher<QuoteAnswer>();
  const timer = useRef<number>();
  const [typed, setTyped] = useState<Record<string, string> | null>(null);
  const [waiting, setWaiting] = useState(false);
  useEffect(() => () => clearTimeout(timer.current), []);
  const ask = (event: FormEvent<HTMLFormElement>) => {
    const query = new URLSearchParams();
    const counts: Record<string, string> = {};
    for (const [name, value] of new FormData(event.currentTarget)) {
      if (name.startsWith("rows[") && typeof value === "string") query.append(name, value.trim() === "" ? "0" : value);
      if (name.endsWith(".count") && typeof value === "string") counts[name] = value;
    }
    setTyped(counts);
    setWaiting(true);
    clearTimeout(timer.current);
    timer.current = window.setTimeout(() => {
      setWaiting(false);
      fetcher.load(`${PATHS.checkout.quote}?${query}`);
    }, QUOTE_DELAY_MS);
  };
  return { ask, typed, answer: fetcher.data, pending: waiting || fetcher.state !== "idle" };
}

/**
 * The price of the grid as it stands, or why there is none. On phones it stays at the foot of the
 * screen while the table scrolls (a compact total in view while counts change).
 */
function QuoteLines({ quote, valid, pending }: { quote: Quote | null; valid: boolean; pending: boolean }) {
  return (
    <div
      className="quote-box quote-box--sticky"
      id="price"
      aria-live="polite"
      aria-busy={pending || undefined}
      data-testid="live-quote"
    >
      {quote ? (
        <QuoteFigures quote={quote} />
      ) : (
        <p className="small">
          {!valid
            ? "Your price shows once every count is a whole number, 0 or more."
            : pending
              ? "Working out the price of these numbers…"
              : "Your price shows here for the numbers in the table."}
        </p>
      )}
    </div>
  );
}

function QuoteFigures({ quote }: { quote: Quote }) {
  return (
    <>
      <p>
        <strong>{formatCount(quote.members)}</strong> employees · premium{" "}
        <strong>{formatPaise(quote.monthly.premium_paise)}</strong> per month before GST
      </p>
      <p className="small">
        With GST: <strong>{formatPaise(quote.monthly.total_paise)}</strong> per month, or{" "}
        <strong>{formatPaise(quote.yearly.total_paise)}</strong> per year
      </p>
    </>
  );
}

export { StepErrorBoundary as ErrorBoundary } from "~/components/step-error";
