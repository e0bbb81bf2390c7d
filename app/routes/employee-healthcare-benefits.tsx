import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { calculatorHeaders, calculatorPageHeaders, calculatorView } from "~/calculator/calculator.server";
import { PurchaseButton } from "~/components/cta";
import { Icon } from "~/components/icons";
import { CheckList, CtaBand, PageHero, Section } from "~/components/marketing";
import { PriceCalculator } from "~/components/price-calculator";
import { BENEFITS, BENEFITS_SEO } from "~/content/benefits";
import { PAGE_PATHS, productPath } from "~/routing/page-paths";
import { PRODUCTS } from "~/content/products";
import { seoMeta } from "~/content/seo";

export async function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  return data(
    {
      seo: BENEFITS_SEO,
      page: BENEFITS,
      products: PRODUCTS.map(({ slug, name, icon, summary, price }) => ({ slug, name, icon, summary, price })),
      calculator: await calculatorView(params),
    },
    { headers: calculatorHeaders(params, new Headers()) },
  );
}

export const headers = calculatorPageHeaders;

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => (data ? seoMeta(data.seo, matches) : []);

export default function Benefits() {
  const { page, products, calculator } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHero eyebrow="Employee healthcare benefits" title={page.headline} intro={page.intro} icon="shield">
        <div className="cta-row">
          <PurchaseButton />
        </div>
      </PageHero>
      <Section title="Seven benefits, one plan">
        <ul className="grid benefit-cards">
          {products.map((p) => (
            <li key={p.slug} className="product-card product-card--wide">
              <span className="feature__icon">
                <Icon name={p.icon} />
              </span>
              <div>
                <h3>
                  <a className="stretched" href={productPath(p.slug)}>
                    {p.name}
                  </a>
                </h3>
                <p>{p.summary}</p>
                <p className="price-tag">{p.price}</p>
              </div>
            </li>
          ))}
        </ul>
      </Section>
      <Section title="How pricing works">
        <CheckList items={page.howPricing} />
      </Section>
      <PriceCalculator view={calculator} page={PAGE_PATHS.benefits} />
      <CtaBand
        title="Build your plan"
        text="Choose the benefits that fit your team and see the price for everyone before you pay."
      />
    </>
  );
}
