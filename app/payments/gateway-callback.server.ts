import { z } from "zod";
import { MESSAGES } from "~/config/constants";
import type { GatewayCallback } from "~/upstream/employer.server";
import { ApiError } from "~/upstream/http.server";
import { referenceId as id } from "~/validation/fields";

/**
 * What the gateway posts back, cross-site, after a payment (the purchase's, a change's, a renewal's).
 * The SameSite=Lax session cookie is not sent, so nothing here relies on the session: the API checks
 * the signature against the stored order and says what happened; each callback route only sends the
 * browser to the matching page.
 */
const success = z.object({
  razorpay_order_id: id,
  razorpay_payment_id: id,
  razorpay_signature: z.string().regex(/^[0-9a-f]{1,128}$/i),
});
const failure = z.object({ "error[metadata][order_id]": id, "error[metadata][payment_id]": id.optional() });

/** The callback's fields, a success or a failure read the same way; null for anything else. */
export async function readGatewayCallback(request: Request): Promise<GatewayCallback | null> {
  const fields = Object.fromEntries(await request.formData());
  const paid = success.safeParse(fields);
  if (paid.success) return paid.data;
  const failed = failure.safeParse(fields);
  if (!failed.success) return null;
  return {
    razorpay_order_id: failed.data["error[metadata][order_id]"],
    razorpay_payment_id: failed.data["error[metadata][payment_id]"],
  };
}

/**
 * An outage (a restart, storage trouble) is not a failed payment: 503 asks the gateway to send the
 * callback again (docs/product.md, Security rules). Throws for an outage, returns otherwise.
 */
export function retryOnOutage(error: unknown): void {
  if (error instanceof ApiError && error.isOutage) {
    throw new Response(MESSAGES.serviceDown, {
      status: 503,
      headers: { "Retry-After": "5", "Content-Type": "text/plain" },
    });
  }
}
