import type { MetaFunction } from "@remix-run/node";
import { logger } from "~/observability/log.server";
import { data } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { getTerms } from "~/upstream/global.server";
import { ApiError } from "~/upstream/http.server";
import { PageHero } from "~/components/marketing";
import { MESSAGES } from "~/config/constants";
import { TERMS_SEO, TERMS_VERSION } from "~/content/legal";
import { CORPORATE } from "~/content/site";
import { seoMeta } from "~/content/seo";

export const meta: MetaFunction = ({ matches }) => seoMeta(TERMS_SEO, matches);

/**
 * The terms text comes from the API's /tnc with its version and `platform: web` (docs/api-contract.md, Terms). When that
 * fails the page still renders and says so in words, with 503 so crawlers come back later instead
 * of indexing the apology.
 */
export async function loader() {
  try {
    return data({ terms: await getTerms(TERMS_VERSION), error: null });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    logger.error({ status: error.status }, MESSAGES.termsUnavailable);
    return data({ terms: null, error: error.message }, { status: 503 });
  }
}

const formatDate = (iso: string) =>
  new Intl.DateTimeFormat("en-IN", { day: "numeric", month: "long", year: "numeric", timeZone: "Asia/Kolkata" }).format(
    new Date(iso),
  );

export default function TermsOfUse() {
  const { terms, error } = useLoaderData<typeof loader>();
  if (!terms) {
    return (
      <>
        <PageHero
          eyebrow="Legal"
          title="Terms of use"
          intro="The terms that apply when you use Kavach and buy benefits for your company."
          icon="file"
        />
        <div className="container narrow section">
          <div className="notice notice--warning" role="alert">
            <p>
              <strong>We could not load the terms of use right now.</strong>
            </p>
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
