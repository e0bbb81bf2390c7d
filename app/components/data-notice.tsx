import { DATA_NOTICE, DATA_NOTICE_TITLE } from "~/content/privacy";
import { PAGE_PATHS } from "~/routing/page-paths";

/**
 * The notice given where an admin hands over employees' details (docs/product.md, Personal data): what is
 * collected, why, on what basis, who receives it, how long it is kept and how to ask for correction or
 * erasure. Plain markup, so it reads the same with script off and at 360 px.
 */
export function DataNotice() {
  return (
    <section className="card data-notice" aria-labelledby="data-notice-title" id="data-notice">
      <h2 id="data-notice-title">{DATA_NOTICE_TITLE.admin}</h2>
      <dl className="info-list">
        {DATA_NOTICE.map((point) => (
          <div key={point.label}>
            <dt>{point.label}</dt>
            <dd>{point.text}</dd>
          </div>
        ))}
      </dl>
      <p className="muted small">
        The whole notice: <a href={PAGE_PATHS.privacy}>our privacy notice</a>.
      </p>
    </section>
  );
}

/** A form that takes employees' details points to the notice above it. */
export function DataNoticeLink() {
  return (
    <p className="muted small">
      <a href="#data-notice">{DATA_NOTICE_TITLE.admin}</a>: who receives them, how long they are kept, and how to have
      them corrected or erased.
    </p>
  );
}
