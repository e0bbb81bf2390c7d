import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { PurchaseButton } from "~/components/cta";
import { Icon } from "~/components/icons";
import { CtaBand, FaqList, FeatureGrid, PageHero, ProductCards, Section, Steps } from "~/components/marketing";
import { NOT_FOUND_META, PublicRouteErrorBoundary } from "~/components/not-found";
import { productPath } from "~/routing/page-paths";
import { PRODUCTS, findProduct, productCards } from "~/content/products";
import { seoMeta } from "~/content/seo";

/** The seven product pages under /employee-healthcare/, from app/content/products.ts; others are 404. */
export async function loader({ params }: LoaderFunctionArgs) {
  const product = findProduct(params.product);
  if (!product) throw new Response("Not Found", { status: 404 });
  return data({
    seo: { ...product.seo, path: productPath(product.slug) },
    product,
    others: productCards(PRODUCTS.filter((p) => p.slug !== product.slug).slice(0, 3)),
  });
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  data ? seoMeta(data.seo, matches) : NOT_FOUND_META;

export default function ProductPage() {
  const { product, others } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHero eyebrow={product.name} title={product.headline} intro={product.intro} icon={product.icon}>
        <p className="price-tag">
          <Icon name="rupee" size={18} />
          {product.price}
        </p>
        <div className="cta-row">
          <PurchaseButton />
        </div>
      </PageHero>
      <Section title={`What ${product.name} includes`}>
        <FeatureGrid items={product.highlights.map((h) => ({ icon: "check" as const, ...h }))} />
      </Section>
      <Section tone="tint" title="How it works">
        <Steps items={product.steps} />
      </Section>
      <Section title="Questions">
        <div className="narrow">
          <FaqList items={product.faqs} name={`faq-${product.slug}`} />
        </div>
      </Section>
      <Section tone="tint" title={product.alwaysIncluded ? "Add to your plan" : "More in a Kavach plan"}>
        <ProductCards products={others} />
      </Section>
      {product.alwaysIncluded ? (
        <CtaBand
          title={`Cover your team with ${product.name}`}
          text="Every Kavach plan includes it: choose the sum insured at checkout, and everyone on the plan is covered from day one."
        />
      ) : (
        <CtaBand
          title={`Add ${product.name} for your team`}
          text="Choose it with your plan at checkout. Everyone on the plan gets it from day one."
        />
      )}
    </>
  );
}

export const ErrorBoundary = PublicRouteErrorBoundary;
