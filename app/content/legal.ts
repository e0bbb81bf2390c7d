import type { PageSeo } from "~/content/seo";
import { PAGE_PATHS } from "~/routing/page-paths";

/** Terms of use (text from the API's /tnc) and the reviews page (testimonials from /web-contents). */
export const TERMS_SEO: PageSeo = {
  title: "Terms of use",
  description:
    "The terms that apply when you use the Kavach website and app and buy group health benefits for your company.",
  keywords: ["Kavach terms of use", "terms and conditions"],
  path: PAGE_PATHS.terms,
};

/** The terms version this site shows; a new version is published by raising it. */
export const TERMS_VERSION = 1;

export const REVIEWS_SEO: PageSeo = {
  title: "Customer reviews",
  description: "What founders, HR leaders and employees say about Kavach group health benefits.",
  keywords: ["Kavach reviews", "Kavach testimonials", "group health insurance reviews"],
  path: PAGE_PATHS.reviews,
};
