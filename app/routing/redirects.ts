import { EXTERNAL } from "~/content/site";
import { INVESTORS } from "~/content/investors";
import { PAGE_PATHS, investorPath, legacyProductPath, partnershipPath, productPath } from "~/routing/page-paths";
import { PARTNERSHIPS } from "~/content/partnerships";
import { PRODUCTS } from "~/content/products";
import { PATHS } from "~/routing/paths";

/**
 * The one table of older addresses (docs/product.md, Routes): each answers 301 to its new page. Targets are paths on
 * this site or external addresses from configuration. The splat route consults it before a 404.
 */
export const REDIRECTS: ReadonlyMap<string, string> = new Map<string, string>([
  ["/teamsure/verify", PATHS.checkout.verify],
  ["/teamsure/termsofuse", PAGE_PATHS.terms],
  ["/teamsure/about-us", PAGE_PATHS.about],
  ["/teamsure/employee-healthcare-benefits", PAGE_PATHS.benefits],
  ...PRODUCTS.map((p): [string, string] => [legacyProductPath(p.slug), productPath(p.slug)]),
  ...INVESTORS.map((i): [string, string] => [i.legacyPath, investorPath(i.slug)]),
  ...PARTNERSHIPS.map((p): [string, string] => [p.legacyPath, partnershipPath(p.slug)]),
  ["/discover", EXTERNAL.blog],
  ["/teamsure/faq", EXTERNAL.faq],
  ["/faq", EXTERNAL.faq],
]);

/**
 * Where an older address now lives, with the visitor's query string carried over (campaign and
 * prefill parameters must survive the hop). A trailing slash is ignored. Null when not in the table.
 */
export function redirectTarget(url: URL): string | null {
  const path = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, "") : url.pathname;
  const target = REDIRECTS.get(path);
  if (!target) return null;
  if (!url.search) return target;
  const next = new URL(target, url.origin);
  for (const [key, value] of url.searchParams) next.searchParams.append(key, value);
  return next.origin === url.origin ? `${next.pathname}${next.search}` : next.toString();
}
