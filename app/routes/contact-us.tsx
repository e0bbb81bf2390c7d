import type { MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Icon } from "~/components/icons";
import { PageHero, Section } from "~/components/marketing";
import { CONTACT, CONTACT_SEO } from "~/content/company";
import { CORPORATE, EXTERNAL } from "~/content/site";
import { seoMeta } from "~/content/seo";

export async function loader() {
  return data({ seo: CONTACT_SEO, contact: CONTACT });
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => (data ? seoMeta(data.seo, matches) : []);

export default function ContactUs() {
  const { contact } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHero eyebrow="Contact" title={contact.headline} intro={contact.intro} icon="headset" />
      <Section title="How can we help?">
        <ul className="grid contact-grid">
          {contact.channels.map((c) => (
            <li key={c.title} className="card contact-card">
              <span className="feature__icon">
                <Icon name={c.icon} />
              </span>
              <h3>{c.title}</h3>
              <p>{c.text}</p>
              <p className="contact-card__links">
                <a href={`mailto:${c.email}`}>{c.email}</a>
                {c.link.external ? (
                  <a href={c.link.href} target="_blank" rel="noopener noreferrer">
                    {c.link.label}
                    <span className="visually-hidden"> (opens in a new window)</span>
                  </a>
                ) : (
                  <a href={c.link.href}>{c.link.label}</a>
                )}
              </p>
            </li>
          ))}
        </ul>
      </Section>
      <Section tone="tint" title="Visit or call">
        <div className="grid visit-grid">
          <div className="visit">
            <Icon name="pin" />
            <address>
              <strong>{CORPORATE.legalName}</strong>
              {CORPORATE.address.map((line) => (
                <span key={line}>{line}</span>
              ))}
            </address>
          </div>
          <div className="visit">
            <Icon name="phone" />
            <p>
              <a href={CORPORATE.phoneHref}>{CORPORATE.phone}</a>
              <span className="muted">{CORPORATE.hours}</span>
            </p>
          </div>
          <div className="visit">
            <Icon name="clock" />
            <p>
              <strong>Emergency hospitalisation?</strong>
              <span className="muted">
                Show the e-card at a network hospital; our claims desk works around the clock. See the{" "}
                <a href={EXTERNAL.faq}>FAQ</a>.
              </span>
            </p>
          </div>
        </div>
      </Section>
    </>
  );
}
