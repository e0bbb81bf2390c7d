import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { CtaBand, PageHero, Section } from "~/components/marketing";
import { NOT_FOUND_META, PublicRouteErrorBoundary } from "~/components/not-found";
import { INVESTORS, findInvestor } from "~/content/investors";
import { PAGE_PATHS, investorPath } from "~/routing/page-paths";
import { seoMeta } from "~/content/seo";

/** Investor pages under /venture-capitals/, from app/content/investors.ts; others are 404. */
export async function loader({ params }: LoaderFunctionArgs) {
  const investor = findInvestor(params.slug);
  if (!investor) throw new Response("Not Found", { status: 404 });
  return data({
    seo: { ...investor.seo, path: investorPath(investor.slug) },
    investor,
    others: INVESTORS.filter((i) => i.slug !== investor.slug).map(({ slug, name }) => ({ slug, name })),
  });
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  data ? seoMeta(data.seo, matches) : NOT_FOUND_META;

export default function InvestorPage() {
  const { investor, others } = useLoaderData<typeof loader>();
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
          {others.map((i) => (
            <li key={i.slug}>
              <a href={investorPath(i.slug)}>{i.name}</a>
            </li>
          ))}
          <li>
            <a href={PAGE_PATHS.about}>About Kavach</a>
          </li>
        </ul>
      </Section>
      <CtaBand
        title="See what Kavach can do for your team"
        text="Group health benefits from two employees, bought online in minutes."
      />
    </>
  );
}

export const ErrorBoundary = PublicRouteErrorBoundary;
