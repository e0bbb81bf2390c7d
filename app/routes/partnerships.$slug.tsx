import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { CheckList, CtaBand, PageHero, Section, Steps } from "~/components/marketing";
import { NOT_FOUND_META, PublicRouteErrorBoundary } from "~/components/not-found";
import { PAGE_PATHS, partnershipPath } from "~/routing/page-paths";
import { PARTNERSHIPS, findPartnership } from "~/content/partnerships";
import { seoMeta } from "~/content/seo";

/** Partner pages under /partnerships/, from app/content/partnerships.ts; others are 404. */
export async function loader({ params }: LoaderFunctionArgs) {
  const partner = findPartnership(params.slug);
  if (!partner) throw new Response("Not Found", { status: 404 });
  return data({
    seo: { ...partner.seo, path: partnershipPath(partner.slug) },
    partner,
    others: PARTNERSHIPS.filter((p) => p.slug !== partner.slug).map(({ slug, name }) => ({ slug, name })),
  });
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  data ? seoMeta(data.seo, matches) : NOT_FOUND_META;

export default function PartnershipPage() {
  const { partner, others } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHero
        eyebrow={`${partner.category} partner`}
        title={partner.headline}
        intro={partner.summary}
        icon={partner.icon}
      />
      <Section title="What Kavach members get">
        <CheckList items={partner.memberBenefits} />
      </Section>
      <Section tone="tint" title="How to use it">
        <Steps items={partner.howToUse} />
      </Section>
      <Section title="More partners">
        <ul className="plain-list inline-list">
          {others.map((p) => (
            <li key={p.slug}>
              <a href={partnershipPath(p.slug)}>{p.name}</a>
            </li>
          ))}
          <li>
            <a href={PAGE_PATHS.partner}>Become a partner</a>
          </li>
        </ul>
      </Section>
      <CtaBand title="Give your team these benefits" text="Every Kavach plan includes access to our partner network." />
    </>
  );
}

export const ErrorBoundary = PublicRouteErrorBoundary;
