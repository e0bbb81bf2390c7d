import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useParams } from "@remix-run/react";
import { CtaBand, PageHero, Section } from "~/components/marketing";
import { NOT_FOUND_META, PublicRouteErrorBoundary } from "~/components/not-found";
import { ABOUT_SEO } from "~/content/company";
import { INVESTORS, findInvestor, investorPath } from "~/content/investors";
import { seoMeta } from "~/seo";

/** Investor pages under /venture-capitals/, from app/content/investors.ts; others are 404. */
export async function loader({ params }: LoaderFunctionArgs) {
  if (!findInvestor(params.slug)) throw new Response("Not Found", { status: 404 });
  return json(null);
}

export const meta: MetaFunction = ({ params, matches }) => {
  const investor = findInvestor(params.slug);
  return investor ? seoMeta({ ...investor.seo, path: investorPath(investor.slug) }, matches) : NOT_FOUND_META;
};

export default function InvestorPage() {
  const investor = findInvestor(useParams().slug);
  if (!investor) return null;
  return (
    <>
      <PageHero eyebrow="Our investors" title={investor.headline} intro={investor.summary} icon="trend" />
      <Section title={`About ${investor.name}`}>
        <div className="split">
          <div className="prose">
            {investor.about.map((p) => (
              <p key={p.slice(0, 24)}>{p}</p>
            ))}
          </div>
          <dl className="card facts">
            {investor.facts.map((f) => (
              <div key={f.label}>
                <dt>{f.label}</dt>
                <dd>{f.value}</dd>
              </div>
            ))}
          </dl>
        </div>
      </Section>
      <Section tone="tint" title="In their words">
        <figure className="quote quote--large">
          <blockquote>
            <p>{investor.quote.text}</p>
          </blockquote>
          <figcaption>
            <strong>{investor.quote.by}</strong>
            <span className="muted small">{investor.quote.role}</span>
          </figcaption>
        </figure>
      </Section>
      <Section title="Also backing Kavach">
        <ul className="plain-list inline-list">
          {INVESTORS.filter((i) => i.slug !== investor.slug).map((i) => (
            <li key={i.slug}>
              <a href={investorPath(i.slug)}>{i.name}</a>
            </li>
          ))}
          <li>
            <a href={ABOUT_SEO.path}>About Kavach</a>
          </li>
        </ul>
      </Section>
      <CtaBand title="See what Kavach can do for your team" text="Group health benefits from two employees, bought online in minutes." />
    </>
  );
}

export const ErrorBoundary = PublicRouteErrorBoundary;
