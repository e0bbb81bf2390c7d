import { createHash } from "node:crypto";
import { gzipSync } from "node:zlib";
import type { Request, RequestHandler, Response } from "express";

/**
 * Public pages from memory (docs/decisions/0010). A page the app marks `Cache-Control: public,
 * s-maxage=N` (an unhydrated page answered to an anonymous visitor, with no cookie set) is kept for
 * N seconds under its address and served from here with a strong ETag, 304 on a matching
 * If-None-Match. A request that carries any of the app's own cookies is never answered from here,
 * so a signed-in admin, or a visitor with a flash message waiting, always gets a fresh render.
 * Each process keeps its own copy; a deploy starts empty, and N bounds how stale a shared cache
 * (a CDN honouring s-maxage) can be.
 */
export interface PageCacheOptions {
  /** Cookies whose presence means the page is personal. */
  personalCookies: string[];
  maxEntries?: number;
  now?: () => number;
}

interface CachedPage {
  status: number;
  headers: Array<[string, string]>;
  body: Buffer;
  gzipped: Buffer;
  etag: string;
  storedAt: number;
  expiresAt: number;
}

const MAX_AGE = /(?:^|,)\s*s-maxage=(\d+)/;

export function createPageCache({ personalCookies, maxEntries = 500, now = Date.now }: PageCacheOptions) {
  const pages = new Map<string, CachedPage>();
  const personal = new RegExp(`(?:^|;\\s*)(?:${personalCookies.map((c) => c.replace(/[^\w-]/g, "\\$&")).join("|")})=`);

  const keyOf = (req: Request) => req.originalUrl;
  const eligible = (req: Request) =>
    (req.method === "GET" || req.method === "HEAD") && !personal.test(req.get("cookie") ?? "");

  function send(req: Request, res: Response, page: CachedPage): void {
    for (const [name, value] of page.headers) res.setHeader(name, value);
    res.setHeader("ETag", page.etag);
    res.vary("Accept-Encoding");
    res.setHeader("Age", String(Math.floor((now() - page.storedAt) / 1000)));
    if (req.fresh || req.get("if-none-match") === page.etag) {
      res.status(304).end();
      return;
    }
    const gzip = req.acceptsEncodings("gzip") === "gzip";
    const body = gzip ? page.gzipped : page.body;
    if (gzip) res.setHeader("Content-Encoding", "gzip");
    res.setHeader("Content-Length", body.length);
    res.status(page.status).end(req.method === "HEAD" ? undefined : body);
  }

  /** Answers from memory when it can; otherwise the request goes on to be rendered. */
  const serve: RequestHandler = (req, res, next) => {
    if (!eligible(req)) return next();
    const page = pages.get(keyOf(req));
    if (!page) return next();
    if (page.expiresAt <= now()) {
      pages.delete(keyOf(req));
      return next();
    }
    send(req, res, page);
  };

  /**
   * Keeps a rendered answer when it may be shared, and says whether it did (then it has been sent
   * from the cache, with its ETag). `body` is the uncompressed page.
   */
  function offer(req: Request, res: Response, response: globalThis.Response, body: Buffer): boolean {
    const cacheControl = response.headers.get("cache-control") ?? "";
    const seconds = Number(MAX_AGE.exec(cacheControl)?.[1] ?? 0);
    if (!eligible(req) || response.status !== 200 || !/\bpublic\b/.test(cacheControl) || seconds <= 0) return false;
    if (response.headers.has("set-cookie")) return false;
    const headers = [...response.headers].filter(
      ([name]) => !["content-length", "content-encoding", "etag"].includes(name),
    );
    const page: CachedPage = {
      status: response.status,
      headers,
      body,
      gzipped: gzipSync(body),
      etag: `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`,
      storedAt: now(),
      expiresAt: now() + seconds * 1000,
    };
    if (pages.size >= maxEntries) pages.delete(pages.keys().next().value!);
    pages.set(keyOf(req), page);
    send(req, res, page);
    return true;
  }

  return {
    serve,
    offer,
    get size() {
      return pages.size;
    },
  };
}
