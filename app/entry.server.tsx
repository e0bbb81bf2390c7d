import { Writable } from "node:stream";
import type { AppLoadContext, EntryContext, HandleErrorFunction } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { renderToPipeableStream } from "react-dom/server";
import { logger } from "~/observability/log.server";
import { NonceProvider } from "~/rendering/nonce";
import { pageHydrates } from "~/rendering/hydration";
import { matchedHandles, sharedCacheControl } from "~/rendering/page-sharing.server";

// server.ts takes these from the build, so the process parses its configuration and makes its
// session cookie once, in the same modules every route uses.
export { env, useEmbeddedApi } from "~/config/env.server";
export { SESSION_COOKIE_NAME } from "~/session/session.server";
export { SIGNED_IN_POSTS, SERVER_PAGE_PATHS, UPLOAD_POSTS } from "~/routing/server-paths";
export { holdsPersonalCookie } from "~/rendering/page-sharing.server";
export { followRedirect } from "~/one-trip/follow.server";
export { inputProblem } from "~/validation/input-bounds";
export { inRequestScope } from "~/upstream/request-scope.server";
export { logEvent, logger, sendLogsTo, withRequestId } from "~/observability/log.server";
export { metrics } from "~/observability/metrics.server";
export { upstreamReadiness } from "~/upstream/readiness.server";

/** A render still unfinished after this is cut short: the page then says the service is down. */
const RENDER_TIMEOUT_MS = 5_000;

/**
 * Every page goes out as one whole body (docs/decisions/0004, 0021). React renders it to a stream, read to
 * its end before anything is sent: on a hydrated page the route data Remix hands to the browser
 * arrives through Suspense inside that stream, which a plain renderToString would leave out.
 *
 * A zero byte can come from a visitor (a posted field echoed back into its form) or from React 18's
 * stream writer (facebook/react#31134); HTML has no use for one, so the page never carries it.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // A page that does not hydrate runs only script files of this origin: no nonce, a CSP that says
  // so, and, for a visitor without our cookies, an answer anyone may be given (docs/decisions/0010).
  const hydrates = pageHydrates(matchedHandles(remixContext), request.headers);
  const nonce = hydrates ? (loadContext.cspNonce ?? "") : "";
  if (!hydrates) responseHeaders.set("Content-Security-Policy", loadContext.pageScriptsCsp);
  const shared = sharedCacheControl(request, responseStatusCode, responseHeaders, remixContext);
  if (shared) responseHeaders.set("Cache-Control", shared);
  return new Promise<Response>((resolve, reject) => {
    let status = responseStatusCode;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <RemixServer context={remixContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        onAllReady() {
          const chunks: Buffer[] = [];
          // A plain sink that says nothing when it closes: React aborts a render whose destination
          // closes, and ending an ended stream builds an error (with its stack) on every request.
          const body = new Writable({
            emitClose: false,
            write(chunk: Buffer, _encoding, done) {
              chunks.push(chunk);
              done();
            },
            final(done) {
              clearTimeout(timeout);
              responseHeaders.set("Content-Type", "text/html; charset=utf-8");
              // Buffer.concat allocates a plain ArrayBuffer, never a shared one.
              const html = withoutZeroBytes(Buffer.concat(chunks) as Buffer<ArrayBuffer>);
              resolve(new Response(html, { headers: responseHeaders, status }));
              done();
            },
          });
          pipe(body);
        },
        onShellError: reject,
        onError(error) {
          status = 500;
          // Remix reports errors it caught itself; this one happened while rendering.
          logger.error({ err: error }, "render failed");
        },
      },
    );
    const timeout = setTimeout(abort, RENDER_TIMEOUT_MS);
  });
}

/**
 * The page's bytes as React wrote them, without a zero byte. In UTF-8 a zero byte is only ever the
 * character U+0000, so it is dropped byte by byte; a page without one (every page but one echoing
 * a visitor's zero byte) goes out as the same bytes, never decoded to a string and encoded again.
 */
function withoutZeroBytes(html: Buffer<ArrayBuffer>): Uint8Array<ArrayBuffer> {
  return html.includes(0) ? html.filter((byte) => byte !== 0) : html;
}

/**
 * An error Remix caught in a loader or action: logged once, with its stack, and (as every line
 * within a request) the request's id (docs/decisions/0036). A visitor who went away is no error.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  logger.error({ err: error }, "request failed");
};
