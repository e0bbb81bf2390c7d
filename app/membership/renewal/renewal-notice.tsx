import type { Membership } from "~/upstream/membership.server";
import { PATHS } from "~/routing/paths";
import { formatDate, todayInIndia } from "~/utils/dates";

/**
 * What the renewal means for the admin now, on the membership's home (docs/product.md, Renewal):
 * renewed and starting later, its payment being confirmed, offered, or the cover ended.
 */
export function RenewalNotice({ m }: { m: Membership }) {
  const r = m.renewal;
  if (r === null) return null;
  if (m.start_date !== null && m.start_date > todayInIndia()) {
    return (
      <div className="notice notice--success" role="status">
        <p>
          <strong>Renewed.</strong> Your team’s next year of cover starts on {formatDate(m.start_date)}, under policy{" "}
          {m.policy?.policy_number ?? "being issued"}; the new certificate and e-cards have been emailed.
        </p>
      </div>
    );
  }
  if (r.order?.status === "pending") {
    return (
      <div className="notice" role="status">
        <p>Your bank is confirming the renewal payment; there is no need to pay again.</p>
      </div>
    );
  }
  switch (r.state) {
    case "not_open":
      return null;
    case "open":
      return (
        <div className="notice" role="status">
          <p>
            <strong>Your team’s cover ends on {formatDate(r.cover_end_date)}.</strong> Your renewal quote for the next
            year is ready.
          </p>
          <p>
            <a className="button" href={PATHS.renewal}>
              See the renewal quote
            </a>
          </p>
        </div>
      );
    case "grace":
      return (
        <div className="notice notice--warning" role="status">
          <p>
            <strong>Your team’s cover ended on {formatDate(r.cover_end_date)}.</strong> Nobody is insured through Kavach
            until it is renewed, and the e-cards have expired. You can still renew until {formatDate(r.grace_ends_on)}.
          </p>
          <p>
            <a className="button" href={PATHS.renewal}>
              Renew now
            </a>
          </p>
        </div>
      );
    case "closed":
      return (
        <div className="notice notice--warning" role="status">
          <p>
            <strong>Your team’s cover ended on {formatDate(r.cover_end_date)}.</strong> The renewal closed on{" "}
            {formatDate(r.grace_ends_on)}; a new membership is needed to cover your team again.
          </p>
        </div>
      );
  }
}
