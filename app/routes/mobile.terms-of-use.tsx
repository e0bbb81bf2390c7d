import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { TermsPage } from "~/components/pages/terms-page";
import { TERMS_SEO } from "~/content/legal";
import { loadTerms } from "~/content/terms.server";
import { seoMeta } from "~/seo";

/** Mobile variant of /terms-of-use: same text, canonical on the main page. */
export const meta: MetaFunction = ({ matches }) => seoMeta(TERMS_SEO, matches);

export const loader = () => loadTerms();

export default function TermsOfUse() {
  const { terms, error } = useLoaderData<typeof loader>();
  return <TermsPage terms={terms} error={error} />;
}
