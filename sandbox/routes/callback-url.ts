import { z } from "zod";
import type { ApiContext } from "../shared/context";

function isHttpUrl(value: string): boolean {
  // Runs even when .url() has already failed, so it must not throw on junk.
  return URL.canParse(value) && /^https?:$/.test(new URL(value).protocol);
}

/** Where the gateway sends the payer back: an absolute http(s) address on the site's own origin when one is set. */
export function callbackUrlSchema(ctx: ApiContext) {
  return (
    z
      .string({ required_error: "callback_url is required." })
      .max(2000)
      .url("callback_url must be an absolute URL.")
      .refine(isHttpUrl, "callback_url must be an http or https URL.")
      // The gateway posts the buyer there: only the site's own address, never one a caller chose.
      .refine(
        (url) => ctx.allowedCallbackOrigin === undefined || new URL(url).origin === ctx.allowedCallbackOrigin,
        "callback_url must be on the site's own origin.",
      )
  );
}
