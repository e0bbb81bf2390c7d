import { expect, test } from "@playwright/test";
import { CSS_GZIP_TOTAL_MAX, HTML_GZIP_MAX, KB } from "../../bench/budgets";
import type { PageWeight } from "../../bench/page-weight";
import { totalCss } from "../../bench/page-weight";
import { weighSite } from "../../bench/site-weights";

/**
 * The page-weight budgets of issue 7 that the app meets, on the built app the e2e server runs: every
 * public page and every checkout step. The per-page script budget (JS_GZIP_PER_PAGE_MAX) is not met
 * yet: React, React DOM and Remix's client runtime alone weigh about 81 KB gzip, so `npm run size`
 * reports that figure per page, with where the bytes go, instead of a test claiming it.
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
