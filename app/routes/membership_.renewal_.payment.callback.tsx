import type { ActionFunctionArgs } from "@remix-run/node";
import { readGatewayCallback, retryOnOutage } from "~/payments/gateway-callback.server";
import { PATHS } from "~/routing/paths";
import { verifyOrder } from "~/upstream/employer.server";
import { ApiError, ApiUnauthorizedError } from "~/upstream/http.server";
import { seeOther } from "~/utils/see-other";

/**
 * The gateway posts the admin back here after paying for a renewal, cross-site, without the session
 * cookie (outside the membership layout, as the changes' callback is: docs/decisions/0044). The API
 * checks the signature as for a purchase; the membership then shows the next period, or the
 * renewal's payment still being confirmed, and a failed payment leads back to the quote.
 */
export async function action({ request }: ActionFunctionArgs) {
  const callback = await readGatewayCallback(request);
  if (!callback) return seeOther(PATHS.renewal);
  try {
    const result = await verifyOrder(callback);
    if (result.payment_refund_due) {
      return seeOther(`${PATHS.paymentRefund}?order_id=${encodeURIComponent(result.order_id)}`);
    }
    return seeOther(result.status === "paid" || result.status === "pending" ? PATHS.membership : PATHS.renewal);
  } catch (error) {
    retryOnOutage(error);
    if (error instanceof ApiError || error instanceof ApiUnauthorizedError) return seeOther(PATHS.renewal);
    throw error;
  }
}

export function loader() {
  return seeOther(PATHS.renewal);
}
