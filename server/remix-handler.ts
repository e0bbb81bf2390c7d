import { gzipSync } from "node:zlib";
import type { AppLoadContext, ServerBuild } from "@remix-run/node";
import { createReadableStreamFromReadable, createRequestHandler } from "@remix-run/node";
import type { Request as ExpressRequest, Response as ExpressResponse, RequestHandler } from "express";
import { type FieldsProblem, boundedRequests } from "./input-bounds";

/**
 * Remix behind Express, as @remix-run/express does it, except for how an answer goes out. Every
 * route answers a whole body (a page is collected whole, decisions 0004 and 0021; nothing defers or
 * streams), so the body is gzipped in one call here: the compression middleware's zlib stream per
 * response cost about three times the CPU for the same bytes (measured in decision 0004).
 * gzip only: every browser takes it, and brotli saved ~2% of a page's bytes for more CPU.
 *
 * A route that streams (defer, an event stream) would be held here until its end: it would need
 * the body piped out as @remix-run/express does.
 */

/** Below this a gzip header and trailer outweigh the saving (the compression middleware's default). */
const MIN_COMPRESSED_BYTES = 1024;
const COMPRESSIBLE = /^(text\/|application\/(json|xml|[\w.-]+\+json)|image\/svg\+xml)/;

/** Keeps a page anyone may be given and answers with it (server/page-cache.ts). */
type OfferToCache = (req: ExpressRequest, res: ExpressResponse, body: Buffer) => boolean;

/**
 * A resource route (a PDF, a feed) that throws a 404 answers whatever it threw; a person who
 * followed a link to it gets the site's not-found page instead, with status 404, as any other
 * missing page answers (docs/decisions/0015). Data requests keep the thrown answer.
 */
function isResourceNotFound(req: ExpressRequest, response: Response): boolean {
  return (
    response.status === 404 &&
    response.headers.get("X-Remix-Catch") === "yes" &&
    (req.method === "GET" || req.method === "HEAD") &&
    !req.path.endsWith(".data")
  );
}

export interface RemixHandlerOptions {
  /** Keeps a page anyone may be given and answers with it. */
  offerToCache?: OfferToCache;
  /** The page a person gets for a missing resource (isResourceNotFound). */
  notFoundPath?: string;
  /**
   * Answers a hydrated page's post with the next page's data too (the one-trip step,
   * app/one-trip/follow.server.ts); absent, every answer goes out as Remix made it.
   */
  followRedirect?: (
    request: Request,
    answer: Response,
    load: (request: Request) => Promise<Response>,
  ) => Promise<Response>;
  /** Runs one request's work, its followed page's included, with reads shared within it (the app's). */
  inRequestScope?: <T>(work: () => Promise<T>) => Promise<T>;
  /**
   * The bounds on input (server/input-bounds.ts), applied to every request Remix is handed here,
   * however it was made: the visitor's (checked at the door already), the redirect followed for a
   * hydrated post, the not-found page loaded in a resource's place.
   */
  inputProblem?: FieldsProblem;
}

export function remixHandler(
  build: ServerBuild,
  mode: string,
  getLoadContext: (req: ExpressRequest, res: ExpressResponse) => AppLoadContext,
  {
    offerToCache,
    notFoundPath,
    followRedirect,
    inRequestScope = (work) => work(),
    inputProblem = () => null,
  }: RemixHandlerOptions = {},
): RequestHandler {
  const handle = boundedRequests(inputProblem, createRequestHandler(build, mode));
  /** Remix's answer, and the next page's with it when the post asks to be followed. */
  async function answer(request: Request, context: AppLoadContext): Promise<Response> {
    const response = await handle(request, context);
    return followRedirect ? followRedirect(request, response, (next) => handle(next, context)) : response;
  }
  return async (req, res, next) => {
    try {
      const request = remixRequest(req, res);
      const context = getLoadContext(req, res);
      let response = await inRequestScope(() => answer(request, context));
      if (notFoundPath && isResourceNotFound(req, response)) {
        const page = new Request(new URL(notFoundPath, request.url), {
          headers: request.headers,
          signal: request.signal,
        });
        response = await handle(page, getLoadContext(req, res));
      }
      await send(req, res, response, offerToCache);
    } catch (error) {
      next(error);
    }
  };
}

/** The web Request Remix reads; loaders and actions are aborted when the visitor goes away first. */
function remixRequest(req: ExpressRequest, res: ExpressResponse): Request {
  // As @remix-run/express: req.hostname honours "trust proxy"; the port comes from the Host headers.
  const port = [req.get("x-forwarded-host"), req.get("host")]
    .map((host) => Number.parseInt(host?.split(":")[1] ?? "", 10))
    .find(Number.isSafeInteger);
  const url = `${req.protocol}://${req.hostname}${port ? `:${port}` : ""}${req.originalUrl}`;
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    // Which sites may post was decided before (server/security.ts, sameSiteWrites, with the allowed
    // origins); Remix's own check would throw, a 500, on an allowed origin that differs from Host.
    if (name === "origin") continue;
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else if (value !== undefined) headers.set(name, value);
  }
  const controller = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  const hasBody = req.method !== "GET" && req.method !== "HEAD";
  // A form post has been read whole and checked already (server/form-body.ts).
  const read = res.locals.formBody as Buffer | undefined;
  return new Request(url, {
    method: req.method,
    headers,
    signal: controller.signal,
    ...(read ? { body: read } : hasBody ? { body: createReadableStreamFromReadable(req), duplex: "half" } : {}),
  } as RequestInit);
}

async function send(
  req: ExpressRequest,
  res: ExpressResponse,
  response: Response,
  offerToCache?: OfferToCache,
): Promise<void> {
  res.statusMessage = response.statusText;
  res.status(response.status);
  // The page's own headers win over the middleware's (a page without a nonce says so in its CSP).
  for (const [name, value] of response.headers) {
    if (name === "set-cookie") res.append(name, value);
    else res.setHeader(name, value);
  }
  const compressible =
    COMPRESSIBLE.test(response.headers.get("content-type") ?? "") &&
    !/no-transform/.test(response.headers.get("cache-control") ?? "");
  // Whether this one is compressed or not, the answer depends on Accept-Encoding: caches must know.
  if (compressible) res.vary("Accept-Encoding");
  if (response.body === null) {
    res.end();
    return;
  }
  let body: Buffer = Buffer.from(await response.arrayBuffer());
  if (offerToCache?.(req, res, body)) return;
  if (
    compressible &&
    body.length >= MIN_COMPRESSED_BYTES &&
    !response.headers.has("content-encoding") &&
    req.acceptsEncodings("gzip")
  ) {
    body = gzipSync(body);
    res.setHeader("Content-Encoding", "gzip");
  }
  res.setHeader("Content-Length", body.length);
  res.end(body);
}
