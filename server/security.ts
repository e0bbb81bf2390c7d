import crypto from "node:crypto";
import { parse as parseCookie } from "cookie";
import type { ErrorRequestHandler, RequestHandler } from "express";
import { routePath } from "./route-path";

export const BODY_LIMIT_BYTES = 64 * 1024;
/**
 * The payment gateway posts back cross-site; its signature protects it instead (docs/product.md,
 * Security rules). Only that exact address is exempt: with a query string the same path could name
 * another route's action (`?_data=routes/checkout.payment`, `?index`), so any query loses the exemption.
 */
const CROSS_SITE_ALLOWED = new Set([
  "/checkout/payment/callback",
  "/membership/changes/payment/callback",
  "/membership/renewal/payment/callback",
  "/membership/deposit/top-up/callback",
]);

/** The site's Content-Security-Policy, with what may run as script. */
function contentSecurityPolicy(scripts: string): string {
  return [
    "default-src 'self'",
    `script-src ${scripts}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    "connect-src 'self'",
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    // The hosted payment page may live on another origin; the sandbox posts back to us.
    "form-action 'self' https:",
  ].join("; ");
}

/** A page that is not hydrated loads only script files of this origin (docs/decisions/0010). */
export const PAGE_SCRIPTS_CSP = contentSecurityPolicy("'self'");

/**
 * Per-request CSP nonce and the security headers every page carries; HSTS only where the site is
 * served over https (a development server on a LAN address must stay reachable over http).
 */
export const createSecurityHeaders =
  ({ hsts }: { hsts: boolean }): RequestHandler =>
  (_req, res, next) => {
    const nonce = crypto.randomBytes(16).toString("base64");
    res.locals.cspNonce = nonce;
    res.setHeader("Content-Security-Policy", contentSecurityPolicy(`'nonce-${nonce}' 'strict-dynamic'`));
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("X-Frame-Options", "DENY");
    if (hsts) res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    next();
  };

/**
 * Refuse writes that another site started (login CSRF, forced logout, forced purchase): by
 * `Sec-Fetch-Site`, else by `Origin`. A sister site on the same registrable domain counts as
 * another site unless its origin is listed (SAME_SITE_ORIGINS).
 */
export function sameSiteWrites({
  sameSiteOrigins,
  publicOrigin,
}: {
  sameSiteOrigins: readonly string[];
  publicOrigin?: string;
}): RequestHandler {
  const listed = new Set(sameSiteOrigins);
  return (req, res, next) => {
    if (req.method === "GET" || req.method === "HEAD" || CROSS_SITE_ALLOWED.has(req.originalUrl)) return next();
    const fetchSite = req.get("sec-fetch-site");
    const origin = req.get("origin");
    const own = origin === publicOrigin || origin === `${req.protocol}://${req.get("host")}`;
    // An Origin, when sent, must be this site or a listed one whatever Sec-Fetch-Site claims.
    const originOk = !origin || own || listed.has(origin);
    const allowed = fetchSite
      ? originOk &&
        (fetchSite === "same-origin" ||
          fetchSite === "none" ||
          (fetchSite === "same-site" && origin !== undefined && listed.has(origin)))
      : originOk;
    if (!allowed) {
      res.status(403).type("text/plain").send("Cross-site request refused.");
      return;
    }
    next();
  };
}

/**
 * In production only the site's own host name (and loopback, for health checks) is answered; any
 * other Host is 421. Nothing then depends on a header an attacker chose.
 */
export function knownHosts(publicHostname: string): RequestHandler {
  const known = new Set([publicHostname, "localhost", "127.0.0.1", "[::1]"]);
  return (req, res, next) => {
    const host = (req.get("host") ?? "").toLowerCase().replace(/:\d+$/, "");
    if (known.has(host)) return next();
    res.status(421).type("text/plain").send("Unknown host.");
  };
}

/**
 * A path whose `%` escapes do not decode, a query that is not UTF-8, or a request line that is not
 * a path, is a 400 here rather than an exception deeper in (a route, a header built from the value).
 */
