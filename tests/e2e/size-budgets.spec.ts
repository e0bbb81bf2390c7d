import { expect, test } from "@playwright/test";
import { CSS_GZIP_TOTAL_MAX, HTML_GZIP_MAX, JS_GZIP_PER_PAGE_MAX, KB } from "../../bench/budgets";
import type { PageWeight } from "../../bench/page-weight";
import { sum, totalCss } from "../../bench/page-weight";
import { weighSite } from "../../bench/site-weights";

/**
 * The page-weight budgets (bench/budgets.ts; decision 0003), on the built app the e2e server runs: every public page, the
 * sign-in screens and every checkout step.
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

test(`every page loads at most ${kb(JS_GZIP_PER_PAGE_MAX)} of script, gzip`, () => {
  const over = pages.filter((p) => sum(p.js) > JS_GZIP_PER_PAGE_MAX).map((p) => `${p.path}: ${kb(sum(p.js))}`);
  expect(over).toEqual([]);
  // The script is found in every page, so the figure above is measured, not an absence.
  expect(pages.filter((p) => p.js.size === 0).map((p) => p.path)).toEqual([]);
});
