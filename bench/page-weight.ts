import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { ROOT } from "./built-server";

/**
 * What one page weighs on the wire: its HTML and the CSS and JS it references, each gzipped at
 * zlib's default level (what the server uses: server/remix-handler.ts for pages, the compression
 * middleware for files), from the build on disk.
 */
export interface PageWeight {
  path: string;
  htmlGzip: number;
  /** Stylesheet hrefs under /build/ and the gzip size of each. */
  css: Map<string, number>;
  /** modulepreload and script srcs under /build/ and the gzip size of each. */
  js: Map<string, number>;
  /**
   * Script the page fetches only after its load event, for the next page to hydrate from (its
   * prefetch links, decision 0053): not what the page waits for, so not in `js`.
   */
  warm: Map<string, number>;
}

export const gzipSize = (data: string | Buffer) => zlib.gzipSync(data).length;

const gzipOfBuildFile = new Map<string, number>();
/** Fingerprinted files never change under their name, so each is gzipped once per run. */
function buildFileGzip(href: string): number {
  let size = gzipOfBuildFile.get(href);
  if (size === undefined) {
    size = gzipSize(fs.readFileSync(path.join(ROOT, "public", href)));
    gzipOfBuildFile.set(href, size);
  }
  return size;
}

/** Attribute values of the tags matching `tag` whose `attr` is a /build/ URL. */
function buildUrls(html: string, tag: RegExp, attr: string): string[] {
  const urls = new Set<string>();
  for (const [element] of html.matchAll(tag)) {
    const url = element.match(new RegExp(`\\s${attr}="([^"]+)"`))?.[1];
    if (url?.startsWith("/build/")) urls.add(url);
  }
  return [...urls];
}

export function weighPage(pagePath: string, html: string): PageWeight {
  const stylesheets = buildUrls(html, /<link\b[^>]*\brel="stylesheet"[^>]*>/g, "href");
  // The next step's script, fetched ahead (data-next-page), is that step's weight, not this page's.
  const scripts = [
    ...buildUrls(html, /<link\b(?![^>]*data-next-page)[^>]*\brel="modulepreload"[^>]*>/g, "href"),
    ...buildUrls(html, /<script\b[^>]*>/g, "src"),
  ];
  return {
    path: pagePath,
    htmlGzip: gzipSize(html),
    css: new Map(stylesheets.map((href) => [href, buildFileGzip(href)])),
    js: new Map([...new Set(scripts)].map((src) => [src, buildFileGzip(src)])),
    warm: new Map(
      buildUrls(html, /<link\b[^>]*\brel="prefetch"[^>]*>/g, "href").map((src) => [src, buildFileGzip(src)]),
    ),
  };
}

export const sum = (sizes: Map<string, number>) => [...sizes.values()].reduce((a, b) => a + b, 0);

/** Every distinct stylesheet across the pages, summed once: the CSS budget is for the site. */
export function totalCss(pages: readonly PageWeight[]): number {
  const all = new Map<string, number>();
  for (const page of pages) for (const [href, size] of page.css) all.set(href, size);
  return sum(all);
}
