import { getFormProps, useForm } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useFetcher, useLoaderData, useSubmit } from "@remix-run/react";
import type { KeyboardEvent } from "react";
import { useEffect, useRef, useState } from "react";
import { z } from "zod";
import {
  type MembershipTaken,
  lookupGstin,
  membershipTaken,
  requestAccess,
  searchEmployers,
} from "~/upstream/employer.server";
import { noneIfNotFound } from "~/upstream/http.server";
import { prefillOf } from "~/checkout/entry-query.server";
import { attempt, requireToken, withToken } from "~/session/signed-in.server";
import { stepCart } from "~/checkout/step-guard.server";
import { refusal, stepAction } from "~/checkout/step-action.server";
import { firstUnfinishedStep, nextPath } from "~/checkout/steps";
import { CheckoutShell } from "~/components/checkout-shell";
import { browserValidation, ErrorSummary, FieldErrors, FormErrors, SubmitButton, TextField } from "~/components/form";
import { WhatsappToggle } from "~/components/whatsapp-toggle";
import { PAGE_PATHS } from "~/routing/page-paths";
import { PATHS } from "~/routing/paths";
import { seoMeta } from "~/content/seo";
import { trackEvent } from "~/analytics/track.server";
import { seeOther } from "~/utils/see-other";
import { gstin, personName } from "~/validation/fields";

/**
 * gstin: a typed GSTIN, looked up and shown back for the admin to confirm; confirm: that company, saved;
 * select: a company chosen from the search by its name and state, saved (docs/product.md, GST details).
 */
const schema = z
  .object({ intent: z.enum(["gstin", "confirm", "select", "request"]), gstin, name: personName.optional() })
  .strict()
  // request: a buyer stopped by a company's membership asks its owner to add them, by name.
  .superRefine((v, ctx) => {
    if (v.intent === "request" && v.name === undefined) {
      ctx.addIssue({ code: "custom", path: ["name"], message: "Enter your name." });
    }
  });
const SEARCH_MIN = 2;
/** How long typing pauses before the company search is asked. */
const SEARCH_DELAY_MS = 250;
const searchQuery = z.string().trim().max(80);

export const meta: MetaFunction = ({ matches }) =>
  seoMeta(
    {
      title: "Your company’s GSTIN",
      description: "Share your company’s GST registration number, needed to tax the membership.",
      path: PATHS.checkout.gstDetails,
    },
    matches,
  );

