import crypto from "node:crypto";
import { parse as parseCookie } from "cookie";
import type { RequestHandler } from "express";

export const BODY_LIMIT_BYTES = 64 * 1024;
/** The payment gateway posts back cross-site; its signature protects it instead (docs/product.md, Security rules). */
const CROSS_SITE_ALLOWED = new Set(["/checkout/payment/callback"]);

/**
 * Per-request CSP nonce and the security headers every page carries; HSTS only where the site is
 * served over https (a development server on a LAN address must stay reachable over http).
 */
export const createSecurityHeaders = ({ hsts }: { hsts: boolean }): RequestHandler => (_req, res, next) => {
  const nonce = crypto.randomBytes(16).toString("base64");
  res.locals.cspNonce = nonce;
  res.setHeader(
    "Content-Security-Policy",
    [
      "default-src 'self'",
      `script-src 'nonce-${nonce}' 'strict-dynamic'`,
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: https:",
      "connect-src 'self'",
      "font-src 'self'",
      "object-src 'none'",
      "base-uri 'none'",
      "frame-ancestors 'none'",
      // The hosted payment page may live on another origin; the sandbox posts back to us.
      "form-action 'self' https:",
    ].join("; "),
  );
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
  res.setHeader("X-Frame-Options", "DENY");
  if (hsts) res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
  next();
};

/** Refuse writes that another site started (login CSRF, forced logout, forced purchase). */
export const sameSiteWrites: RequestHandler = (req, res, next) => {
  if (req.method === "GET" || req.method === "HEAD" || CROSS_SITE_ALLOWED.has(req.path)) return next();
  const fetchSite = req.get("sec-fetch-site");
  const origin = req.get("origin");
  const crossSite = fetchSite
    ? fetchSite === "cross-site"
    : Boolean(origin) && origin !== `${req.protocol}://${req.get("host")}`;
  if (crossSite) {
    res.status(403).type("text/plain").send("Cross-site request refused.");
    return;
  }
  next();
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
      if (holdsSession || setCookie.some((c) => c.startsWith(`${cookieName}=`))) res.setHeader("Cache-Control", "no-store");
      return writeHead.apply(this, args);
    } as typeof writeHead;
    next();
  };
}

/**
 * Bodies over 64 KB answer 413 before anything reads them. Browsers always declare a form's
 * length; a body of unknown length is refused rather than read to find out.
 */
export const bodyLimit: RequestHandler = (req, res, next) => {
  if (req.get("transfer-encoding") && !req.get("content-length")) {
    res.status(411).type("text/plain").send("Content-Length required.");
    return;
  }
  if (Number(req.get("content-length") ?? 0) > BODY_LIMIT_BYTES) {
    res.status(413).type("text/plain").send("Request body too large.");
    return;
  }
  next();
};
