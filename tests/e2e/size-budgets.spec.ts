import { expect, test } from "@playwright/test";
import { scriptSources } from "../../bench/bundle-breakdown";
import { CSS_GZIP_TOTAL_MAX, HTML_GZIP_MAX, JS_GZIP_PER_PAGE_MAX, KB } from "../../bench/budgets";
import type { PageWeight } from "../../bench/page-weight";
import { sum, totalCss } from "../../bench/page-weight";
import { weighSite } from "../../bench/site-weights";

/**
 * The page-weight budgets of issue 7, on the built app the e2e server runs: every public page and
 * every checkout step (`npm run size` prints the same figures as a table).
 */
const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;
let pages: PageWeight[];

test.beforeAll(async ({}, testInfo) => {
  pages = await weighSite(testInfo.project.use.baseURL!);
});

test(`every page's HTML is at most ${kb(HTML_GZIP_MAX)} gzip`, () => {
  const over = pages.filter((p) => p.htmlGzip > HTML_GZIP_MAX).map((p) => `${p.path}: ${kb(p.htmlGzip)}`);
  expect(over).toEqual([]);
});

test(`all the site's CSS together is at most ${kb(CSS_GZIP_TOTAL_MAX)} gzip`, () => {
  expect(totalCss(pages)).toBeLessThanOrEqual(CSS_GZIP_TOTAL_MAX);
});

test(`the script each page loads is at most ${kb(JS_GZIP_PER_PAGE_MAX)} gzip`, () => {
  const over = pages.filter((p) => sum(p.js) > JS_GZIP_PER_PAGE_MAX);
  const heaviest = over.reduce<PageWeight | null>((a, b) => (a && sum(a.js) >= sum(b.js) ? a : b), null);
  // Name where the bytes of the heaviest page come from, so a failure says what to cut.
  const why = heaviest
    ? `\n${heaviest.path} by source:\n` + scriptSources(heaviest.js).slice(0, 10).map((s) => `  ${kb(s.gzip)}  ${s.source}`).join("\n")
    : "";
  expect(over.map((p) => `${p.path}: ${kb(sum(p.js))}`), why).toEqual([]);
});
