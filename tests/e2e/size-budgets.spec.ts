import { expect, test } from "@playwright/test";
import {
  CSS_GZIP_TOTAL_MAX,
  HTML_GZIP_MAX,
  HYDRATED_COLD_JS_GZIP_MAX,
  KB,
  LATER_STEP_GZIP_MAX,
  PUBLIC_JS_GZIP_MAX,
} from "../../bench/budgets";
import type { PageWeight } from "../../bench/page-weight";
import { sum, totalCss } from "../../bench/page-weight";
import type { LaterStep } from "../../bench/site-weights";
import { isHydrated, weighLaterSteps, weighSite } from "../../bench/site-weights";
import { CHECKOUT_STEP_PAGES } from "../../bench/signed-in-admin";
import { PUBLIC_PAGES } from "../../app/content/public-pages";

/**
 * The page-weight budgets (bench/budgets.ts; decision 0003), on the built app the e2e server runs:
 * every public page, the sign-in screens and every checkout step, cold and reached client-side.
 */
const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;
/** Served plain, fetching the client after its load event (decision 0053). */
const FIRST_PAGE = "/checkout/verify";
let pages: PageWeight[];
let later: LaterStep[];

test.beforeAll(async ({}, testInfo) => {
  test.setTimeout(120_000);
  pages = await weighSite(testInfo.project.use.baseURL!);
  later = await weighLaterSteps(
    testInfo.project.use.baseURL!,
    pages.filter((p) => (CHECKOUT_STEP_PAGES as readonly string[]).includes(p.path)),
  );
});

test(`every page's HTML is at most ${kb(HTML_GZIP_MAX)} gzip`, () => {
  const over = pages.filter((p) => p.htmlGzip > HTML_GZIP_MAX).map((p) => `${p.path}: ${kb(p.htmlGzip)}`);
  expect(over).toEqual([]);
});

test(`all the site's CSS together is at most ${kb(CSS_GZIP_TOTAL_MAX)} gzip`, () => {
  expect(totalCss(pages)).toBeLessThanOrEqual(CSS_GZIP_TOTAL_MAX);
});

test(`public pages load no React and at most ${kb(PUBLIC_JS_GZIP_MAX)} of script, gzip`, () => {
  const publicPages = pages.filter((p) => PUBLIC_PAGES.some((pp) => pp.path === p.path));
  expect(publicPages.length).toBe(PUBLIC_PAGES.length);
  expect(publicPages.filter(isHydrated).map((p) => p.path)).toEqual([]);
  expect(
    publicPages.filter((p) => [...p.js.keys()].some((src) => !src.startsWith("/build/enhance-"))).map((p) => p.path),
  ).toEqual([]);
  expect(publicPages.filter((p) => sum(p.js) > PUBLIC_JS_GZIP_MAX).map((p) => `${p.path}: ${kb(sum(p.js))}`)).toEqual(
    [],
  );
  // The page script is found in every public page, so the figure above is measured, not an absence.
  expect(publicPages.filter((p) => p.js.size === 0).map((p) => p.path)).toEqual([]);
});

test(`every checkout step after the first hydrates with at most ${kb(HYDRATED_COLD_JS_GZIP_MAX)} of script on a cold cache`, () => {
  const steps = pages.filter((p) => p.path.startsWith("/checkout/") && p.path !== FIRST_PAGE);
  expect(steps.filter((p) => !isHydrated(p)).map((p) => p.path)).toEqual([]);
  expect(steps.filter((p) => sum(p.js) > HYDRATED_COLD_JS_GZIP_MAX).map((p) => `${p.path}: ${kb(sum(p.js))}`)).toEqual(
    [],
  );
});

test(`the first checkout page is usable on at most ${kb(PUBLIC_JS_GZIP_MAX)} of script, and fetches the client only after load`, () => {
  const first = pages.find((p) => p.path === FIRST_PAGE)!;
  const next = pages.find((p) => p.path === "/checkout/verify-otp")!;
  // Served plain (decision 0053): the page script, no React, before it is usable …
  expect(isHydrated(first)).toBe(false);
  expect([...first.js.keys()].filter((src) => !src.startsWith("/build/enhance-"))).toEqual([]);
  expect(sum(first.js)).toBeLessThanOrEqual(PUBLIC_JS_GZIP_MAX);
  // … then the code page's whole client, within the cold budget, so that page adds no script.
  expect(sum(first.warm)).toBeLessThanOrEqual(HYDRATED_COLD_JS_GZIP_MAX);
  expect([...next.js.keys()].filter((src) => !first.warm.has(src) && !first.js.has(src))).toEqual([]);
  expect(isHydrated(next)).toBe(true);
});

test(`every later step reached client-side costs at most ${kb(LATER_STEP_GZIP_MAX)}: new script and data`, () => {
  expect(later.length).toBe(CHECKOUT_STEP_PAGES.length - 1);
  const over = later
    .filter((s) => s.newJs + s.data > LATER_STEP_GZIP_MAX)
    .map((s) => `${s.path}: ${kb(s.newJs)} + ${kb(s.data)}`);
  expect(over).toEqual([]);
  // The data is measured, not an error page: each answer carries the step's loader data.
  expect(later.filter((s) => s.data < 200).map((s) => s.path)).toEqual([]);
});
