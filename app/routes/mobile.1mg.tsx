import type { MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { PurchaseButton } from "~/components/cta";
import { CheckList, PageHero, Section, Steps } from "~/components/marketing";
import { ONE_MG, ONE_MG_SEO } from "~/content/mobile-app";
import { PAGE_PATHS, productPath } from "~/routing/page-paths";
import { seoMeta } from "~/content/seo";

export async function loader() {
  return data({ seo: ONE_MG_SEO, page: ONE_MG });
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => (data ? seoMeta(data.seo, matches) : []);

export default function OneMg() {
  const { page } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHero eyebrow="Medicines" title={page.headline} intro={page.intro} icon="pill" />
      <Section title="How to order">
        <Steps items={page.steps} />
      </Section>
      <Section tone="tint" title="Good to know">
        <CheckList items={page.notes} />
        <p className="section__more">
          <a href={productPath("discounted-medicine")}>About the Discounted Medicine benefit</a> ·{" "}
          <a href={PAGE_PATHS.app}>Get the Kavach app</a>
        </p>
        <div className="cta-row">
          <PurchaseButton />
        </div>
      </Section>
    </>
  );
}
