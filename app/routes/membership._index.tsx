import { describeSumInsured } from "~/content/cover";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { getCart } from "~/upstream/employer.server";
import { getChangesStatement, getMembership } from "~/upstream/membership.server";
import { getCorrections } from "~/upstream/members.server";
import { requireToken, withToken } from "~/session/signed-in.server";
import { ApiError, refusalOr } from "~/upstream/http.server";
import { firstUnfinishedStep, pathOf } from "~/checkout/steps";
import { TableScroll } from "~/components/table-scroll";
import { FamilyCover } from "~/components/family-cover";
import { PATHS } from "~/routing/paths";
import { invoicePath, invoicePdfPath } from "~/routing/membership-paths";
import { seoMeta } from "~/content/seo";
import { COVER_COUNTS } from "~/content/cover";
import { AfterPayment } from "~/membership/home/after-payment";
import { Billing } from "~/membership/home/billing";
import { Row } from "~/membership/home/info-row";
import { Statement } from "~/membership/home/statement";
import { DepositSummary } from "~/membership/deposit/deposit-summary";
import { ClaimsSummaryCard } from "~/membership/home/claims";
import { getClaimsSummary } from "~/upstream/claims.server";
import { RenewalNotice } from "~/membership/renewal/renewal-notice";
import { formatDate, formatShortDate } from "~/utils/dates";
import { formatCount, formatPaise } from "~/utils/money";

export const meta: MetaFunction = ({ matches }) =>
  seoMeta(
    {
      title: "Your membership",
      description: "Your team’s Kavach membership: cover, members, billing and invoices.",
      path: PATHS.membership,
    },
    matches,
  );