export const wellFormedUrls: RequestHandler = (req, res, next) => {
  // Only the origin form (`/path?query`): an absolute-form request line (`GET http://x/about-us`)
  // names a URL this server would otherwise build another out of.
  if (!req.originalUrl.startsWith("/")) {
    res.status(400).type("text/plain").send("Malformed address.");
    return;
  }
  try {
    decodeURIComponent(req.path);
    const query = req.originalUrl.indexOf("?");
    if (query >= 0) {
      for (const part of req.originalUrl.slice(query + 1).split(/[&;]/)) decodeURIComponent(part.replace(/\+/g, " "));
    }
  } catch {
    res.status(400).type("text/plain").send("Malformed address.");
    return;
  }
  next();
};

/** Storage faults that a retry may get past: answered 503, so clients (a gateway) try again. */
const STORAGE_FAULT = /^SQLITE_(IOERR|BUSY|LOCKED|FULL|CANTOPEN|READONLY|CORRUPT|NOMEM|PROTOCOL)/;

/**
 * The last handler: a client's mistake (a bad escape, a body that is not what it says) keeps its
 * 4xx; a storage fault is 503; anything else is logged and answered 500 without details.
 */
export const errorAnswers =
  (log: (entry: Record<string, unknown>) => void): ErrorRequestHandler =>
  (error, req, res, next) => {
    if (res.headersSent) return next(error);
    const status = Number(
      (error as { status?: unknown; statusCode?: unknown }).status ?? (error as { statusCode?: unknown }).statusCode,
    );
    if (status >= 400 && status < 500) {
      res.status(status).type("text/plain").send("Bad request.");
      return;
    }
    const storage = STORAGE_FAULT.test(String((error as { code?: unknown }).code ?? ""));
    // The error's stack once, under err (pino's serializer), with the request's id (docs/decisions/0036).
    log({
      level: "error",
      event: storage ? "storage_fault" : "request_error",
      id: res.locals.requestId,
      method: req.method,
      path: req.path,
      err: error,
    });
    res
      .status(storage ? 503 : 500)
      .type("text/plain")
      .send("Currently service is down. Please try after sometime.");
  };

/**
 * Anything answered to a browser that holds the session, or is being handed one, is personal:
 * `no-store` is forced as the headers go out, so no route (nor a `?_data` fetch, whose headers come
 * from its loader alone) can leave a signed-in page in a shared or back/forward cache.
 */
export function noStoreForSessions(cookieName: string): RequestHandler {
  return (req, res, next) => {
    const holdsSession = parseCookie(req.get("cookie") ?? "")[cookieName] !== undefined;
    const writeHead = res.writeHead;
    res.writeHead = function (this: typeof res, ...args: Parameters<typeof writeHead>) {
      const setCookie = [res.getHeader("set-cookie") ?? []].flat().map(String);
      if (holdsSession || setCookie.some((c) => c.startsWith(`${cookieName}=`)))
        res.setHeader("Cache-Control", "no-store");
      return writeHead.apply(this, args);
    } as typeof writeHead;
    next();
  };
}

/**
 * Bodies over 64 KB (but a file upload's) answer 413 before anything reads them. Browsers always declare a form's
 * length; a body of unknown length is refused rather than read to find out.
 */
export const bodyLimit =
  (uploadPaths: ReadonlySet<string>): RequestHandler =>
  (req, res, next) => {
    if (req.get("transfer-encoding") && !req.get("content-length")) {
      res.status(411).type("text/plain").send("Content-Length required.");
      return;
    }
    // A file upload's own, larger limit is checked by server/form-body.ts.
    if (Number(req.get("content-length") ?? 0) > BODY_LIMIT_BYTES && !uploadPaths.has(routePath(req.path))) {
      res.status(413).type("text/plain").send("Request body too large.");
      return;
    }
    next();
  };

/** Whether a given key is the expected one, compared in constant time. */
export function sameKey(given: string | undefined, key: string): boolean {
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(key);
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}
