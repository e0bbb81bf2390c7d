import type { MetaFunction } from "@remix-run/node";
import { Icon } from "~/components/icons";
import { CheckList, CtaBand, PageHero, PurchaseButton, Section } from "~/components/marketing";
import { BENEFITS, BENEFITS_SEO } from "~/content/benefits";
import { PRODUCTS, productPath } from "~/content/products";
import { seoMeta } from "~/seo";

export const meta: MetaFunction = ({ matches }) => seoMeta(BENEFITS_SEO, matches);

export default function Benefits() {
  return (
    <>
      <PageHero eyebrow="Employee healthcare benefits" title={BENEFITS.headline} intro={BENEFITS.intro} icon="shield">
        <div className="cta-row">
          <PurchaseButton />
        </div>
      </PageHero>
      <Section title="Seven benefits, one plan">
        <ul className="grid benefit-cards">
          {PRODUCTS.map((p) => (
            <li key={p.slug} className="product-card product-card--wide">
              <span className="feature__icon"><Icon name={p.icon} /></span>
              <div>
                <h3><a className="stretched" href={productPath(p.slug)}>{p.name}</a></h3>
                <p>{p.summary}</p>
                <p className="price-tag">{p.price}</p>
              </div>
            </li>
          ))}
        </ul>
      </Section>
      <Section tone="tint" title="How pricing works">
        <CheckList items={BENEFITS.howPricing} />
      </Section>
      <CtaBand title="Build your plan" text="Choose the benefits that fit your team and see the price for everyone before you pay." />
    </>
  );
}
