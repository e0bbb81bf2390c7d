import type { MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { DemoLink } from "~/components/demo-link";
import { Icon } from "~/components/icons";
import { CheckList, FeatureGrid, PageHero, Section } from "~/components/marketing";
import { partnerLandingPath, partnershipPath } from "~/routing/page-paths";
import { PARTNER_LANDINGS } from "~/content/partner-landings";
import { PARTNER_PROGRAM, PARTNER_PROGRAM_SEO } from "~/content/partner-program";
import { PARTNERSHIPS } from "~/content/partnerships";
import { CORPORATE } from "~/content/site";
import { seoMeta } from "~/content/seo";

export async function loader() {
  return data({
    seo: PARTNER_PROGRAM_SEO,
    program: PARTNER_PROGRAM,
    landings: PARTNER_LANDINGS.map(({ key, name }) => ({ key, name })),
    partners: PARTNERSHIPS.map(({ slug, name, icon, category, summary }) => ({ slug, name, icon, category, summary })),
  });
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => (data ? seoMeta(data.seo, matches) : []);

export default function Partner() {
  const { program, landings, partners } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHero eyebrow="Partners" title={program.headline} intro={program.intro} icon="link">
        <div className="cta-row">
          <DemoLink className="button" />
          <a className="button button--ghost" href={`mailto:${CORPORATE.partnersEmail}`}>
            {CORPORATE.partnersEmail}
          </a>
        </div>
      </PageHero>
      <Section title="Who partners with us">
        <FeatureGrid items={program.kinds} />
      </Section>
      <Section tone="tint" title="What you get">
        <div className="split">
          <CheckList items={program.offer} />
          <div className="card">
            <h3>Co-branded pages live today</h3>
            <ul className="plain-list">
              {landings.map((p) => (
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
          {partners.map((p) => (
            <li key={p.slug} className="card">
              <span className="feature__icon">
                <Icon name={p.icon} />
              </span>
              <p className="eyebrow">{p.category}</p>
              <h3>
                <a className="stretched" href={partnershipPath(p.slug)}>
                  {p.name}
                </a>
              </h3>
              <p className="muted">{p.summary}</p>
            </li>
          ))}
        </ul>
      </Section>
    </>
  );
}
