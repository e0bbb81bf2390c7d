import type { MetaFunction } from "@remix-run/node";
import { CheckList, DemoLink, FeatureGrid, PageHero, Section } from "~/components/marketing";
import { PARTNER_LANDINGS, partnerLandingPath } from "~/content/partner-landings";
import { PARTNER_PROGRAM, PARTNER_PROGRAM_SEO } from "~/content/partner-program";
import { PARTNERSHIPS, partnershipPath } from "~/content/partnerships";
import { CORPORATE } from "~/content/site";
import { Icon } from "~/components/icons";
import { seoMeta } from "~/seo";

export const meta: MetaFunction = ({ matches }) => seoMeta(PARTNER_PROGRAM_SEO, matches);

export default function Partner() {
  return (
    <>
      <PageHero eyebrow="Partners" title={PARTNER_PROGRAM.headline} intro={PARTNER_PROGRAM.intro} icon="link">
        <div className="cta-row">
          <DemoLink className="button" />
          <a className="button button--ghost" href={`mailto:${CORPORATE.partnersEmail}`}>{CORPORATE.partnersEmail}</a>
        </div>
      </PageHero>
      <Section title="Who partners with us">
        <FeatureGrid items={PARTNER_PROGRAM.kinds} />
      </Section>
      <Section tone="tint" title="What you get">
        <div className="split">
          <CheckList items={PARTNER_PROGRAM.offer} />
          <div className="card">
            <h3>Co-branded pages live today</h3>
            <ul className="plain-list">
              {PARTNER_LANDINGS.map((p) => (
                <li key={p.key}>
                  <a href={partnerLandingPath(p.key)}>Kavach for {p.name}</a>
                </li>
              ))}
            </ul>
          </div>
        </div>
      </Section>
      <Section title="Our care and insurance partners">
        <ul className="grid link-grid">
          {PARTNERSHIPS.map((p) => (
            <li key={p.slug} className="card">
              <span className="feature__icon"><Icon name={p.icon} /></span>
              <p className="eyebrow">{p.category}</p>
              <h3><a className="stretched" href={partnershipPath(p.slug)}>{p.name}</a></h3>
              <p className="muted">{p.summary}</p>
            </li>
          ))}
        </ul>
      </Section>
    </>
  );
}