export async function loader({ request }: LoaderFunctionArgs) {
  const signedIn = await requireToken(request);
  const { token, session, headers } = signedIn;
  const url = new URL(request.url);
  const q = searchQuery.catch("").parse(url.searchParams.get("q") ?? "");
  // A GSTIN the registry knows, shown back before anything is saved: "Is this your company?".
  const asked = gstin.safeParse(url.searchParams.get("confirm") ?? "");
  // A GSTIN another membership holds: who to ask, and whether the buyer has asked (docs/product.md, One membership per company).
  const takenGstin = gstin.safeParse(url.searchParams.get("taken") ?? "");
  // The cart, the search and the registry lookup need only the token: asked together (decision 0024).
  const [cart, search, confirm, taken] = await Promise.all([
    stepCart(request, signedIn, "gst"),
    // A failed search is shown beside the search box; the GSTIN form still works.
    q.length >= SEARCH_MIN ? attempt(request, () => searchEmployers(token, q)) : null,
    // One the registry does not know (an address edited by hand) shows the plain step; an outage, the step's error.
    asked.success ? withToken(request, token, (t) => noneIfNotFound(lookupGstin(t, asked.data))) : null,
    takenGstin.success
      ? withToken(request, token, (t) =>
          lookupGstin(t, takenGstin.data).then(
            () => null,
            (error: unknown) => {
              const found = membershipTaken(error);
              if (found === null) throw error;
              return found;
            },
          ),
        )
      : null,
  ]);
  const prefill = prefillOf(session);
  return data(
    {
      cart,
      confirm,
      taken,
      reached: firstUnfinishedStep(cart),
      q,
      results: search?.ok ? search.value : [],
      searchError: search && !search.ok ? search.error.message : null,
      prefillGstin: cart.company?.gstin ?? prefill.values.gstin ?? "",
      prefillError: prefill.errors.gstin ?? null,
      whatsapp: session.get("whatsapp") ?? false,
    },
    { headers },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  return stepAction(request, { step: "gst", schema }, async ({ value, token, session, save }) => {
    // The registry lookup is the API's: an unknown GSTIN is about the field, an outage about the page.
    const takenAt = (g: string) => seeOther(`${PATHS.checkout.gstDetails}?${new URLSearchParams({ taken: g })}`);
    if (value.intent === "request") {
      const sent = await attempt(request, () => requestAccess(token, value.gstin, value.name ?? ""));
      if (!sent.ok) return refusal(sent.error, "name");
      return takenAt(value.gstin);
    }
    if (value.intent === "gstin") {
      const found = await attempt(request, () => lookupGstin(token, value.gstin));
      if (!found.ok && membershipTaken(found.error)) return takenAt(value.gstin);
      if (!found.ok) return refusal(found.error, "gstin");
      return seeOther(`${PATHS.checkout.gstDetails}?${new URLSearchParams({ confirm: found.value.gstin })}`);
    }
    const saved = await save({ type: "company", item: { gstin: value.gstin } });
    if (!saved.ok && membershipTaken(saved.error)) return takenAt(value.gstin);
    if (!saved.ok) return refusal(saved.error, "gstin");
    trackEvent(request, session, "purchase_account_details_proceed", {
      state_code: saved.value.company?.state_code ?? "",
      via: value.intent === "select" ? "select" : "gstin",
    });
    return seeOther(nextPath("gst"));
  });
}

export default function GstDetails() {
  const { cart, confirm, taken, reached, q, results, searchError, prefillGstin, prefillError, whatsapp } =
    useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm({
    lastResult,
    defaultValue: { gstin: prefillGstin },
    ...browserValidation(schema),
  });
  return (
    <CheckoutShell step="gst" reached={reached} cart={cart}>
      <h1>Your company’s GSTIN</h1>
      <p className="muted">
        We need your GST registration to tax the membership correctly and to put your company’s name on the policy.
      </p>
      <WhatsappToggle enabled={whatsapp} returnTo={PATHS.checkout.gstDetails} />
      {taken ? <TakenCompany taken={taken} errors={fields.name.errors} /> : null}
      {confirm ? (
        <ConfirmCompany company={confirm} errors={[...(form.errors ?? []), ...(fields.gstin.errors ?? [])]} />
      ) : (
        <>
          {cart.company ? (
            <div className="notice notice--success verified-company">
              <strong>{cart.company.company_name}</strong>
              <span>
                {cart.company.gstin} · {cart.company.state_name} ·{" "}
                {cart.company.is_sez ? "SEZ unit: GST zero-rated" : "Not an SEZ unit"}
              </span>
              <Link className="button button--small" to={nextPath("gst")}>
                Continue with this company
              </Link>
            </div>
          ) : null}
          {prefillError ? <p className="notice notice--warning">{prefillError}</p> : null}
          <Form method="post" {...getFormProps(form)} noValidate>
            <ErrorSummary form={form} />
            <input type="hidden" name="intent" value="gstin" />
            <TextField
              meta={fields.gstin}
              label="GSTIN"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={20}
              placeholder="15 characters, state code first"
              hint="15 characters, as printed on your GST registration certificate."
            />
            {fields.gstin.errors?.length ? (
              // The way on from a GSTIN that will not do, beside its message (docs/product.md, GST details).
              <p className="field__next" data-testid="gstin-next">
                <a href="#company-search">Find your company by name</a> below, or{" "}
                <a href={PAGE_PATHS.contact}>contact us</a> and we will help.
              </p>
            ) : null}
            <SubmitButton pendingLabel="Verifying…" className="button button--block">
              {cart.company ? "Verify and use this GSTIN" : "Verify GSTIN"}
            </SubmitButton>
          </Form>

          <div className="divider">
            <span>or find your company by name</span>
          </div>
          <CompanySearch q={q} results={results} searchError={searchError} />
        </>
      )}
    </CheckoutShell>
  );
}

/**
 * A typed GSTIN's company, shown back before it is saved (docs/product.md, GST details): a wrong
 * digit can name a real but different company, and the name goes on the policy and the invoices.
 */
function ConfirmCompany({ company, errors }: { company: Company; errors: string[] }) {
  return (
    <section className="card confirm-company" aria-labelledby="confirm-company-title">
      <h2 id="confirm-company-title">Is this your company?</h2>
      <FormErrors errors={errors} />
      <p className="confirm-company__name">
        <strong>{company.company_name}</strong>
      </p>
      <dl className="confirm-company__facts">
        <dt>State</dt>
        <dd>{company.state_name}</dd>
        <dt>GSTIN</dt>
        <dd>{company.gstin}</dd>
        {company.is_sez ? (
          <>
            <dt>SEZ unit</dt>
            <dd>GST zero-rated</dd>
          </>
        ) : null}
        {company.sample ? (
          <>
            <dt>Sample data</dt>
            <dd>A made-up company for tests and demos, not a registered one</dd>
          </>
        ) : null}
      </dl>
      <Form method="post" className="actions">
        <input type="hidden" name="intent" value="confirm" />
        <input type="hidden" name="gstin" value={company.gstin} />
        <SubmitButton pendingLabel="Saving…">Yes, this is my company</SubmitButton>
        <Link to={PATHS.checkout.gstDetails} className="button button--ghost">
          No, enter another GSTIN
        </Link>
      </Form>
    </section>
  );
}

type Company = ReturnType<typeof useLoaderData<typeof loader>>["results"][number];

/**
 * Find the company by name (docs/product.md, GST details). Without script: a GET search form whose
 * results are buttons that post the chosen GSTIN. With script: results as the admin types (after
 * SEARCH_MIN characters, debounced; a fetcher shows only the answer to its latest request) in a
 * listbox chosen with the arrow keys and Enter, or by click.
 */
function CompanySearch({ q, results, searchError }: { q: string; results: Company[]; searchError: string | null }) {
  const fetcher = useFetcher<typeof loader>();
  const submit = useSubmit();
  const [text, setText] = useState(q);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const timer = useRef<number>();
  useEffect(() => () => clearTimeout(timer.current), []);
  const typed = text.trim();
  const live = open && typed.length >= SEARCH_MIN && fetcher.data?.q === typed ? fetcher.data : null;
  const options = live?.results ?? [];

  const search = (value: string) => {
    setText(value);
    setActive(-1);
    setOpen(true);
    clearTimeout(timer.current);
    const query = value.trim();
    if (query.length < SEARCH_MIN) return;
    timer.current = window.setTimeout(
      () => fetcher.load(`${PATHS.checkout.gstDetails}?q=${encodeURIComponent(query)}`),
      SEARCH_DELAY_MS,
    );
  };
  const choose = (company: Company) => {
    setOpen(false);
    submit({ intent: "select", gstin: company.gstin }, { method: "post" });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (!options.length) return;
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActive((i) => (i + step + options.length) % options.length);
    } else if (event.key === "Enter" && active >= 0) {
      event.preventDefault();
      choose(options[active]!);
    } else if (event.key === "Escape") {
      setOpen(false);
    }
  };

  return (
    <>
      <Form method="get" className="search-form" role="search" onSubmit={() => setOpen(false)}>
        <label htmlFor="company-search" className="label">
          Company name
        </label>
        <div className="search-form__row">
          <input
            id="company-search"
            className="input"
            type="search"
            name="q"
            value={text}
            onChange={(event) => search(event.target.value)}
            onKeyDown={onKeyDown}
            minLength={SEARCH_MIN}
            maxLength={80}
            placeholder="e.g. Fernleaf"
            autoComplete="off"
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={options.length > 0}
            aria-controls="company-options"
            aria-activedescendant={active >= 0 ? `company-option-${active}` : undefined}
          />
          <button type="submit" className="button button--ghost">
            Search
          </button>
        </div>
        <ul
          id="company-options"
          role="listbox"
          aria-label="Companies found"
          className="search-results search-results--live"
          hidden={!options.length}
        >
          {options.map((company, i) => (
            // The keyboard drives the listbox from the search field (aria-activedescendant, arrows and Enter);
            // a click on an option is the mouse's way to the same choice.
            // eslint-disable-next-line jsx-a11y/click-events-have-key-events
            <li
              key={company.gstin}
              id={`company-option-${i}`}
              role="option"
              aria-selected={i === active}
              className={`search-result${i === active ? " search-result--active" : ""}`}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(company)}
            >
              <strong>{company.company_name}</strong>
              <span className="muted small">
                {company.gstin} · {company.state_name}
                {company.is_sez ? " · SEZ" : ""}
              </span>
            </li>
          ))}
        </ul>
        {live && !live.searchError && !options.length ? (
          <p className="muted" role="status">
            No company matches “{typed}”.
          </p>
        ) : null}
      </Form>
      {searchError ? <p className="form-error">{searchError}</p> : null}
      {q.length >= SEARCH_MIN && !searchError && !live ? (
        results.length ? (
          <Form method="post" className="search-results" aria-label="Search results">
            <input type="hidden" name="intent" value="select" />
            <ul>
              {results.map((company) => (
                <li key={company.gstin}>
                  <button type="submit" name="gstin" value={company.gstin} className="search-result">
                    <strong>{company.company_name}</strong>
                    <span className="muted small">
                      {company.gstin} · {company.state_name}
                      {company.is_sez ? " · SEZ" : ""}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          </Form>
        ) : (
          <p className="muted">No company matches “{q}”. Check the spelling, or enter your GSTIN above.</p>
        )
      ) : null}
    </>
  );
}

export { StepErrorBoundary as ErrorBoundary } from "~/components/step-error";

/**
 * The company already holds a membership: who can add the buyer, and a request to them (docs/product.md,
 * One membership per company). A real form, so it works without script.
 */
function TakenCompany({ taken, errors }: { taken: MembershipTaken; errors?: string[] }) {
  return (
    <section className="notice notice--warning" aria-labelledby="taken-heading" data-testid="membership-taken">
      <h2 id="taken-heading">{taken.message}</h2>
      {taken.you_have_access ? (
        <Link className="button button--small" to={PATHS.membership}>
          Open the membership
        </Link>
      ) : taken.requested ? (
        <p role="status">
          We have asked the admin, {taken.owner_mobile}, to add you. You will get a text message when they answer.
        </p>
      ) : (
        <Form method="post" noValidate>
          <input type="hidden" name="intent" value="request" />
          <input type="hidden" name="gstin" value={taken.gstin} />
          <div className="field">
            <label htmlFor="request-name">Your name</label>
            <input
              id="request-name"
              className="input"
              name="name"
              autoComplete="name"
              maxLength={80}
              aria-invalid={errors?.length ? true : undefined}
              aria-describedby="request-name-error"
            />
            <FieldErrors id="request-name-error" errors={errors} />
          </div>
          <SubmitButton pendingLabel="Asking…">Ask the admin to add you</SubmitButton>
        </Form>
      )}
    </section>
  );
}
