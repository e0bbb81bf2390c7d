import { Link } from "@remix-run/react";
import type { Cart, Quote } from "~/upstream/employer.server";
import { DEFAULT_BILLING } from "~/config/constants";
import { PATHS } from "~/routing/paths";
import { formatCount, formatPaise, formatRupees } from "~/utils/money";

/** The membership so far: company, plan, coverages, people and the price as it stands. */
export function OrderSummary({ cart, live }: { cart: Cart; live?: Quote | null }) {
  const { company, plan, people, billing } = cart;
  // On a step whose price follows what is typed (live), the summary says that price, or, while the
  // numbers have none, nothing about a price at all: never "appears once…" beside a shown total.
  const quote = live !== undefined ? live : cart.quote;
  const members = live ? live.members : people?.total;
  // The billing the review shows chosen. Both totals are in the page: where a billing radio sits
  // beside the summary, CSS shows the one that is ticked, with or without script
  // (docs/product.md, Review).
  const shown = billing?.policy ?? DEFAULT_BILLING;
  return (
    <div className="summary">
      <h2 className="summary__title">Membership summary</h2>
      <dl className="summary__list">
        {company ? (
          <div>
            <dt>Company</dt>
            <dd>
              {company.company_name}
              <span className="muted small">
                {" "}
                · {company.gstin}
                {company.is_sez ? " · SEZ unit" : ""}
              </span>
            </dd>
          </div>
        ) : null}
        {plan ? (
          <div>
            <dt>Plan</dt>
            <dd>
              {plan.name} · {formatRupees(plan.sum_insured_inr)} cover
              <span className="muted small"> · {plan.coverages.map((c) => c.name).join(", ")}</span>
            </dd>
          </div>
        ) : null}
        {members !== undefined ? (
          <div>
            <dt>Employees</dt>
            <dd>{formatCount(members)}</dd>
          </div>
        ) : null}
      </dl>
      {quote ? (
        (["monthly", "yearly"] as const).map((policy) => (
          <div
            key={policy}
            className="summary__total"
            data-policy={policy}
            data-shown={policy === shown ? "" : undefined}
          >
            {/* A supply to an SEZ unit is zero-rated: its total carries no GST to be "incl." (docs/product.md, Review). */}
            <span>
              {policy === "yearly" ? "Per year" : "Per month"}, {company?.is_sez ? "no GST (SEZ unit)" : "incl. GST"}
            </span>
            <strong>{formatPaise(quote[policy].total_paise)}</strong>
          </div>
        ))
      ) : live === undefined ? (
        <p className="muted small">Your price appears once you have chosen a plan and added people.</p>
      ) : (
        <p className="muted small">The price of your numbers shows on this step.</p>
      )}
    </div>
  );
}

/** Side summary on wide screens; below 800 px a link to the summary page replaces it (CSS only). */
export function SummaryAside({ cart, live }: { cart: Cart; live?: Quote | null }) {
  return (
    <>
      <aside className="checkout-aside card" aria-label="Membership summary">
        <OrderSummary cart={cart} live={live} />
      </aside>
      <p className="summary-link">
        <Link to={PATHS.checkout.summary}>View membership summary</Link>
      </p>
    </>
  );
}
