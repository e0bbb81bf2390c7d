import { describeSumInsured } from "~/content/cover";
import type { Cart } from "~/upstream/employer.server";
import { formatDate } from "~/utils/dates";
import { formatCount, formatPaise } from "~/utils/money";

type CartPlan = NonNullable<Cart["plan"]>;
type CartPeople = NonNullable<Cart["people"]>;

/**
 * The review's statement of what is bought, line by line (docs/product.md, Review): the plan and sum
 * insured with who underwrites it, each benefit with its price per member, the people by band as
 * employees and lives covered, and the cover's dates. The bills (premium, GST lines, total) follow.
 */
export function PlanLines({ plan }: { plan: CartPlan }) {
  return (
    <section className="review-part" aria-labelledby="review-plan">
      <h2 id="review-plan" className="review-part__title">
        Plan
      </h2>
      <dl className="bill">
        <div>
          <dt>{plan.name}</dt>
          <dd>{describeSumInsured(plan.sum_insured_inr, plan.sum_insured_basis)}</dd>
        </div>
      </dl>
      <p>
        <span className="underwriter small muted">{plan.underwriting.line}</span>
      </p>
      <table className="review-table">
        <caption>Benefits, per member per month</caption>
        <tbody>
          {plan.coverages.map((c) => (
            <tr key={c.id}>
              <th scope="row">{c.name}</th>
              <td className="num">{c.is_required ? "Included" : formatPaise(c.monthly_paise)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

export function PeopleLines({ people }: { people: CartPeople }) {
  return (
    <section className="review-part" aria-labelledby="review-people">
      <h2 id="review-people" className="review-part__title">
        People covered
      </h2>
      <table className="review-table">
        <thead>
          <tr>
            <th scope="col">Age band and cover</th>
            <th scope="col" className="num">
              Employees
            </th>
            <th scope="col" className="num">
              Lives covered
            </th>
          </tr>
        </thead>
        <tbody>
          {people.rows.map((r) => (
            <tr key={`${r.band}-${r.range}`}>
              <th scope="row">
                {r.band_label} · {r.range}: {r.range_label}
              </th>
              <td className="num">{formatCount(r.count)}</td>
              <td className="num">{formatCount(r.lives)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">Total</th>
            <td className="num">{formatCount(people.total)}</td>
            <td className="num">{formatCount(people.lives)}</td>
          </tr>
        </tfoot>
      </table>
    </section>
  );
}

/** The cover a payment today buys: from the day of payment for a year. */
export function CoverDates({ cover }: { cover: NonNullable<Cart["cover"]> }) {
  return (
    <p>
      Cover starts on <strong>{formatDate(cover.start_date)}</strong> (the day you pay) and ends on{" "}
      <strong>{formatDate(cover.end_date)}</strong>.
    </p>
  );
}
