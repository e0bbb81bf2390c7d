import type { Membership } from "~/upstream/membership.server";
import { PATHS } from "~/routing/paths";
import { formatDate, formatShortDate } from "~/utils/dates";
import { formatPaise } from "~/utils/money";
import { Row } from "./info-row";

const SCHEDULE_STATUS = { paid: "Paid", scheduled: "Scheduled", cancelled: "Cancelled: not charged" } as const;

/** How the membership is paid: once, or monthly by mandate with its schedule and how to cancel it. */
export function Billing({ m }: { m: Membership }) {
  const b = m.billing;
  return (
    <section className="card" aria-labelledby="billing">
      <h2 id="billing">Billing</h2>
      {b.policy === "yearly" ? (
        <dl className="info-list">
          <Row label="Billing">Yearly, paid in full</Row>
          <Row label="Amount">{`${formatPaise(b.amount_paise)} including GST`}</Row>
          {m.current_period ? (
            <Row label="Period paid">{`${formatDate(m.current_period.from)} to ${formatDate(m.current_period.to)}`}</Row>
          ) : null}
          <Row label="Next payment">
            None this year: renewal is offered before{" "}
            {m.cover_end_date ? formatDate(m.cover_end_date) : "the year ends"}.
          </Row>
        </dl>
      ) : (
        <>
          {b.mandate?.cancelled ? (
            <div className="notice notice--warning" role="status">
              <p>
                <strong>The mandate was cancelled on {formatDate(b.mandate.cancelled.cancelled_on)}.</strong> Your
                team’s cover ends on {formatDate(b.mandate.cancelled.cover_ends_on)}, the end of the last month paid.{" "}
                <a href={PATHS.mandateCancel}>What this means</a>
              </p>
            </div>
          ) : null}
          <dl className="info-list">
            <Row label="Billing">{`Monthly, ${formatPaise(b.amount_paise)} a month including GST`}</Row>
            {b.mandate ? <Row label="Method">{b.mandate.description}</Row> : null}
            {b.next_charge ? (
              <Row label="Next charge">{`${formatPaise(b.next_charge.amount_paise)} on ${formatDate(b.next_charge.date)}`}</Row>
            ) : null}
            {b.mandate && !b.mandate.cancelled ? (
              <>
                <Row label="Before each charge">{`A notice at least ${b.mandate.pre_debit_notice_hours} hours before.`}</Row>
                <Row label="To cancel">{b.mandate.how_to_cancel}</Row>
              </>
            ) : null}
          </dl>
          {b.mandate && !b.mandate.cancelled ? (
            <p>
              <a className="button button--ghost" href={PATHS.mandateCancel}>
                Cancel the mandate
              </a>
            </p>
          ) : null}
          {b.schedule.length > 0 ? (
            <>
              <h3>Payment schedule</h3>
              <div className="table-scroll">
                <table className="stack-table">
                  <thead>
                    <tr>
                      <th scope="col">Month</th>
                      <th scope="col">Date</th>
                      <th scope="col" className="num">
                        Amount
                      </th>
                      <th scope="col">Status</th>
                    </tr>
                  </thead>
                  <tbody>
                    {b.schedule.map((s) => (
                      <tr key={s.number}>
                        <td data-joiner="Month">{s.number}</td>
                        <td className="nowrap" data-joiner="·">
                          {formatShortDate(s.date)}
                        </td>
                        <td className="num" data-joiner="·">
                          {formatPaise(s.amount_paise)}
                        </td>
                        <td data-joiner="·">{SCHEDULE_STATUS[s.status]}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </>
          ) : null}
        </>
      )}
    </section>
  );
}
