import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { referenceId as id } from "~/validation/fields";
import { verifyOrder } from "~/upstream/employer.server";
import { ApiError, ApiUnauthorizedError } from "~/upstream/http.server";
import { MESSAGES } from "~/config/constants";
import { PATHS } from "~/routing/paths";
import { seeOther } from "~/utils/see-other";

/**
 * The gateway posts the buyer back here, cross-site, so the SameSite=Lax session cookie is not
 * sent: nothing here relies on the session. The API checks the signature against the stored order
 * and says what happened; this route only sends the browser to the matching page.
 */
const success = z.object({
  razorpay_order_id: id,
  razorpay_payment_id: id,
  razorpay_signature: z.string().regex(/^[0-9a-f]{1,128}$/i),
});
const failure = z.object({ "error[metadata][order_id]": id, "error[metadata][payment_id]": id.optional() });

function outcomePath(status: string, orderId: string): string {
  const page =
    status === "paid" ? PATHS.paymentSuccess : status === "pending" ? PATHS.paymentPending : PATHS.paymentFail;
  return `${page}?order_id=${encodeURIComponent(orderId)}`;
}

export async function action({ request }: ActionFunctionArgs) {
  const fields = Object.fromEntries(await request.formData());
  const paid = success.safeParse(fields);
  const failed = failure.safeParse(fields);
  const callback = paid.success
    ? paid.data
    : failed.success
      ? {
          razorpay_order_id: failed.data["error[metadata][order_id]"],
          razorpay_payment_id: failed.data["error[metadata][payment_id]"],
        }
      : null;
  if (!callback) return seeOther(PATHS.paymentFail);
  try {
    const result = await verifyOrder(callback);
    // Money taken that no order can keep (a changed quote, a second payment): the admin is told it will be refunded.
    if (result.payment_refund_due)
      return seeOther(`${PATHS.paymentRefund}?order_id=${encodeURIComponent(result.order_id)}`);
    // purchase_payment_success is recorded on the success page, where the buyer's session is
    // (docs/product.md, Analytics events): this post is cross-site and carries none.
    return seeOther(outcomePath(result.status, result.order_id));
  } catch (error) {
    // An outage (a restart, storage trouble) is not a failed payment: 503 asks the gateway to send
    // the callback again (docs/product.md, Security rules).
    if (error instanceof ApiError && error.isOutage) {
      throw new Response(MESSAGES.serviceDown, {
        status: 503,
        headers: { "Retry-After": "5", "Content-Type": "text/plain" },
      });
    }
    // A refused signature, or a failure callback the API would not look up: the buyer sees the
    // failure page; a real payment is settled by the gateway's own record, never by trusting this post.
    if (error instanceof ApiError || error instanceof ApiUnauthorizedError) {
      return seeOther(`${PATHS.paymentFail}?order_id=${encodeURIComponent(callback.razorpay_order_id)}`);
    }
    throw error;
  }
}

export function loader() {
  return seeOther(PATHS.checkout.payment);
}
