/**
 * Addresses of the public pages, apart from their copy: the header, footer and cross-links import
 * these without pulling page copy into every page's script. The content modules' seo objects and
 * the route files use the same names.
 */
export const PAGE_PATHS = {
  home: "/",
  about: "/about-us",
  contact: "/contact-us",
  /** A team outside the checkout's 2 to 10,000 asks sales to call (docs/product.md, A way forward at the limits). */
  callBack: "/contact-us/call-back",
  terms: "/terms-of-use",
  /** Our privacy notice (docs/product.md, Personal data). */
  privacy: "/privacy",
  reviews: "/reviews",
  comparison: "/kavach-vs-market-alternatives",
  partner: "/partner",
  app: "/app",
  oneMg: "/mobile/1mg",
  benefits: "/employee-healthcare-benefits",
} as const;

/** Mobile and older variants that render their main page's content under another path. */
export const PAGE_VARIANTS = {
  contact: ["/contact", "/teamsure/contact-us"],
  about: ["/mobile/about"],
  terms: ["/mobile/terms-of-use"],
} as const;

export const productPath = (slug: string) => `/employee-healthcare/${slug}`;
/** Where each product page lived before /employee-healthcare/ (redirected: docs/product.md, Routes). */
export const legacyProductPath = (slug: string) => `/teamsure/${slug}`;
export const investorPath = (slug: string) => `/venture-capitals/${slug}`;
export const partnershipPath = (slug: string) => `/partnerships/${slug}`;
export const partnerLandingPath = (key: string) => `/partners/${key}`;
/** Where a partner landing page's data lives on this site (docs/product.md, Partner pages: GET, no credentials). */
export const partnerDataPath = (key: string) => `/partners/${key}.json`;

/** The call-back request, with the headcount the admin gave carried over. */
export const callBackPath = (headcount?: number | null) =>
  headcount != null && Number.isFinite(headcount)
    ? `${PAGE_PATHS.callBack}?${new URLSearchParams({ headcount: String(headcount) })}`
    : PAGE_PATHS.callBack;
