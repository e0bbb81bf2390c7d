import type { AppLoadContext, EntryContext, HandleErrorFunction } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { renderToString } from "react-dom/server";
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

/** Loader data still not serialised after this is cut short: the page then says the service is down. */
const HANDOFF_TIMEOUT_MS = 5_000;

type StreamCache = NonNullable<NonNullable<EntryContext["renderMeta"]>["streamCache"]>;

/**
 * Every page goes out as one whole body (docs/decisions/0004, 0021), so it is rendered to a string in
 * one synchronous pass. The route data Remix hands to the browser (single fetch) is rendered by
 * Remix's StreamTransfer, which suspends on each chunk of the serialised loader data; here every
 * chunk is read first and put where StreamTransfer looks for it (`renderMeta.streamCache`), so
 * nothing suspends and the markup is the same a streamed render collected whole would give. A
 * streamed render cost more CPU a page for nothing, as the page goes out whole anyway: React
 * encoded each piece of markup into bytes and wrote it through a stream, over several turns of the
 * event loop (docs/decisions/0058; the figures in docs/performance.md).
 *
 * A zero byte can come from a visitor (a posted field echoed back into its form); HTML has no use
 * for one, so the page never carries it.
 */
export default async function handleRequest(
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
  if (remixContext.serverHandoffStream) {
    remixContext.renderMeta = {
      ...remixContext.renderMeta,
      streamCache: await readHandoff(remixContext.serverHandoffStream),
    };
  }
  let html: string;
  try {
    // A streamed render writes the doctype of a document whose root is <html>; a string does not.
    html = `<!DOCTYPE html>${renderToString(
      <NonceProvider value={nonce}>
        <RemixServer context={remixContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
    )}`;
  } catch (error) {
    // Remix reports errors it caught itself; this one happened while rendering.
    logger.error({ err: error }, "render failed");
    throw error;
  }
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  return new Response(html.includes("\0") ? html.replaceAll("\0", "") : html, {
    headers: responseHeaders,
    status: responseStatusCode,
  });
}

/**
 * The serialised loader data, chunk by chunk, as StreamTransfer caches what it reads: entry n is
 * its n-th read, settled, with the text decoded as it decodes it.
 */
async function readHandoff(stream: ReadableStream<Uint8Array>): Promise<StreamCache> {
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  const cache: StreamCache = {};
  let late = false;
  // Cancelled, the read waiting ends as a stream's end would: the flag tells them apart.
  const timeout = setTimeout(() => {
    late = true;
    void reader.cancel();
  }, HANDOFF_TIMEOUT_MS);
  try {
    for (let i = 0; ; i++) {
      const { done, value } = await reader.read();
      if (late) throw new Error("the loader data was not serialised in time");
      cache[i] = Object.assign(Promise.resolve(), { result: { done, value: decoder.decode(value, { stream: true }) } });
      if (done) return cache;
    }
  } finally {
    clearTimeout(timeout);
    reader.releaseLock();
  }
}

/**
 * An error Remix caught in a loader or action: logged once, with its stack, and (as every line
 * within a request) the request's id (docs/decisions/0036). A visitor who went away is no error.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  logger.error({ err: error }, "request failed");
};
