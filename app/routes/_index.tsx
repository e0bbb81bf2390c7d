import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { calculatorHeaders, calculatorPageHeaders, calculatorView } from "~/calculator/calculator.server";
import { LoaderPage, handleEntryQuery } from "~/checkout/entry-query.server";
import { redirectPaidAdminToMembership } from "~/membership/home/membership-home.server";
import { FullScreenLoader } from "~/components/full-screen-loader";
import { Greeting, kolkataHour } from "~/components/greeting";
import { HeroArt } from "~/components/hero-art";
import { Icon } from "~/components/icons";
import { PriceCalculator } from "~/components/price-calculator";
import { PurchaseButton } from "~/components/cta";
import { DemoLink } from "~/components/demo-link";
import { CheckList, CtaBand, FeatureGrid, PageHero, ProductCards, Section } from "~/components/marketing";
import { COMPARISON } from "~/content/comparison";
import { HOME, HOME_SEO, SIGNED_IN_HOME } from "~/content/home";
import { PAGE_PATHS } from "~/routing/page-paths";
import { productCards } from "~/content/products";
import { PATHS } from "~/routing/paths";
import type { RootLoader } from "~/root";
import { loaderPageMeta, seoMeta } from "~/content/seo";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  data && "reloadTo" in data ? loaderPageMeta(data.reloadTo) : data ? seoMeta(data.seo, matches) : [];

/**
 * docs/product.md, Query handling (prefill links, the mediascopy campaign flag) through the shared
 * entry-query handler; then the greeting's hour as the server sees it in India, which the browser
 * corrects to its own clock.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const entry = await handleEntryQuery(request, { requireUtmSource: true, loaderPageForLge: true });
  // A prefill link answers with a redirect to the bare address; with parent=LGE, with the loader page.
  if (entry instanceof Response) throw entry;
  if (entry instanceof LoaderPage) return data({ reloadTo: entry.reloadTo }, { headers: entry.headers });
  await redirectPaidAdminToMembership(request);
  // The copy travels as loader data rather than in the page's script.
  const copy = {
    home: HOME,
    signedIn: SIGNED_IN_HOME,
    products: productCards(),
    comparison: { intro: COMPARISON.teaser, takeaways: COMPARISON.takeaways },
  };
  const params = new URL(request.url).searchParams;
  const calculator = await calculatorView(params);
  const headers = calculatorHeaders(params, entry ?? new Headers());
  return data({ seo: HOME_SEO, hour: kolkataHour(), calculator, ...copy }, { headers });
}

export const headers = calculatorPageHeaders;

type HomeData = Exclude<ReturnType<typeof useLoaderData<typeof loader>>, { reloadTo: string }>;

export default function Home() {
  const data = useLoaderData<typeof loader>();
  const root = useRouteLoaderData<RootLoader>("root");
  if ("reloadTo" in data) return <FullScreenLoader />;
  return root?.signedIn ? <SignedInHome data={data} /> : <Landing data={data} />;
}

function Landing({ data: { hour, home, products, comparison, calculator } }: { data: HomeData }) {
  return (
    <>
      <PageHero
        eyebrow={
          <>
            <Greeting serverHour={hour} />! Cover your team in minutes.
          </>
        }
        title={home.headline}
        intro={home.intro}
        art={<HeroArt />}
      >
        <div className="cta-row">
          <PurchaseButton />
          <DemoLink />
        </div>
        <CheckList items={home.trust} />
      </PageHero>

      <section className="stats" aria-label="Kavach in numbers">
        <dl className="container stats__grid">
          {home.stats.map((s) => (
            <div key={s.label}>
              <dt>{s.label}</dt>
              <dd>{s.value}</dd>
            </div>
          ))}
        </dl>
      </section>

      <PriceCalculator view={calculator} page={PAGE_PATHS.home} />

      <Section
        eyebrow="One plan, seven benefits"
        title="Healthcare your people will use every month"
        intro="Start with group health insurance and add the everyday care that fits your team."
      >
        <ProductCards
          products={products}
          more={{
            href: PAGE_PATHS.benefits,
            title: "Build your plan",
            text: "Compare all seven benefits and what each costs per member.",
          }}
        />
      </Section>

      <Section
        tone="tint"
        eyebrow="How it works"
        title="From sign-in to covered in four steps"
        intro="No brokers, no forms to scan. Most companies finish in about ten minutes."
      >
        <ol className="grid how-grid">
          {home.steps.map((step, i) => (
            <li key={step.title} className="how-step">
              <span className="how-step__num" aria-hidden="true">
                {i + 1}
              </span>
              <Icon name={step.icon} />
              <h3>{step.title}</h3>
              <p>{step.text}</p>
            </li>
          ))}
        </ol>
        <div className="cta-row cta-row--center">
          <PurchaseButton />
        </div>
      </Section>

      <Section eyebrow="Why Kavach" title="Built for growing Indian companies">
        <FeatureGrid items={home.why} />
      </Section>

      <Section tone="tint" title="How Kavach compares" intro={comparison.intro}>
        <ul className="grid compare-teaser">
          {comparison.takeaways.map((t) => (
            <li key={t.title} className="card">
              <h3>{t.title}</h3>
              <p>{t.text}</p>
            </li>
          ))}
        </ul>
        <p className="section__more">
          <a href={PAGE_PATHS.comparison}>See the full comparison</a> ·{" "}
          <a href={PAGE_PATHS.reviews}>Read customer reviews</a>
        </p>
      </Section>

      <CtaBand
        title="Give your team cover they can count on"
        text="Plans from ₹150 per employee a month. Pay monthly or yearly, with a GST invoice."
      />
    </>
  );
}

function SignedInHome({ data: { hour, signedIn, products } }: { data: HomeData }) {
  return (
    <>
      <PageHero
        eyebrow="Your Kavach account"
        title={
          <>
            <Greeting serverHour={hour} />, welcome back
          </>
        }
        intro={signedIn.intro}
      >
        <div className="cta-row">
          <PurchaseButton />
          <a className="button button--ghost" href={PAGE_PATHS.app}>
            Get the app
          </a>
        </div>
      </PageHero>
      <Section title="Pick up where you left off">
        <ul className="grid dash-grid">
          <li className="card dash-card">
            <Icon name="shield" />
            <h3>
              <a className="stretched" href={PATHS.checkout.verify}>
                {signedIn.continueTitle}
              </a>
            </h3>
            <p>{signedIn.continueText}</p>
          </li>
          <li className="card dash-card">
            <Icon name="clipboard" />
            <h3>
              <a className="stretched" href={PAGE_PATHS.benefits}>
                Explore benefits
              </a>
            </h3>
            <p>See what each benefit covers and what it costs per member.</p>
          </li>
          <li className="card dash-card">
            <Icon name="phone" />
            <h3>
              <a className="stretched" href={PAGE_PATHS.app}>
                Get the Kavach app
              </a>
            </h3>
            <p>E-cards, doctor consultations and claims for your employees.</p>
          </li>
          <li className="card dash-card">
            <Icon name="headset" />
            <h3>
              <a className="stretched" href={PAGE_PATHS.contact}>
                Talk to our team
              </a>
            </h3>
            <p>Questions about plans, invoices or claims? We answer within one working day.</p>
          </li>
        </ul>
      </Section>
      <Section tone="tint" title="Benefits you can add">
        <ProductCards products={products} />
      </Section>
    </>
  );
}
