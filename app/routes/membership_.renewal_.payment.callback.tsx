import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { MESSAGES } from "~/config/constants";
import { PATHS } from "~/routing/paths";
import { verifyOrder } from "~/upstream/employer.server";
import { ApiError, ApiUnauthorizedError } from "~/upstream/http.server";
import { seeOther } from "~/utils/see-other";
import { referenceId as id } from "~/validation/fields";

/**
 * The gateway posts the admin back here after paying for a renewal, cross-site, without the session
 * cookie (outside the membership layout, as the changes' callback is: docs/decisions/0044). The API
 * checks the signature as for a purchase; the membership then shows the next period, or the
 * renewal's payment still being confirmed, and a failed payment leads back to the quote.
 */
const success = z.object({
  razorpay_order_id: id,
  razorpay_payment_id: id,
  razorpay_signature: z.string().regex(/^[0-9a-f]{1,128}$/i),
});
const failure = z.object({ "error[metadata][order_id]": id, "error[metadata][payment_id]": id.optional() });

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
  if (!callback) return seeOther(PATHS.renewal);
  try {
    const result = await verifyOrder(callback);
    if (result.payment_refund_due) {
      return seeOther(`${PATHS.paymentRefund}?order_id=${encodeURIComponent(result.order_id)}`);
    }
    return seeOther(result.status === "paid" || result.status === "pending" ? PATHS.membership : PATHS.renewal);
  } catch (error) {
    // An outage is not a failed payment: 503 asks the gateway to send the callback again.
    if (error instanceof ApiError && error.isOutage) {
      throw new Response(MESSAGES.serviceDown, {
        status: 503,
        headers: { "Retry-After": "5", "Content-Type": "text/plain" },
      });
    }
    if (error instanceof ApiError || error instanceof ApiUnauthorizedError) return seeOther(PATHS.renewal);
    throw error;
  }
}

export function loader() {
  return seeOther(PATHS.renewal);
}
