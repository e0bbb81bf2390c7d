import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { gzipSync } from "node:zlib";

/**
 * Public pages from memory (docs/decisions/0010). A page the app marks `Cache-Control: public,
 * s-maxage=N` (an unhydrated page answered to an anonymous visitor, with no cookie set) is kept for
 * N seconds under its host and address and served from here with a strong ETag, 304 on a matching
 * If-None-Match. A request that carries any of the app's own cookies (as the app reads cookies:
 * `holdsPersonalCookie`, from app/rendering/page-sharing.server.ts, the one place that decides what
 * may be shared) is never answered from here, so a signed-in admin, or a visitor with a flash
 * message waiting, always gets a fresh render.
 *
 * Addresses are not all alike (docs/decisions/0015): a page asked by its own address (lower case,
 * no trailing slash, no query string) is one of the site's few pages, while a query string or
 * another spelling can be made unique per request. Those are kept in a small room of their own,
 * so unique addresses only ever push each other out, never the site's pages.
 * Each process keeps its own copy; a deploy starts empty, and N bounds how stale a shared cache
 * (a CDN honouring s-maxage) can be.
 *
 * `answer` runs on the bare node:http request, ahead of Express: a kept page is the whole answer
 * the first visitor was given (the security headers included), kept as the flat header list
 * node:http writes without merging, so nothing per request remains but the look-up and the write
 * (measured: an object of headers, or one setHeader before writeHead, cost about a third of the
 * throughput). Only a page that went through every check (host, address, method) is kept, under
 * the Host it was asked for, so a hit needs none of them again.
 */
export interface PageCacheOptions {
  /** Whether a request's Cookie header makes its page personal. */
  holdsPersonalCookie: (cookieHeader: string | undefined) => boolean;
  /** Pages kept under their own address. */
  maxEntries?: number;
  /** Pages kept under an address with a query string, or another spelling of a path. */
  maxOtherEntries?: number;
  now?: () => number;
  /** Told of each request that could have been answered from here, and whether it was (the metrics). */
  onLookup?: (hit: boolean) => void;
}

interface CachedPage {
  status: number;
  /** Every header of the first answer except those that differ per request or per encoding, as name, value, … */
  headers: string[];
  body: Buffer;
  gzipped: Buffer;
  etag: string;
  storedAt: number;
  expiresAt: number;
}

const MAX_AGE = /(?:^|,)\s*s-maxage=(\d+)/;
const GZIP = /\bgzip\b(?!;\s*q=0(?:\.0*)?(?:[,\s]|$))/;
/** Said per request, or per encoding, never kept with the page. */
const PER_REQUEST = new Set(["content-length", "content-encoding", "etag", "age", "connection", "x-request-id"]);

/** A page's own address: lower case, no trailing slash (but the home page's), no query string. */
const OWN_ADDRESS = /^\/(?:[a-z0-9-]+(?:\/[a-z0-9-]+)*)?$/;

export function createPageCache({
  holdsPersonalCookie,
  maxEntries = 500,
  maxOtherEntries = 100,
  now = Date.now,
  onLookup,
}: PageCacheOptions) {
  const pages = new Map<string, CachedPage>();
  const others = new Map<string, CachedPage>();
  const roomOf = (req: IncomingMessage) => (OWN_ADDRESS.test(req.url ?? "") ? pages : others);

  const keyOf = (req: IncomingMessage) => `${req.headers.host ?? ""} ${req.url ?? ""}`;
  const eligible = (req: IncomingMessage) =>
    (req.method === "GET" || req.method === "HEAD") && !holdsPersonalCookie(req.headers.cookie);

  function send(req: IncomingMessage, res: ServerResponse, page: CachedPage, perRequest: string[]): void {
    const headers = [
      ...page.headers,
      ...perRequest,
      "ETag",
      page.etag,
      "Age",
      String(Math.floor((now() - page.storedAt) / 1000)),
    ];
    const ifNoneMatch = req.headers["if-none-match"];
    if (ifNoneMatch && ifNoneMatch.split(/\s*,\s*/).some((tag) => tag === page.etag || tag === "*")) {
      res.writeHead(304, headers).end();
      return;
    }
    const gzip = GZIP.test(req.headers["accept-encoding"] ?? "");
    const body = gzip ? page.gzipped : page.body;
    if (gzip) headers.push("Content-Encoding", "gzip");
    headers.push("Content-Length", String(body.length));
    res.writeHead(page.status, headers).end(req.method === "HEAD" ? undefined : body);
  }

  /**
   * Answers from memory and says true when it can, adding `perRequest` (name, value, …) to the kept
   * headers; otherwise the request goes on to be rendered and nothing has been written.
   */
  function answer(req: IncomingMessage, res: ServerResponse, perRequest: string[] = []): boolean {
    if (!eligible(req)) return false;
    const key = keyOf(req);
    const room = roomOf(req);
    const page = room.get(key);
    if (!page) {
      onLookup?.(false);
      return false;
    }
    if (page.expiresAt <= now()) {
      room.delete(key);
      onLookup?.(false);
      return false;
    }
    onLookup?.(true);
    send(req, res, page, perRequest);
    return true;
  }

  /**
   * Keeps a rendered answer when it may be shared, and says whether it did (then it has been sent
   * from the cache, with its ETag). The answer's status and headers are on `res` (the page's own
   * and the middleware's), not yet sent; `body` is the uncompressed page.
   */
  function offer(req: IncomingMessage, res: ServerResponse, body: Buffer): boolean {
    const cacheControl = String(res.getHeader("cache-control") ?? "");
    const seconds = Number(MAX_AGE.exec(cacheControl)?.[1] ?? 0);
    if (!eligible(req) || res.statusCode !== 200 || !/\bpublic\b/.test(cacheControl) || seconds <= 0) return false;
    if (res.hasHeader("set-cookie")) return false;
    const headers = Object.entries(res.getHeaders()).flatMap(([name, value]) =>
      PER_REQUEST.has(name) || value === undefined ? [] : [name, String(value)],
    );
    // This answer goes out as a later one will, from the kept list plus its own per-request headers.
    const perRequest = ["x-request-id", "connection"].flatMap((name) => {
      const value = res.getHeader(name);
      return value === undefined ? [] : [name, String(value)];
    });
    for (const name of res.getHeaderNames()) res.removeHeader(name);
    const page: CachedPage = {
      status: res.statusCode,
      headers,
      body,
      gzipped: gzipSync(body),
      etag: `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`,
      storedAt: now(),
      expiresAt: now() + seconds * 1000,
    };
    const room = roomOf(req);
    const key = keyOf(req);
    room.delete(key);
    if (room.size >= (room === pages ? maxEntries : maxOtherEntries)) room.delete(room.keys().next().value!);
    room.set(key, page);
    send(req, res, page, perRequest);
    return true;
  }

  return {
    answer,
    offer,
    get size() {
      return pages.size + others.size;
    },
  };
}
