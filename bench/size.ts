/**
 * npm run size: the page-weight report. Gzip bytes of every page's HTML and of the CSS and JS it
 * references, against the budgets; exits 1 when one is missed. Starts the production build on a
 * fresh data folder, or measures BASE_URL when that is set (a server of this checkout's build:
 * the CSS and JS are weighed from public/build here).
 */
import { CSS_GZIP_TOTAL_MAX, HTML_GZIP_MAX, JS_GZIP_PER_PAGE_MAX, KB } from "./budgets";
import { startBuiltServer } from "./built-server";
import { scriptSources } from "./bundle-breakdown";
import { sum, totalCss } from "./page-weight";
import { weighSite } from "./site-weights";

const kb = (bytes: number) => (bytes / KB).toFixed(1);

const server = process.env.BASE_URL ? null : await startBuiltServer();
const weights = await (async () => {
  try {
    return await weighSite(process.env.BASE_URL ?? server!.origin);
  } finally {
    await server?.stop();
  }
})();

const width = Math.max(...weights.map((w) => w.path.length));
console.log(`${"page".padEnd(width)}  HTML KB  CSS KB  JS KB  (gzip)`);
const missed: string[] = [];
for (const w of weights) {
  const js = sum(w.js);
  console.log(`${w.path.padEnd(width)}  ${kb(w.htmlGzip).padStart(7)}  ${kb(sum(w.css)).padStart(6)}  ${kb(js).padStart(5)}`);
  if (w.htmlGzip > HTML_GZIP_MAX) missed.push(`${w.path}: HTML ${kb(w.htmlGzip)} KB > ${kb(HTML_GZIP_MAX)} KB`);
  if (js > JS_GZIP_PER_PAGE_MAX) missed.push(`${w.path}: JS ${kb(js)} KB > ${kb(JS_GZIP_PER_PAGE_MAX)} KB`);
}
const css = totalCss(weights);
if (css > CSS_GZIP_TOTAL_MAX) missed.push(`CSS in all: ${kb(css)} KB > ${kb(CSS_GZIP_TOTAL_MAX)} KB`);

const largest = (pick: (w: (typeof weights)[number]) => number) => weights.reduce((a, b) => (pick(b) > pick(a) ? b : a));
const html = largest((w) => w.htmlGzip);
const js = largest((w) => sum(w.js));
console.log(`\n${weights.length} pages. Largest HTML: ${html.path} ${kb(html.htmlGzip)} KB (budget ${kb(HTML_GZIP_MAX)} KB).`);
console.log(`Largest JS: ${js.path} ${kb(sum(js.js))} KB in ${js.js.size} files (budget ${kb(JS_GZIP_PER_PAGE_MAX)} KB per page).`);
// Where the script bytes of the heaviest page come from (gzip shared out by esbuild's metafile).
for (const share of scriptSources(js.js).slice(0, 12)) console.log(`  ${kb(share.gzip).padStart(5)} KB  ${share.source}`);
console.log(`CSS in all: ${kb(css)} KB (budget ${kb(CSS_GZIP_TOTAL_MAX)} KB).`);
if (missed.length) {
  console.log(`\nBudgets missed:\n  ${missed.join("\n  ")}`);
  process.exitCode = 1;
} else {
  console.log("All size budgets met.");
}
