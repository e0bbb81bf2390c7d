import type { MetaFunction } from "@remix-run/node";
import { CheckList, PageHero, PurchaseButton, Section, Steps } from "~/components/marketing";
import { APP_SEO, ONE_MG, ONE_MG_SEO } from "~/content/mobile-app";
import { findProduct, productPath } from "~/content/products";
import { seoMeta } from "~/seo";

export const meta: MetaFunction = ({ matches }) => seoMeta(ONE_MG_SEO, matches);

const medicine = findProduct("discounted-medicine");

export default function OneMg() {
  return (
    <>
      <PageHero eyebrow="Medicines" title={ONE_MG.headline} intro={ONE_MG.intro} icon="pill" />
      <Section title="How to order">
        <Steps items={ONE_MG.steps} />
      </Section>
      <Section tone="tint" title="Good to know">
        <CheckList items={ONE_MG.notes} />
        <p className="section__more">
          {medicine ? <a href={productPath(medicine.slug)}>About the {medicine.name} benefit</a> : null} ·{" "}
          <a href={APP_SEO.path}>Get the Kavach app</a>
        </p>
        <div className="cta-row">
          <PurchaseButton />
        </div>
      </Section>
    </>
  );
}
