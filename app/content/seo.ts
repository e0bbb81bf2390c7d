import type { MetaDescriptor } from "@remix-run/node";
import { PRODUCT_NAME } from "~/config/constants";

/** What every main route declares about itself (docs/product.md, Page behaviour). */
export interface PageSeo {
  title: string;
  description: string;
  keywords?: readonly string[];
  /** Path of the canonical address, e.g. "/about-us" (mobile variants name their main page). */
  path: string;
}

/**
 * Keywords of the pages that name none of their own: the checkout steps and the payment outcomes,
 * which are all the one purchase.
 */
export const PURCHASE_KEYWORDS = [
  "buy group health insurance online",
  "employee health benefits",
  "group health insurance for small business",
  PRODUCT_NAME,
] as const;

interface MatchWithData {
  id: string;
  data?: unknown;
}

/** Builds title, description, keywords and canonical; the origin comes from the root loader. */
export function seoMeta(page: PageSeo, matches: readonly MatchWithData[] | undefined): MetaDescriptor[] {
  const rootData = matches?.find((m) => m.id === "root")?.data as { origin?: string } | undefined;
  const origin = rootData?.origin ?? "";
  const title = page.title.includes(PRODUCT_NAME) ? page.title : `${page.title} | ${PRODUCT_NAME}`;
  return [
    { title },
    { name: "description", content: page.description },
    { name: "keywords", content: (page.keywords?.length ? page.keywords : PURCHASE_KEYWORDS).join(", ") },
    { tagName: "link", rel: "canonical", href: `${origin}${page.path}` },
    { property: "og:title", content: title },
    { property: "og:description", content: page.description },
  ];
}

/** The loader page (docs/product.md, Query handling): reloads `to` after a second, kept out of search. */
export function loaderPageMeta(to: string): MetaDescriptor[] {
  return [
    { title: PRODUCT_NAME },
    { httpEquiv: "refresh", content: `1;url=${to}` },
    { name: "robots", content: "noindex" },
  ];
}
