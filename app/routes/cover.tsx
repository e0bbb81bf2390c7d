import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { asEmployee, requireEmployee } from "~/cover/session.server";
import { claimPath, memberECardPath } from "~/cover/paths";
import { RELATIONSHIP_WORDS, STATUS_BADGES, STATUS_LABELS, kindLabel } from "~/cover/words";
import { getEmployeeCover } from "~/upstream/claims.server";
import { TableScroll } from "~/components/table-scroll";
import { PATHS } from "~/routing/paths";
import { seoMeta } from "~/content/seo";
import { formatDate, formatShortDate } from "~/utils/dates";
import { formatPaise, formatRupees } from "~/utils/money";

export const handle = { hydrate: true };

export const meta: MetaFunction = ({ matches }) =>
  seoMeta(
    {
      title: "Your health cover",
      description: "Your family’s health cover through your employer: members, sum insured, e-cards and claims.",
      path: PATHS.cover.home,
    },
    matches,
  );

export const headers = () => ({ "Cache-Control": "no-store" });

/** The employee's family, their cover and claims: theirs alone (docs/product.md, Claims). */
export async function loader({ request }: LoaderFunctionArgs) {
  const { token, headers } = await requireEmployee(request);
  const cover = await asEmployee(request, () => getEmployeeCover(token));
  return data({ cover }, { headers });
}

export default function CoverPage() {
  const { cover } = useLoaderData<typeof loader>();
  const { policy, sum_insured: si } = cover;
  const names = new Map(cover.members.map((m) => [m.member_id, m.full_name]));
  return (
    <div className="container membership cover">
      <header className="membership__head">
        <p className="muted small">Your health cover through {policy.policyholder}</p>
        <h1>{cover.employee.full_name}</h1>
        <p className="muted">
          Policy {policy.policy_number} with {policy.insurer}, {formatDate(policy.period.from)} to{" "}
          {formatDate(policy.period.to)}
        </p>
      </header>

      <div className="membership__grid">
        <section className="card" aria-labelledby="sum-insured">
          <h2 id="sum-insured">Sum insured</h2>
          <p className="cover__left">
            <strong>{formatPaise(si.left_paise)}</strong> left of {formatRupees(policy.sum_insured_inr)}
          </p>
          <p className="small muted">
            One amount a policy year for everyone below together (family floater), {policy.plan_name}.
          </p>
          <dl className="info-list">
            <div>
              <dt>Paid in claims</dt>
              <dd>{formatPaise(si.paid_paise)}</dd>
            </div>
            <div>
              <dt>Held for approved stays</dt>
              <dd>{formatPaise(si.held_paise)}</dd>
            </div>
          </dl>
        </section>

        <section className="card" aria-labelledby="claim-help">
          <h2 id="claim-help">Need treatment?</h2>
          <ul className="plain-list stack">
            <li>
              <a href={PATHS.hospitals}>Find a network hospital</a>: cashless treatment there.
            </li>
            <li>
              <a href={PATHS.cover.cashless}>Tell the TPA about an admission</a> (cashless): 48 hours before a planned
              one, within 24 hours of an emergency.
            </li>
            <li>
              <a href={PATHS.cover.reimbursement}>Claim back a bill you paid</a> (reimbursement), within 30 days.
            </li>
          </ul>
          <p className="small muted">
            {policy.tpa.name}, 24-hour helpline {policy.tpa.cashless_helpline}
            {policy.sample ? " (sample TPA)" : ""}.
          </p>
        </section>
      </div>

      <section className="card" aria-labelledby="family">
        <h2 id="family">Who is covered</h2>
        <TableScroll label="Who is covered">
          {/* A card per member on a phone: "Rahul Nair · Spouse · 2 Jun 2025 to 1 Jun 2026 · E-card (PDF)". */}
          <table className="stack-table">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Relationship</th>
                <th scope="col">Covered</th>
                <th scope="col">E-card</th>
              </tr>
            </thead>
            <tbody>
              {cover.members.map((m) => (
                <tr key={m.member_id}>
                  <td>{m.full_name}</td>
                  <td data-joiner="·">{RELATIONSHIP_WORDS[m.relationship]}</td>
                  <td data-joiner="·">
                    {formatShortDate(m.covered_from)} to {formatShortDate(m.covered_to)}
                  </td>
                  <td data-joiner="·">
                    <a href={memberECardPath(m.member_id)} download>
                      E-card<span className="visually-hidden"> of {m.full_name}</span> (PDF)
                    </a>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
        <p>
          <a className="button button--ghost" href={PATHS.cover.eCardsPdf} download>
            Download all e-cards (PDF)
          </a>
        </p>
      </section>

      <section className="card" aria-labelledby="claims">
        <h2 id="claims">Your claims</h2>
        {cover.claims.length === 0 ? (
          <p className="muted">No claims yet.</p>
        ) : (
          <ul className="plain-list cover__claims">
            {cover.claims.map((c) => (
              <li key={c.claim_id}>
                <a href={claimPath(c.claim_id)}>{c.claim_id}</a>{" "}
                <span className={`badge ${STATUS_BADGES[c.status]}`}>{STATUS_LABELS[c.status]}</span>
                <br />
                <span className="small">
                  {kindLabel(c)}: {names.get(c.member_id) ?? "A family member"}, {c.hospital_name},{" "}
                  {formatShortDate(c.treatment_from)}
                  {c.paid_paise !== null && c.status === "settled" ? `; ${formatPaise(c.paid_paise)} paid` : ""}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>

      <Form method="post" action={PATHS.cover.logout} reloadDocument>
        <button type="submit" className="link-button">
          Sign out of your cover
        </button>
      </Form>
    </div>
  );
}
