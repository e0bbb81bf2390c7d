import { describe, expect, it } from "vitest";
import { CANONICAL_PAGES, PUBLIC_PAGES } from "~/content/public-pages";
import { EXTERNAL } from "~/content/site";
import { PRODUCT_SLUGS } from "~/content/products";
import { PATHS } from "~/routing/paths";
import { REDIRECTS, redirectTarget } from "~/routing/redirects";

const ORIGIN = "https://kavach.example";
const at = (path: string) => redirectTarget(new URL(path, ORIGIN));
const publicPaths = new Set(PUBLIC_PAGES.map((p) => p.path));

describe("redirect table", () => {
  it.each([...REDIRECTS])("%s goes to %s", (from, to) => {
    expect(at(from)).toBe(to);
  });

  it("sends every older path to a page that exists or to configured external addresses", () => {
    const external = new Set<string>([EXTERNAL.blog, EXTERNAL.faq]);
    for (const [from, to] of REDIRECTS) {
      expect(publicPaths.has(from), `${from} is both a page and a redirect`).toBe(false);
      expect(publicPaths.has(to) || to === PATHS.checkout.verify || external.has(to), `${from} → ${to}`).toBe(true);
    }
  });

  it("covers the older paths of docs/product.md, Routes", () => {
    expect(at("/teamsure/verify")).toBe("/checkout/verify");
    expect(at("/teamsure/termsofuse")).toBe("/terms-of-use");
    expect(at("/teamsure/about-us")).toBe("/about-us");
    expect(at("/teamsure/faq")).toBe(EXTERNAL.faq);
    expect(at("/discover")).toBe(EXTERNAL.blog);
    for (const slug of PRODUCT_SLUGS) expect(at(`/teamsure/${slug}`)).toBe(`/employee-healthcare/${slug}`);
  });

  it("carries the query string over, to this site and to external pages", () => {
    expect(at("/teamsure/group-health-insurance?utm_source=x&utm_campaign=mediascopy")).toBe(
      "/employee-healthcare/group-health-insurance?utm_source=x&utm_campaign=mediascopy",
    );
    expect(at("/teamsure/verify?prefill=1&gstin=29AAKCF2931M1Z6")).toBe(
      "/checkout/verify?prefill=1&gstin=29AAKCF2931M1Z6",
    );
    expect(at("/discover?ref=footer")).toBe(`${new URL(EXTERNAL.blog).toString()}?ref=footer`);
  });

  it("ignores a trailing slash and answers null for paths not in the table", () => {
    expect(at("/teamsure/about-us/")).toBe("/about-us");
    expect(at("/no-such-page")).toBeNull();
    expect(at("/")).toBeNull();
    expect(at("/teamsure")).toBeNull();
  });
});

describe("public page list", () => {
  it("names each path once, with a canonical that is itself a listed page", () => {
    expect(publicPaths.size).toBe(PUBLIC_PAGES.length);
    const canonical = new Set(CANONICAL_PAGES.map((p) => p.path));
    for (const page of PUBLIC_PAGES) expect(canonical.has(page.seo.path), page.path).toBe(true);
  });

  it("has the pages the issue names, four or more investor, partnership and partner landing pages", () => {
    for (const path of [
      "/",
      "/contact",
      "/contact-us",
      "/teamsure/contact-us",
      "/terms-of-use",
      "/mobile/terms-of-use",
      "/about-us",
      "/mobile/about",
      "/reviews",
      "/kavach-vs-market-alternatives",
      "/partner",
      "/app",
      "/mobile/1mg",
      "/employee-healthcare-benefits",
    ]) {
      expect(publicPaths.has(path), path).toBe(true);
    }
    const count = (prefix: string) => PUBLIC_PAGES.filter((p) => p.path.startsWith(prefix)).length;
    expect(count("/employee-healthcare/")).toBe(7);
    expect(count("/venture-capitals/")).toBeGreaterThanOrEqual(4);
    expect(count("/partnerships/")).toBeGreaterThanOrEqual(4);
    expect(count("/partners/")).toBe(4);
  });

  it("gives every canonical page its own title and description", () => {
    const titles = CANONICAL_PAGES.map((p) => p.seo.title);
    const descriptions = CANONICAL_PAGES.map((p) => p.seo.description);
    expect(new Set(titles).size).toBe(titles.length);
    expect(new Set(descriptions).size).toBe(descriptions.length);
    for (const p of CANONICAL_PAGES) expect(p.seo.keywords?.length, p.path).toBeGreaterThan(0);
  });
});
