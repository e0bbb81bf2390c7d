import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useParams } from "@remix-run/react";
import { CheckList, CtaBand, PageHero, Section, Steps } from "~/components/marketing";
import { NOT_FOUND_META, PublicRouteErrorBoundary } from "~/components/not-found";
import { PARTNER_PROGRAM_SEO } from "~/content/partner-program";
import { PARTNERSHIPS, findPartnership, partnershipPath } from "~/content/partnerships";
import { seoMeta } from "~/seo";

/** Partner pages under /partnerships/, from app/content/partnerships.ts; others are 404. */
export async function loader({ params }: LoaderFunctionArgs) {
  if (!findPartnership(params.slug)) throw new Response("Not Found", { status: 404 });
  return json(null);
}

export const meta: MetaFunction = ({ params, matches }) => {
  const partner = findPartnership(params.slug);
  return partner ? seoMeta({ ...partner.seo, path: partnershipPath(partner.slug) }, matches) : NOT_FOUND_META;
};

export default function PartnershipPage() {
  const partner = findPartnership(useParams().slug);
  if (!partner) return null;
  return (
    <>
      <PageHero eyebrow={`${partner.category} partner`} title={partner.headline} intro={partner.summary} icon={partner.icon} />
      <Section title="What Kavach members get">
        <CheckList items={partner.memberBenefits} />
      </Section>
      <Section tone="tint" title="How to use it">
        <Steps items={partner.howToUse} />
      </Section>
      <Section title="More partners">
        <ul className="plain-list inline-list">
          {PARTNERSHIPS.filter((p) => p.slug !== partner.slug).map((p) => (
            <li key={p.slug}>
              <a href={partnershipPath(p.slug)}>{p.name}</a>
            </li>
          ))}
          <li>
            <a href={PARTNER_PROGRAM_SEO.path}>Become a partner</a>
          </li>
        </ul>
      </Section>
      <CtaBand title="Give your team these benefits" text="Every Kavach plan includes access to our partner network." />
    </>
  );
}

export const ErrorBoundary = PublicRouteErrorBoundary;
