import type { Terms } from "~/api/global.server";
import { PageHero } from "~/components/marketing";
import { CORPORATE } from "~/content/site";

const formatDate = (iso: string) =>
  new Intl.DateTimeFormat("en-IN", { day: "numeric", month: "long", year: "numeric", timeZone: "Asia/Kolkata" }).format(new Date(iso));

/** Terms of use as the API serves them, or a plain statement that they could not be loaded. */
export function TermsPage({ terms, error }: { terms: Terms | null; error: string | null }) {
  if (!terms) {
    return (
      <>
        <PageHero eyebrow="Legal" title="Terms of use" intro="The terms that apply when you use Kavach and buy benefits for your company." icon="file" />
        <div className="container narrow section">
          <div className="notice notice--warning" role="alert">
            <p><strong>We could not load the terms of use right now.</strong></p>
            <p>{error}</p>
            <p>
              You can also ask for a copy at <a href={`mailto:${CORPORATE.email}`}>{CORPORATE.email}</a>.
            </p>
          </div>
        </div>
      </>
    );
  }
  return (
    <>
      <PageHero
        eyebrow="Legal"
        title={terms.title}
        intro={`Version ${terms.version}, last updated ${formatDate(terms.updated_at)}.`}
        icon="file"
      />
      <div className="container narrow section">
        <nav aria-label="Sections" className="toc">
          <ol>
            {terms.sections.map((s, i) => (
              <li key={s.heading}>
                <a href={`#terms-${i + 1}`}>{s.heading}</a>
              </li>
            ))}
          </ol>
        </nav>
        <div className="prose">
          {terms.sections.map((s, i) => (
            <section key={s.heading} id={`terms-${i + 1}`} aria-labelledby={`terms-${i + 1}-h`}>
              <h2 id={`terms-${i + 1}-h`}>{s.heading}</h2>
              {s.body.split(/\n{2,}/).map((para) => (
                <p key={para.slice(0, 40)}>{para}</p>
              ))}
            </section>
          ))}
        </div>
      </div>
    </>
  );
}
