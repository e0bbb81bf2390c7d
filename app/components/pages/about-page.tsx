import { CtaBand, FeatureGrid, PageHero, Section } from "~/components/marketing";
import { ABOUT } from "~/content/company";
import { INVESTORS, investorPath } from "~/content/investors";
import { PARTNERSHIPS, partnershipPath } from "~/content/partnerships";
import { CORPORATE, EXTERNAL } from "~/content/site";

/** The about page, shared by /about-us and its mobile variant /mobile/about. */
export function AboutPage() {
  return (
    <>
      <PageHero eyebrow="About Kavach" title={ABOUT.headline} intro={ABOUT.intro} icon="users" />
      <Section title="Our story">
        <div className="prose">
          {ABOUT.story.map((p) => (
            <p key={p.slice(0, 20)}>{p}</p>
          ))}
        </div>
      </Section>
      <Section tone="tint" title="What we believe">
        <FeatureGrid items={ABOUT.values} />
      </Section>
      <Section title="Backed by people who know healthcare and small business">
        <ul className="grid link-grid">
          {INVESTORS.map((i) => (
            <li key={i.slug} className="card">
              <h3><a className="stretched" href={investorPath(i.slug)}>{i.name}</a></h3>
              <p className="muted">{i.summary}</p>
            </li>
          ))}
        </ul>
      </Section>
      <Section tone="tint" title="Our care partners">
        <ul className="grid link-grid">
          {PARTNERSHIPS.map((p) => (
            <li key={p.slug} className="card">
              <p className="eyebrow">{p.category}</p>
              <h3><a className="stretched" href={partnershipPath(p.slug)}>{p.name}</a></h3>
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
            We are hiring engineers, care managers and claims specialists. <a href={EXTERNAL.careers}>See open roles</a>.
          </p>
        </div>
      </Section>
      <CtaBand title="Cover your team with Kavach" text="Buy online in minutes, from two employees." />
    </>
  );
}