/**
 * The spec's logged-in home (LG = 1, dashBoardAccess): what a paid admin bought. An admin with no
 * paid or pending order has nothing to show here and is led to the first unfinished step.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { token, headers } = await requireToken(request);
  // Both read beside each other: one upstream round trip for the page (decision 0024).
  const [membership, statement, claims, corrections] = await Promise.all([
    withToken(request, token, getMembership),
    // A role without members (finance) is refused the statement: the page goes on without it.
    withToken(request, token, (t) => refusalOr([403], getChangesStatement(t))),
    withToken(request, token, getClaimsSummary),
    withToken(request, token, (t) => refusalOr([403], getCorrections(t))),
  ]);
  if (membership === null) {
    const cart = await withToken(request, token, getCart);
    throw redirect(pathOf(firstUnfinishedStep(cart)), { headers });
  }
  // Only a paid membership has changes to list.
  const changes = membership.status === "paid" && !(statement instanceof ApiError) ? statement : null;
  return data(
    {
      membership,
      changes,
      claims: membership.status === "paid" ? claims : null,
      corrections:
        membership.status === "paid" && !(corrections instanceof ApiError) ? (corrections?.corrections ?? []) : [],
    },
    { headers },
  );
}

const ROLE_LABELS = { owner: "owner", admin: "admin", hr: "HR", finance: "finance" } as const;

export default function MembershipPage() {
  const { membership: m, changes, claims, corrections } = useLoaderData<typeof loader>();
  // What the admin's role allows (decision 0052); the API refuses the rest whatever the page shows.
  const mayPay = m.you === undefined || m.you.abilities.includes("pay");
  // Per band and family cover, the places bought at purchase and during the year, and those covered now
  // (less leavers), as the census counts them (docs/product.md, Changes during the year: the statement).
  const coveredNow = new Map(changes?.covered.map((c) => [`${c.band}|${c.range}`, c.employees]));
  const bought = new Map(changes?.covered.map((c) => [`${c.band}|${c.range}`, c.employees_bought]));
  const active = m.status === "paid";
  // Read from the cover's end date by the upstream, the one place that says so (docs/product.md, Renewal).
  const ended = m.cover_status === "ended";
  return (
    <div className="container membership">
      <header className="membership__head">
        <p className="muted small">Your membership</p>
        <h1>{m.company?.company_name ?? "Your team’s cover"}</h1>
        <p>
          <span className={`badge ${ended ? "badge--ended" : active ? "badge--success" : "badge--pending"}`}>
            {ended ? "Ended" : active ? "Active" : "Payment being confirmed"}
          </span>{" "}
          {ended && m.cover_end_date ? (
            <span className="muted">on {formatDate(m.cover_end_date)}</span>
          ) : active && m.start_date ? (
            <span className="muted">since {formatDate(m.start_date)}</span>
          ) : null}
        </p>
        {m.you ? (
          <p className="muted small" data-testid="your-role">
            You: {m.you.name}, {ROLE_LABELS[m.you.role]}.{" "}
            {m.you.role === "owner" ? <a href={PATHS.membershipTeam}>Your team and access requests</a> : null}
          </p>
        ) : null}
      </header>

      {m.refunds_due.length > 0 ? (
        <div className="notice notice--warning" role="status">
          <p>
            <strong>{m.refunds_due.length === 1 ? "A payment will be refunded." : "Payments will be refunded."}</strong>{" "}
            We received{" "}
            {m.refunds_due
              .map(
                (r) =>
                  `${formatPaise(r.amount_paise)} (${r.payment_id}) ${r.change_id === null ? "for an order that could no longer be used" : "for an addition to your team that could not be made"}`,
              )
              .join("; ")}
            . {m.refunds_due.length === 1 ? "It" : "Each"} bought nothing and is recorded for a refund to the account or
            card it came from. Questions: <a href={`mailto:${m.support.email}`}>{m.support.email}</a>.
          </p>
        </div>
      ) : null}
      {!active ? (
        <div className="notice" role="status">
          <p>
            Your bank is confirming the payment. Cover starts, and your tax invoice is issued, once it is confirmed;
            there is no need to pay again.
          </p>
        </div>
      ) : null}

      {active ? <RenewalNotice m={m} /> : null}
      {active ? <AfterPayment m={m} /> : null}

      <div className="membership__grid">
        <section className="card" aria-labelledby="cover">
          <h2 id="cover">Cover</h2>
          <dl className="info-list">
            {m.plan ? <Row label="Plan">{m.plan.name}</Row> : null}
            {m.plan ? (
              <Row label="Sum insured">{describeSumInsured(m.plan.sum_insured_inr, m.plan.sum_insured_basis)}</Row>
            ) : null}
            <Row label="Benefits">
              <ul className="plain-list">
                {m.benefits.map((b) => (
                  <li key={b.id}>{b.name}</li>
                ))}
              </ul>
            </Row>
            {m.census ? (
              <>
                <Row label={COVER_COUNTS.employees}>{formatCount(m.census.employees_bought)}</Row>
                <Row label={COVER_COUNTS.lives}>{formatCount(m.census.lives_bought)}</Row>
              </>
            ) : m.members !== null ? (
              <Row label={COVER_COUNTS.employees}>{formatCount(m.members)}</Row>
            ) : null}
            {m.policy ? (
              <Row label="Policy">
                {m.policy.policy_number} · <a href={PATHS.certificatePdf}>Certificate of insurance (PDF)</a>
              </Row>
            ) : null}
            <Row label="Start date">{m.start_date ? formatDate(m.start_date) : "When the payment is confirmed"}</Row>
            {m.cover_end_date ? (
              <Row label={m.billing.mandate?.cancelled ? "Cover ends" : "Cover term"}>
                {`${formatDate(m.start_date!)} to ${formatDate(m.cover_end_date)}`}
              </Row>
            ) : null}
          </dl>
        </section>

        <section className="card" aria-labelledby="company">
          <h2 id="company">Company</h2>
          <dl className="info-list">
            {m.company ? (
              <>
                <Row label="Name">{m.company.company_name}</Row>
                <Row label="GSTIN">{m.company.gstin}</Row>
                <Row label="Address">{m.company.address}</Row>
                <Row label="State">{`${m.company.state_name} (${m.company.state_code})${m.company.is_sez ? ", SEZ unit" : ""}`}</Row>
              </>
            ) : null}
            {m.admin ? <Row label="Admin">{`${m.admin.name}, ${m.admin.email}`}</Row> : null}
          </dl>
        </section>
      </div>

      <section className="card" aria-labelledby="members">
        <h2 id="members">Members by age band and family cover</h2>
        <TableScroll label="Members by age band and family cover">
          {/* A card per row on a phone: "18–35 years · 1A: Employee only · 3 bought · 2 covered now". */}
          <table className="stack-table">
            <thead>
              <tr>
                <th scope="col">Age band</th>
                <th scope="col">Family cover</th>
                <th scope="col" className="num">
                  {COVER_COUNTS.employees}
                </th>
                {changes ? (
                  <th scope="col" className="num">
                    Covered now
                  </th>
                ) : null}
              </tr>
            </thead>
            <tbody>
              {m.people.map((p) => (
                <tr key={`${p.band}|${p.range}`}>
                  <td>{p.band_label}</td>
                  <td data-joiner="·">
                    <FamilyCover range={{ code: p.range, label: p.range_label }} />
                  </td>
                  <td className="num" data-joiner="·" data-suffix={changes ? "bought" : "employees"}>
                    {formatCount(bought.get(`${p.band}|${p.range}`) ?? p.count)}
                  </td>
                  {changes ? (
                    <td className="num" data-joiner="·" data-suffix="covered now">
                      {formatCount(coveredNow.get(`${p.band}|${p.range}`) ?? p.count)}
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
            {m.members !== null ? (
              <tfoot>
                <tr>
                  <th scope="row" colSpan={2}>
                    Total
                  </th>
                  <td className="num" data-joiner="·" data-suffix={changes ? "bought" : "employees"}>
                    {formatCount(changes ? changes.covered.reduce((sum, c) => sum + c.employees_bought, 0) : m.members)}
                  </td>
                  {changes ? (
                    <td className="num" data-joiner="·" data-suffix="covered now">
                      {formatCount(changes.covered.reduce((sum, c) => sum + c.employees, 0))}
                    </td>
                  ) : null}
                </tr>
              </tfoot>
            ) : null}
          </table>
        </TableScroll>
        {/* Changes are for a named team (docs/product.md, Changes during the year). */}
        {active && m.census?.complete ? (
          <p>
            <a href={PATHS.changes}>Add a joiner, remove a leaver or add a family member</a>
          </p>
        ) : active ? (
          <p>
            Joiners, leavers and family events are added once your team is named.{" "}
            <a href={PATHS.members}>Name your team</a>
          </p>
        ) : null}
      </section>

      {claims ? <ClaimsSummaryCard summary={claims} /> : null}

      <Billing m={m} />

      {changes ? (
        <DepositSummary deposit={changes.deposit} manage={mayPay} />
      ) : mayPay ? (
        <p>
          <a href={PATHS.deposit}>Your cash deposit with the insurer: its ledger, top-up and withdrawal</a>
        </p>
      ) : null}

      {changes && (changes.statement.length > 0 || corrections.length > 0) ? (
        <Statement
          changes={changes.statement}
          corrections={corrections}
          paidClaimsFor={claims?.leavers_with_paid_claims ?? []}
        />
      ) : null}

      <section className="card" aria-labelledby="invoices">
        <h2 id="invoices">Tax invoices</h2>
        {m.invoices.length === 0 ? (
          <p className="muted">Your GST tax invoice is issued when the payment is confirmed.</p>
        ) : (
          <div className="table-scroll">
            <table className="stack-table">
              <thead>
                <tr>
                  <th scope="col">Invoice</th>
                  <th scope="col">Issued by, for</th>
                  <th scope="col">Date</th>
                  <th scope="col" className="num">
                    Amount
                  </th>
                  <th scope="col">
                    <span className="visually-hidden">Download</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {m.invoices.map((i) => (
                  <tr key={i.id}>
                    <td className="nowrap">
                      <a href={invoicePath(i.id)}>{i.number}</a>
                    </td>
                    {/* Each supplier invoices its own supply (docs/decisions/0047). */}
                    <td data-joiner="·">
                      {i.supplier ?? "Kavach Health Benefits Private Limited"}
                      {i.document_for ? <span className="muted small">: {i.document_for}</span> : null}
                    </td>
                    <td className="nowrap" data-joiner="·">
                      {formatShortDate(i.date)}
                    </td>
                    <td className="num" data-joiner="·">
                      {formatPaise(i.total_paise)}
                    </td>
                    <td data-joiner="·">
                      <a href={invoicePdfPath(i.id)} download>
                        Download PDF<span className="visually-hidden"> of invoice {i.number}</span>
                      </a>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <section className="card" aria-labelledby="references">
        <h2 id="references">References</h2>
        <dl className="info-list">
          <Row label="Status">{active ? "Paid" : "Payment pending"}</Row>
          <Row label="Order">{m.order.order_id}</Row>
          {m.order.payment_id ? <Row label="Payment">{m.order.payment_id}</Row> : null}
          <Row label="Receipt">{m.order.receipt}</Row>
          <Row label="Amount paid">{formatPaise(m.order.amount_paise)}</Row>
          <Row label="Help">
            <a href={`mailto:${m.support.email}`}>{m.support.email}</a> · {m.support.phone}
          </Row>
        </dl>
      </section>
    </div>
  );
}
