import type { MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Icon } from "~/components/icons";
import { CtaBand, PageHero, Section } from "~/components/marketing";
import { COMPARISON, COMPARISON_SEO } from "~/content/comparison";
import { seoMeta } from "~/content/seo";

export async function loader() {
  return data({ seo: COMPARISON_SEO, comparison: COMPARISON });
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => (data ? seoMeta(data.seo, matches) : []);

function Cell({ value }: { value: string | boolean }) {
  if (typeof value === "string") return <>{value}</>;
  return (
    <span className={value ? "mark mark--yes" : "mark mark--no"}>
      <Icon name={value ? "check" : "cross"} size={18} />
      <span>{value ? "Yes" : "No"}</span>
    </span>
  );
}

export default function Comparison() {
  const { comparison } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHero eyebrow="Compare" title={comparison.headline} intro={comparison.intro} icon="trend" />
      <div className="container section">
        <p className="compare__hint muted small">Scroll the table sideways to see all four options.</p>
        {/* Focusable so the table can be scrolled sideways from the keyboard on a phone. */}
        <div className="table-wrap" role="region" aria-labelledby="compare-caption" tabIndex={0}>
          <table className="compare">
            <caption id="compare-caption" className="visually-hidden">
              Kavach compared with three common alternatives
            </caption>
            <thead>
              <tr>
                <td />
                {comparison.columns.map((c) => (
                  <th key={c} scope="col">
                    {c}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {comparison.rows.map(([label, ...values]) => (
                <tr key={label}>
                  <th scope="row">{label}</th>
                  {values.map((v, i) => (
                    <td key={i}>
                      <Cell value={v} />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
      <Section tone="tint" title="Which is right for you?">
        <ul className="grid compare-teaser">
          {comparison.takeaways.map((t) => (
            <li key={t.title} className="card">
              <h3>{t.title}</h3>
              <p>{t.text}</p>
            </li>
          ))}
        </ul>
      </Section>
      <CtaBand
        title="See your price in minutes"
        text="Enter your GSTIN, pick a plan and count your team. No commitment until you pay."
      />
    </>
  );
}
