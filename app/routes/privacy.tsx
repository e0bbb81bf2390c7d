import type { MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { PageHero, Section } from "~/components/marketing";
import { DATA_CONTACT, DATA_NOTICE, PRIVACY_PAGE, PRIVACY_SEO } from "~/content/privacy";
import { seoMeta } from "~/content/seo";

/** The page's copy travels as loader data, so it is not also shipped in every visitor's script. */
export async function loader() {
  return data({ seo: PRIVACY_SEO, page: PRIVACY_PAGE, notice: DATA_NOTICE, contact: DATA_CONTACT });
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => (data ? seoMeta(data.seo, matches) : []);

/** Our own privacy notice (docs/product.md, Personal data): a plain public page, served from memory like the others. */
export default function Privacy() {
  const { page, notice, contact } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHero eyebrow="Legal" title="Privacy notice" intro={page.intro} icon="lock" />
      <Section title="Employees and their families" id="privacy-members">
        <div className="prose">
          <p>
            A company admin gives us the details of the employees and family members the company covers. This is what we
            do with them.
          </p>
          <dl className="info-list">
            {notice.map((point) => (
              <div key={point.label}>
                <dt>{point.label}</dt>
                <dd>{point.text}</dd>
              </div>
            ))}
          </dl>
        </div>
      </Section>
      <Section tone="tint" title="Company admins" id="privacy-admins">
        <div className="prose">
          {page.admins.map((p) => (
            <p key={p.slice(0, 40)}>{p}</p>
          ))}
        </div>
      </Section>
      <Section title="Where members’ details never go" id="privacy-not-shared">
        <div className="prose">
          {page.notShared.map((p) => (
            <p key={p.slice(0, 40)}>{p}</p>
          ))}
          <p>{page.breach}</p>
        </div>
      </Section>
      <Section tone="tint" title="Contact for data matters" id="privacy-contact">
        <div className="prose" data-testid="data-contact">
          <p>
            {contact.role}: {contact.name}
            <br />
            Email: <a href={`mailto:${contact.email}`}>{contact.email}</a>
            <br />
            Post: {contact.address}
          </p>
          <p className="muted small">Last updated {page.updated}.</p>
        </div>
      </Section>
    </>
  );
}
