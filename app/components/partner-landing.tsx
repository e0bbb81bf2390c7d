import type { CSSProperties } from "react";
import { PARTNER_CAROUSEL, SLIDER_DEFAULTS } from "~/config/constants";
import type { LayoutOneData, LayoutTwoData, PartnerTheme } from "~/content/partner-data.server";
import { Carousel } from "./carousel";
import { Icon } from "./icons";
import { LazyImage } from "./lazy-image";
import { DemoLink } from "./demo-link";
import { TestimonialCard } from "./marketing";
import type { Underwriting } from "~/upstream/employer.server";
import { formatPaise } from "~/utils/money";

/** A plan card as the page shows it: all of it from the API catalogue but the button's words. */
export interface PartnerPlanCard {
  planId: string;
  name: string;
  /** The sum insured in the catalogue's words (app/content/cover.ts). */
  cover: string;
  features: string[];
  /** The benefits every plan includes at no extra price (the always-included cover). */
  included: string[];
  fromMonthlyPaise: number;
  underwriting: Underwriting;
  button: { title: string; url: string };
}

/**
 * docs/product.md, Partner pages: layouts 1 and 2. Every field arrives checked and, for the two HTML fields,
 * sanitized on the server (app/content/partner-data.server.ts); only those two use innerHTML.
 */

/** Partner colours as custom properties: primary for text, secondary for buttons, ctaText on buttons. */
export function themeStyle(theme: PartnerTheme): CSSProperties {
  return {
    "--partner-primary": theme.primaryColor,
    "--partner-button": theme.secondaryColor,
    "--partner-button-text": theme.ctaTextColor,
  } as CSSProperties;
}

