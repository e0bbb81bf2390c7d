import type { PageSeo } from "~/content/seo";
import { BENEFITS_SEO } from "./benefits";
import { ABOUT_SEO, CALL_BACK_SEO, CONTACT_SEO } from "./company";
import { COMPARISON_SEO } from "./comparison";
import { HOME_SEO } from "./home";
import { INVESTORS } from "./investors";
import { REVIEWS_SEO, TERMS_SEO } from "./legal";
import { APP_SEO, ONE_MG_SEO } from "./mobile-app";
import { PAGE_VARIANTS, investorPath, partnerLandingPath, partnershipPath, productPath } from "~/routing/page-paths";
import { PARTNER_LANDINGS } from "./partner-landings";
import { PARTNER_PROGRAM_SEO } from "./partner-program";
import { PRIVACY_SEO } from "./privacy";
import { PARTNERSHIPS } from "./partnerships";
import { PRODUCTS } from "./products";

/**
 * Every public page, once: the sitemap lists them, the tests walk them. A page's `seo.path` is its
 * canonical address; variants (mobile pages, older contact paths) name their main page there.
 */
export interface PublicPage {
  path: string;
  seo: PageSeo;
}

const page = (seo: PageSeo, path = seo.path): PublicPage => ({ path, seo });

export const PUBLIC_PAGES: readonly PublicPage[] = [
  page(HOME_SEO),
  page(ABOUT_SEO),
  ...PAGE_VARIANTS.about.map((path) => page(ABOUT_SEO, path)),
  page(CONTACT_SEO),
  ...PAGE_VARIANTS.contact.map((path) => page(CONTACT_SEO, path)),
  page(CALL_BACK_SEO),
  page(TERMS_SEO),
  ...PAGE_VARIANTS.terms.map((path) => page(TERMS_SEO, path)),
  page(PRIVACY_SEO),
  page(REVIEWS_SEO),
  page(COMPARISON_SEO),
  page(PARTNER_PROGRAM_SEO),
  page(APP_SEO),
  page(ONE_MG_SEO),
  page(BENEFITS_SEO),
  ...PRODUCTS.map((p) => page({ ...p.seo, path: productPath(p.slug) })),
  ...INVESTORS.map((i) => page({ ...i.seo, path: investorPath(i.slug) })),
  ...PARTNERSHIPS.map((p) => page({ ...p.seo, path: partnershipPath(p.slug) })),
  ...PARTNER_LANDINGS.map((p) => page({ ...p.seo, path: partnerLandingPath(p.key) })),
];

/** Pages that are their own canonical address: what the sitemap lists. */
export const CANONICAL_PAGES = PUBLIC_PAGES.filter((p) => p.path === p.seo.path);
