import type { MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { CtaBand, FeatureGrid, PageHero, Section } from "~/components/marketing";
import { ABOUT, ABOUT_SEO } from "~/content/company";
import { INVESTORS } from "~/content/investors";
import { investorPath, partnershipPath } from "~/routing/page-paths";
import { PARTNERSHIPS } from "~/content/partnerships";
import { CORPORATE, EXTERNAL } from "~/content/site";
import { seoMeta } from "~/content/seo";

/** The page's copy travels as loader data, so it is not also shipped in every visitor's script. */
export async function loader() {
  return data({
    seo: ABOUT_SEO,
    about: ABOUT,
    investors: INVESTORS.map(({ slug, name, summary }) => ({ slug, name, summary })),
    partners: PARTNERSHIPS.map(({ slug, name, category }) => ({ slug, name, category })),
  });
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => (data ? seoMeta(data.seo, matches) : []);

export default function AboutUs() {
  const { about, investors, partners } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHero eyebrow="About Kavach" title={about.headline} intro={about.intro} icon="users" />
      <Section title="Our story">
        <div className="prose">
          {about.story.map((p) => (
            <p key={p.slice(0, 20)}>{p}</p>
          ))}
        </div>
      </Section>
      <Section tone="tint" title="What we believe">
        <FeatureGrid items={about.values} />
      </Section>
      <Section title="Backed by people who know healthcare and small business">
        <ul className="grid link-grid">
          {investors.map((i) => (
            <li key={i.slug} className="card">
              <h3>
                <a className="stretched" href={investorPath(i.slug)}>
                  {i.name}
                </a>
              </h3>
              <p className="muted">{i.summary}</p>
            </li>
          ))}
        </ul>
      </Section>
      <Section tone="tint" title="Our care partners">
        <ul className="grid link-grid">
          {partners.map((p) => (
            <li key={p.slug} className="card">
              <p className="eyebrow">{p.category}</p>
              <h3>
                <a className="stretched" href={partnershipPath(p.slug)}>
                  {p.name}
                </a>
              </h3>
            </li>
          ))}
        </ul>
      </Section>
      <Section title="Where to find us">
        <div className="prose">
          <p>
            {CORPORATE.legalName}, {CORPORATE.address.join(", ")}. CIN {CORPORATE.cin}.
          </p>
          <p>
            We are hiring engineers, care managers and claims specialists. <a href={EXTERNAL.careers}>See open roles</a>
            .
          </p>
        </div>
      </Section>
      <CtaBand title="Cover your team with Kavach" text="Buy online in minutes, from two employees." />
    </>
  );
}