/** `checkoutHref`: verify-phone with the partner's attribution (docs/product.md, Partner pages). */
export function LayoutOne({
  data,
  plans,
  partnerName,
  checkoutHref,
}: {
  data: LayoutOneData;
  /** Null when the catalogue could not be read: no plan is shown rather than a price of the page's own. */
  plans: PartnerPlanCard[] | null;
  partnerName: string;
  checkoutHref: string;
}) {
  const { bannerTextArea, bannerImage } = data.banner;
  const firstRow = data.whyKavachContent.slice(0, 3);
  const secondRow = data.whyKavachContent.slice(3);
  return (
    <div className="partner" style={themeStyle(data.theme)}>
      <section className="hero partner-banner">
        <div className="container hero__inner">
          <div className="hero__text">
            <h1 className="partner__ink">{bannerTextArea.heading1}</h1>
            <p className="partner-banner__sub">{bannerTextArea.heading2}</p>
            <div className="lead rich" dangerouslySetInnerHTML={{ __html: bannerTextArea.heading3 }} />
            <div className="cta-row">
              <a className="button partner__button" href={checkoutHref}>
                Start your Healthcare Journey Today
              </a>
            </div>
          </div>
          <div className="hero__art">
            <LazyImage
              src={bannerImage}
              alt={`Kavach health benefits with ${partnerName}`}
              width={480}
              height={360}
              eager
            />
          </div>
        </div>
      </section>

      <section className="section" aria-labelledby="partner-plans">
        <div className="container">
          <header className="section__head">
            <h2 id="partner-plans" className="partner__ink">
              Plans for your team
            </h2>
          </header>
          {plans === null ? (
            <p className="notice">
              We cannot show the plans and their prices right now. <a href={checkoutHref}>Start in the checkout</a> to
              see them.
            </p>
          ) : null}
          <ul className="grid offer-grid">
            {(plans ?? []).map((plan) => (
              <li key={plan.planId} className="offer-card" data-plan-id={plan.planId}>
                <h3 className="partner__ink">{plan.name}</h3>
                <ul className="checklist">
                  <li>
                    <Icon name="check" size={20} />
                    <span>{plan.cover}</span>
                  </li>
                  {plan.features.map((point) => (
                    <li key={point}>
                      <Icon name="check" size={20} />
                      <span>{point}</span>
                    </li>
                  ))}
                  <li>
                    <Icon name="check" size={20} />
                    <span>Included: {plan.included.join(", ")}</span>
                  </li>
                </ul>
                {/* The checkout's own "from" price for this plan (docs/product.md, Partner pages). */}
                <div className="offer-card__price">
                  <p>
                    From <strong data-testid="plan-price">{formatPaise(plan.fromMonthlyPaise)}</strong> per member /
                    month
                  </p>
                  <p>
                    <small>
                      Youngest age band, employee only. GST extra; save 10% when you pay yearly. Other benefits are
                      optional and priced in the checkout.
                    </small>
                  </p>
                </div>
                <p>
                  <span className="underwriter small muted">{plan.underwriting.line}</span>
                </p>
                {/* A plain link: partner pages are not hydrated (docs/decisions/0003). */}
                <a className="button partner__button button--block" href={plan.button.url}>
                  {plan.button.title}
                  <span className="visually-hidden">: {plan.name}</span>
                </a>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section section--tint" aria-labelledby="partner-why">
        <div className="container">
          <header className="section__head">
            <h2 id="partner-why" className="partner__ink">
              Why Kavach
            </h2>
          </header>
          {[firstRow, secondRow].map((row, i) =>
            row.length ? (
              <ul key={i} className="why-row">
                {row.map((card) => (
                  <li key={card.cardText} className="why-card">
                    <LazyImage src={card.imgUrl} alt="" width={56} height={56} />
                    <p>{card.cardText}</p>
                  </li>
                ))}
              </ul>
            ) : null,
          )}
        </div>
      </section>

      {data.testimonials.length ? (
        <section className="section" aria-labelledby="partner-testimonials">
          <div className="container">
            <header className="section__head">
              <h2 id="partner-testimonials" className="partner__ink">
                Here’s what our customers are saying!
              </h2>
            </header>
            <Carousel
              label="Customer testimonials"
              variant="cards"
              speedMs={SLIDER_DEFAULTS.speedMs}
              dots={SLIDER_DEFAULTS.dots}
              slidesToScroll={SLIDER_DEFAULTS.slidesToScroll}
            >
              {data.testimonials.map((t) => (
                <TestimonialCard key={t.author.name} testimonial={t} provenance={{ source: t.source, date: t.date }} />
              ))}
            </Carousel>
          </div>
        </section>
      ) : null}
    </div>
  );
}

export function LayoutTwo({
  data,
  purchaseLabel,
  checkoutHref,
}: {
  data: LayoutTwoData;
  purchaseLabel: string;
  checkoutHref: string;
}) {
  const start = data.startWithKavach;
  return (
    <div className="partner" style={themeStyle(data.theme)}>
      <section className="hero partner-start">
        <div className="container">
          <div className="hero__text hero__text--wide">
            <h1 className="partner__ink">{start.label}</h1>
            <p className="lead">{start.subTitle}</p>
          </div>
          <ul className="grid benefit-list">
            {start.data.map((item) => (
              <li key={item.content} className="benefit-item">
                <LazyImage src={item.imgUrl} alt="benefits_logo" width={48} height={48} />
                <p>{item.content}</p>
              </li>
            ))}
          </ul>
          <div className="cta-row">
            <DemoLink label="Get A Demo" className="button partner__button" />
            <a className="button button--ghost" href={checkoutHref}>
              {purchaseLabel}
            </a>
          </div>
        </div>
      </section>

      {data.partners.data.length ? (
        <section className="section section--tint" aria-labelledby="partner-logos">
          <div className="container">
            <header className="section__head">
              <h2 id="partner-logos" className="partner__ink">
                {data.partners.label}
              </h2>
            </header>
            <Carousel
              label="Customer logos"
              variant="logos"
              speedMs={PARTNER_CAROUSEL.speedMs}
              autoplayMs={PARTNER_CAROUSEL.autoplayMs}
              dots
              narrowStart={{ maxWidth: 500, slide: 1 }}
            >
              {data.partners.data.map((logo, i) => (
                <LazyImage
                  key={`${logo}-${i}`}
                  src={logo}
                  alt={`Partner company logo ${i + 1}`}
                  width={160}
                  height={64}
                  className="logo-tile"
                />
              ))}
            </Carousel>
          </div>
        </section>
      ) : null}

      <section className="section" aria-labelledby="partner-about">
        <div className="container narrow">
          <h2 id="partner-about" className="partner__ink">
            {data.aboutKavach.label}
          </h2>
          <p className="lead">{data.aboutKavach.content}</p>
        </div>
      </section>

      <section className="section section--tint" aria-labelledby="partner-faq">
        <div className="container narrow">
          <h2 id="partner-faq" className="partner__ink">
            {data.frequentAskedQes.label}
          </h2>
          <div className="faq">
            {data.frequentAskedQes.data.map((entry, i) => (
              <details key={entry.question} name="partner-faq" open={i === 0}>
                <summary>{entry.question}</summary>
                <div className="faq__answer">
                  {entry.ans.label ? (
                    <p>
                      <strong>{entry.ans.label}</strong>
                    </p>
                  ) : null}
                  {entry.ans.allPoints.length ? (
                    <ul>
                      {entry.ans.allPoints.map((point) => (
                        <li key={point.value}>
                          {point.value}
                          {point.isNested && point.morePoint.length ? (
                            <ul>
                              {point.morePoint.map((more) => (
                                <li key={more}>{more}</li>
                              ))}
                            </ul>
                          ) : null}
                        </li>
                      ))}
                    </ul>
                  ) : null}
                  {entry.extratext ? <p>{entry.extratext}</p> : null}
                  {entry.locationurl ? (
                    <p>
                      <a href={entry.locationurl} target="_blank" rel="noopener noreferrer">
                        See the location<span className="visually-hidden"> (opens in a new window)</span>
                      </a>
                    </p>
                  ) : null}
                </div>
              </details>
            ))}
          </div>
        </div>
      </section>
    </div>
  );
}
