import type { ClaimsSummary } from "~/upstream/claims.server";
import { PATHS } from "~/routing/paths";
import { formatCount, formatPaise } from "~/utils/money";
import { STATUS_LABELS } from "~/cover/words";

/**
 * The admin's view of claims (docs/product.md, Claims; decision 0046): counts, states and amounts, and
 * the claims ratio a renewal is priced on. No name, diagnosis or document: the employer has no need for
 * an employee's health data (DPDP Act), and the API sends none.
 */
export function ClaimsSummaryCard({ summary: s }: { summary: ClaimsSummary }) {
  return (
    <section className="card" aria-labelledby="claims-summary">
      <h2 id="claims-summary">Claims</h2>
      {s.count === 0 ? (
        <p className="muted">No claims yet.</p>
      ) : (
        <div className="table-scroll">
          <table className="stack-table">
            <thead>
              <tr>
                <th scope="col">Status</th>
                <th scope="col" className="num">
                  Claims
                </th>
                <th scope="col" className="num">
                  Claimed
                </th>
                <th scope="col" className="num">
                  Paid
                </th>
              </tr>
            </thead>
            <tbody>
              {s.by_status.map((b) => (
                <tr key={b.status}>
                  <td>{STATUS_LABELS[b.status]}</td>
                  <td className="num" data-joiner="·" data-suffix="claims">
                    {formatCount(b.count)}
                  </td>
                  <td className="num" data-joiner="·" data-suffix="claimed">
                    {formatPaise(b.claimed_paise)}
                  </td>
                  <td className="num" data-joiner="·" data-suffix="paid">
                    {formatPaise(b.paid_paise)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <dl className="info-list">
        <div>
          <dt>Claims ratio so far</dt>
          <dd>
            {s.claims_ratio_pct === null ? "Not yet known" : `${s.claims_ratio_pct}%`}
            <span className="small muted">
              {" "}
              ({formatPaise(s.paid_paise)} paid against {formatPaise(s.premium_paise)} of premium, without GST)
            </span>
          </dd>
        </div>
      </dl>
      {s.leavers_with_paid_claims.length > 0 ? (
        <p className="small">
          A claim was paid this policy year for the family of{" "}
          {s.leavers_with_paid_claims.map((code) => `employee ${code}`).join(", ")}, who left. Many group policies
          refund no premium for a member once a claim is paid for them: check this beside their removal’s refund.
        </p>
      ) : null}
      <p className="small muted">
        You see how many claims, their state and amounts, never who claimed for what: an employee’s health data is
        theirs (Digital Personal Data Protection Act, 2023). Employees follow their own claims at{" "}
        <a href={PATHS.cover.home}>{PATHS.cover.home}</a>. {s.sample ? s.note : null}
      </p>
    </section>
  );
}
