import type { ActionFunctionArgs } from "@remix-run/node";
import { verifyOrder } from "~/upstream/employer.server";
import { ApiError, ApiUnauthorizedError } from "~/upstream/http.server";
import { readGatewayCallback, retryOnOutage } from "~/payments/gateway-callback.server";
import { PATHS } from "~/routing/paths";
import { seeOther } from "~/utils/see-other";

/** The gateway's post back after the purchase's payment (~/payments/gateway-callback.server). */
function outcomePath(status: string, orderId: string): string {
  const page =
    status === "paid" ? PATHS.paymentSuccess : status === "pending" ? PATHS.paymentPending : PATHS.paymentFail;
  return `${page}?order_id=${encodeURIComponent(orderId)}`;
}

export async function action({ request }: ActionFunctionArgs) {
  const callback = await readGatewayCallback(request);
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
    retryOnOutage(error);
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
