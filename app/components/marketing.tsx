import type { ReactNode } from "react";
import type { Testimonial } from "~/upstream/employer.server";
import { productPath } from "~/routing/page-paths";
import type { ProductCard } from "~/content/products";
import { PurchaseButton } from "./cta";
import { DemoLink } from "./demo-link";
import { Icon, type IconName } from "./icons";
import { LazyImage } from "./lazy-image";
import { formatDate } from "~/utils/dates";

/** Building blocks shared by the public pages: hero, section headings, cards, FAQ, calls to action. */

interface PageHeroProps {
  eyebrow?: ReactNode;
  title: ReactNode;
  intro: string;
  icon?: IconName;
  children?: ReactNode;
  art?: ReactNode;
}

export function PageHero({ eyebrow, title, intro, icon, children, art }: PageHeroProps) {
  // Pages without an illustration show their icon large beside the text on wide screens.
  const side =
    art ??
    (icon ? (
      <span className="hero__badge">
        <Icon name={icon} size={104} />
      </span>
    ) : null);
  return (
    <section className={`hero${side ? " hero--art" : ""}`}>
      <div className="container hero__inner">
        <div className="hero__text">
          {icon ? (
            <span className="hero__icon">
              <Icon name={icon} size={28} />
            </span>
          ) : null}
          {eyebrow ? <p className="eyebrow">{eyebrow}</p> : null}
          <h1>{title}</h1>
          <p className="lead">{intro}</p>
          {children}
        </div>
        {side ? <div className="hero__art">{side}</div> : null}
      </div>
    </section>
  );
}

export function Section({
  title,
  intro,
  eyebrow,
  tone,
  children,
  id,
}: {
  title: string;
  intro?: string;
  eyebrow?: string;
  tone?: "tint" | "plain";
  children: ReactNode;
  id?: string;
}) {
  const headingId = id ?? `s-${title.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;
  return (
    <section className={`section${tone === "tint" ? " section--tint" : ""}`} aria-labelledby={headingId}>
      <div className="container">
        <header className="section__head">
          {eyebrow ? <p className="eyebrow">{eyebrow}</p> : null}
          <h2 id={headingId}>{title}</h2>
          {intro ? <p className="muted">{intro}</p> : null}
        </header>
        {children}
      </div>
    </section>
  );
}

export function FeatureGrid({ items }: { items: readonly { icon: IconName; title: string; text: string }[] }) {
  return (
    <ul className="grid feature-grid">
      {items.map((item) => (
        <li key={item.title} className="feature">
          <span className="feature__icon">
            <Icon name={item.icon} />
          </span>
          <h3>{item.title}</h3>
          <p>{item.text}</p>
        </li>
      ))}
    </ul>
  );
}

export function CheckList({ items }: { items: readonly string[] }) {
  return (
    <ul className="checklist">
      {items.map((item) => (
        <li key={item}>
          <Icon name="check" size={20} />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}

export function Steps({ items }: { items: readonly string[] }) {
  return (
    <ol className="steps">
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ol>
  );
}

/** Benefit cards; `more` adds a closing card that points to the full list (fills the last row). */
export function ProductCards({
  products,
  more,
}: {
  products: readonly ProductCard[];
  more?: { href: string; title: string; text: string };
}) {
  return (
    <ul className="grid product-grid">
      {products.map((p) => (
        <li key={p.slug} className="product-card">
          <span className="feature__icon">
            <Icon name={p.icon} />
          </span>
          <h3>
            <a href={productPath(p.slug)} className="stretched">
              {p.name}
            </a>
          </h3>
          <p>{p.summary}</p>
          <span className="product-card__more">
            Learn more <Icon name="arrow" size={16} />
          </span>
        </li>
      ))}
      {more ? (
        <li className="product-card product-card--more">
          <h3>
            <a href={more.href} className="stretched">
              {more.title}
            </a>
          </h3>
          <p>{more.text}</p>
          <span className="product-card__more">
            See prices <Icon name="arrow" size={16} />
          </span>
        </li>
      ) : null}
    </ul>
  );
}

/** Questions as native disclosure widgets; a shared `name` keeps one open at a time without script. */
export function FaqList({ items, name }: { items: readonly { question: string; answer: ReactNode }[]; name: string }) {
  return (
    <div className="faq">
      {items.map((item, i) => (
        <details key={item.question} name={name} open={i === 0}>
          <summary>{item.question}</summary>
          <div className="faq__answer">{typeof item.answer === "string" ? <p>{item.answer}</p> : item.answer}</div>
        </details>
      ))}
    </div>
  );
}

export function CtaBand({ title, text, purchaseLabel }: { title: string; text: string; purchaseLabel?: string }) {
  return (
    <section className="cta-band" aria-label="Get started">
      <div className="container cta-band__inner">
        <div>
          <h2>{title}</h2>
          <p>{text}</p>
        </div>
        <div className="cta-row">
          <PurchaseButton label={purchaseLabel} className="button button--accent" />
          <DemoLink className="button button--light" />
        </div>
      </div>
    </section>
  );
}

type Quote = Pick<Testimonial, "testimonialContent" | "author">;
type Provenance = { source: NonNullable<Testimonial["source"]>; date: string };

export function TestimonialCard({ testimonial, provenance }: { testimonial: Quote; provenance?: Provenance }) {
  const { author } = testimonial;
  return (
    <figure className="quote">
      {provenance?.source.sample ? <p className="quote__sample">Sample review</p> : null}
      <blockquote>
        <p>{testimonial.testimonialContent}</p>
      </blockquote>
      <figcaption>
        <LazyImage src={author.imageUrl} alt="" width={44} height={44} className="quote__avatar" />
        <span>
          <strong>{author.name}</strong>
          <span className="muted small">
            {author.designation}, {author.organization}
          </span>
        </span>
      </figcaption>
      {provenance ? (
        <p className="quote__source muted small">
          Source:{" "}
          {provenance.source.url ? (
            <a href={provenance.source.url}>{provenance.source.label}</a>
          ) : (
            provenance.source.label
          )}
          . <time dateTime={provenance.date}>{formatDate(provenance.date)}</time>
        </p>
      ) : null}
    </figure>
  );
}
