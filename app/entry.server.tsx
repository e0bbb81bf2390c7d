import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { renderToString } from "react-dom/server";
import { NonceProvider } from "~/nonce";

/**
 * Pages render to one string. No route defers data, so every loader has finished before this
 * runs and the whole page is known at once: a stream would only add its machinery per request
 * (and React 18's stream writer pads chunks with zero bytes, facebook/react#31134).
 *
 * A zero byte can still come from a visitor (a posted field echoed back into its form); HTML has
 * no use for one, so the page never carries it.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce ?? "";
  const html = renderToString(
    <NonceProvider value={nonce}>
      <RemixServer context={remixContext} url={request.url} nonce={nonce} />
    </NonceProvider>,
  );
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  return new Response(`<!DOCTYPE html>${html.replaceAll("\0", "")}`, { headers: responseHeaders, status: responseStatusCode });
}
