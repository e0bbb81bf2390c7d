import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { MESSAGES } from "~/config/constants";
import { PATHS } from "~/routing/paths";
import { changePath } from "~/routing/membership-paths";
import { verifyChangePayment } from "~/upstream/changes.server";
import { ApiError } from "~/upstream/http.server";
import { seeOther } from "~/utils/see-other";
import { referenceId as id } from "~/validation/fields";

/**
 * The gateway posts the admin back here after paying for an addition, cross-site, without the session
 * cookie: the API checks the signature and says which change it was for; the change's page then shows
 * what happened (made, pending, or failed with no one added).
 */
const callback = z.object({
  razorpay_order_id: id.optional(),
  razorpay_payment_id: id.optional(),
  razorpay_signature: z
    .string()
    .regex(/^[0-9a-f]{1,128}$/i)
    .optional(),
  "error[metadata][order_id]": id.optional(),
  "error[metadata][payment_id]": id.optional(),
});

export async function action({ request }: ActionFunctionArgs) {
  const fields = callback.safeParse(Object.fromEntries(await request.formData()));
  if (!fields.success) return seeOther(PATHS.changes);
  try {
    const verified = await verifyChangePayment(fields.data);
    return seeOther(changePath(verified.change_id));
  } catch (error) {
    // An outage is not a failed payment: 503 asks the gateway to send the callback again.
    if (error instanceof ApiError && error.isOutage) {
      throw new Response(MESSAGES.serviceDown, {
        status: 503,
        headers: { "Retry-After": "5", "Content-Type": "text/plain" },
      });
    }
    if (error instanceof ApiError) return seeOther(PATHS.changes);
    throw error;
  }
}

export function loader() {
  return seeOther(PATHS.changes);
}
