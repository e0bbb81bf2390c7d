import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { MESSAGES } from "~/config/constants";
import { PATHS } from "~/routing/paths";
import { verifyTopUp } from "~/upstream/deposit.server";
import { ApiError } from "~/upstream/http.server";
import { redirectWithToast } from "~/session/toast.server";
import { seeOther } from "~/utils/see-other";
import { referenceId as id } from "~/validation/fields";
import { formatPaise } from "~/utils/money";

/**
 * The gateway posts the admin back here after paying a top-up of the cash deposit (docs/decisions/0055),
 * cross-site, without the session cookie: the API checks the signature and credits the deposit once; the
 * deposit's page then shows it.
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
  if (!fields.success) return seeOther(PATHS.deposit);
  try {
    const verified = await verifyTopUp(fields.data);
    return redirectWithToast(
      PATHS.deposit,
      verified.status === "paid"
        ? { kind: "success", message: `${formatPaise(verified.amount_paise)} is paid into the deposit.` }
        : { kind: "warning", message: "The top-up was not paid, and nothing was added to the deposit." },
    );
  } catch (error) {
    // An outage is not a failed payment: 503 asks the gateway to send the callback again.
    if (error instanceof ApiError && error.isOutage) {
      throw new Response(MESSAGES.serviceDown, {
        status: 503,
        headers: { "Retry-After": "5", "Content-Type": "text/plain" },
      });
    }
    if (error instanceof ApiError) return seeOther(PATHS.deposit);
    throw error;
  }
}

export function loader() {
  return seeOther(PATHS.deposit);
}
