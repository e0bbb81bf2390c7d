/**
 * npm run size: the page-weight report. Gzip bytes of every page's HTML and of the CSS and JS it
 * references, against the budgets; exits 1 when one is missed. Starts the production build on a
 * fresh data folder, or measures BASE_URL when that is set (a server of this checkout's build:
 * the CSS and JS are weighed from public/build here).
 */
import { PUBLIC_PAGES } from "~/content/public-pages";
import {
  CSS_GZIP_TOTAL_MAX,
  HTML_GZIP_MAX,
  HYDRATED_COLD_JS_GZIP_MAX,
  KB,
  LATER_STEP_GZIP_MAX,
  PUBLIC_JS_GZIP_MAX,
} from "./budgets";
import { startBuiltServer } from "./built-server";
import { scriptSources } from "./bundle-breakdown";
import { sum, totalCss } from "./page-weight";
import { recordRunAs } from "./record";
import { CHECKOUT_STEP_PAGES } from "./signed-in-admin";
import { isHydrated, weighLaterSteps, weighSite } from "./site-weights";

const kb = (bytes: number) => (bytes / KB).toFixed(1);

recordRunAs("size", "npm run size");

const server = process.env.BASE_URL ? null : await startBuiltServer();
const origin = process.env.BASE_URL ?? server!.origin;
const { weights, later } = await (async () => {
  try {
    const weights = await weighSite(origin);
    const steps = weights.filter((w) => (CHECKOUT_STEP_PAGES as readonly string[]).includes(w.path));
    return { weights, later: await weighLaterSteps(origin, steps) };
  } finally {
    await server?.stop();
  }
})();

const width = Math.max(...weights.map((w) => w.path.length));
console.log(`${"page".padEnd(width)}  HTML KB  CSS KB  JS KB  (gzip; JS of a hydrated page: cold cache)`);
const missed: string[] = [];
const isPublic = (path: string) => PUBLIC_PAGES.some((p) => p.path === path);
for (const w of weights) {
  const js = sum(w.js);
  const hydrated = isHydrated(w);
  console.log(
    `${w.path.padEnd(width)}  ${kb(w.htmlGzip).padStart(7)}  ${kb(sum(w.css)).padStart(6)}  ${kb(js).padStart(5)}  ${hydrated ? "hydrated" : "page script"}`,
  );
  if (w.htmlGzip > HTML_GZIP_MAX) missed.push(`${w.path}: HTML ${kb(w.htmlGzip)} KB > ${kb(HTML_GZIP_MAX)} KB`);
  if (isPublic(w.path) && hydrated) missed.push(`${w.path}: a public page loads React`);
  if (isPublic(w.path) && js > PUBLIC_JS_GZIP_MAX)
    missed.push(`${w.path}: JS ${kb(js)} KB > ${kb(PUBLIC_JS_GZIP_MAX)} KB`);
  if (hydrated && js > HYDRATED_COLD_JS_GZIP_MAX)
    missed.push(`${w.path}: JS ${kb(js)} KB > ${kb(HYDRATED_COLD_JS_GZIP_MAX)} KB cold`);
}
// The first page of the purchase (decision 0053): usable on the page script alone, the client the
// next page hydrates with fetched after its load event, and the next page then adds nearly nothing.
for (const w of weights.filter((page) => page.warm.size > 0)) {
  const next = weights[weights.indexOf(w) + 1];
  const added = next ? sum(new Map([...next.js].filter(([src]) => !w.warm.has(src) && !w.js.has(src)))) : 0;
  console.log(
    `\n${w.path}: usable on ${kb(sum(w.js))} KB of JS; ${kb(sum(w.warm))} KB fetched after load for ${next?.path}, which then adds ${kb(added)} KB`,
  );
  if (sum(w.js) > PUBLIC_JS_GZIP_MAX)
    missed.push(`${w.path}: JS before usable ${kb(sum(w.js))} KB > ${kb(PUBLIC_JS_GZIP_MAX)} KB`);
  if (sum(w.warm) > HYDRATED_COLD_JS_GZIP_MAX)
    missed.push(`${w.path}: JS fetched after load ${kb(sum(w.warm))} KB > ${kb(HYDRATED_COLD_JS_GZIP_MAX)} KB`);
  if (added > LATER_STEP_GZIP_MAX)
    missed.push(`${next?.path}: JS after the first page ${kb(added)} KB > ${kb(LATER_STEP_GZIP_MAX)} KB`);
}
console.log(`\nLater steps reached client-side (after ${CHECKOUT_STEP_PAGES[0]} cold), KB gzip:`);
console.log(`${"step".padEnd(width)}  new JS  data  total`);
for (const s of later) {
  const total = s.newJs + s.data;
  console.log(
    `${s.path.padEnd(width)}  ${kb(s.newJs).padStart(6)}  ${kb(s.data).padStart(4)}  ${kb(total).padStart(5)}`,
  );
  if (total > LATER_STEP_GZIP_MAX) missed.push(`${s.path}: later step ${kb(total)} KB > ${kb(LATER_STEP_GZIP_MAX)} KB`);
}
const css = totalCss(weights);
if (css > CSS_GZIP_TOTAL_MAX) missed.push(`CSS in all: ${kb(css)} KB > ${kb(CSS_GZIP_TOTAL_MAX)} KB`);

const largest = (pick: (w: (typeof weights)[number]) => number) =>
  weights.reduce((a, b) => (pick(b) > pick(a) ? b : a));
const html = largest((w) => w.htmlGzip);
const publicJs = largest((w) => (isPublic(w.path) ? sum(w.js) : 0));
const js = largest((w) => sum(w.js));
console.log(
  `\n${weights.length} pages. Largest HTML: ${html.path} ${kb(html.htmlGzip)} KB (budget ${kb(HTML_GZIP_MAX)} KB).`,
);
console.log(
  `Largest public-page JS: ${publicJs.path} ${kb(sum(publicJs.js))} KB (budget ${kb(PUBLIC_JS_GZIP_MAX)} KB); where it comes from:`,
);
// Where the page script's bytes come from (gzip shared out by esbuild's metafile).
for (const share of scriptSources(publicJs.js).slice(0, 8))
  console.log(`  ${kb(share.gzip).padStart(5)} KB  ${share.source}`);
console.log(
  `Largest hydrated JS: ${js.path} ${kb(sum(js.js))} KB in ${js.js.size} files, cold (budget ${kb(HYDRATED_COLD_JS_GZIP_MAX)} KB).`,
);
console.log(`CSS in all: ${kb(css)} KB (budget ${kb(CSS_GZIP_TOTAL_MAX)} KB).`);
if (missed.length) {
  console.log(`\nBudgets missed:\n  ${missed.join("\n  ")}`);
  process.exitCode = 1;
} else {
  console.log("All size budgets met.");
}
