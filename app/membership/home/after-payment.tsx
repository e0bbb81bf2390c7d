import type { Membership } from "~/upstream/membership.server";
import { formatDate } from "~/utils/dates";
import { afterPaymentTasks } from "./tasks";

/** What comes after payment, as GOV.UK's task list: name the team, then the policy and e-cards. */
export function AfterPayment({ m }: { m: Membership }) {
  const tasks = afterPaymentTasks(m.census, m.policy !== null);
  return (
    <section className="card" aria-labelledby="next-steps">
      <h2 id="next-steps">
        {m.cover_status === "ended" && m.cover_end_date
          ? `Your cover ended on ${formatDate(m.cover_end_date)}`
          : m.policy
            ? "Your cover is in place"
            : "What happens next"}
      </h2>
      {m.policy ? null : (
        <p className="muted">
          Name the people your cover was bought for: the insurer then issues the policy and e-cards.
        </p>
      )}
      <ul className="task-list">
        {tasks.map((t) => (
          <li key={t.id} className="task-list__item">
            <div className="task-list__name">
              {t.state === "cannot_start" ? (
                <span>{t.title}</span>
              ) : (
                <a href={t.href} aria-describedby={`task-${t.id}-status`}>
                  {t.title}
                </a>
              )}
              <p className="muted small">{t.hint}</p>
            </div>
            <strong id={`task-${t.id}-status`} className={`task-list__status task-list__status--${t.state}`}>
              {t.status}
            </strong>
          </li>
        ))}
      </ul>
    </section>
  );
}
