import type { ActionFunctionArgs } from "@remix-run/node";
import { readGatewayCallback, retryOnOutage } from "~/payments/gateway-callback.server";
import { PATHS } from "~/routing/paths";
import { redirectWithToast } from "~/session/toast.server";
import { verifyTopUp } from "~/upstream/deposit.server";
import { ApiError } from "~/upstream/http.server";
import { formatPaise } from "~/utils/money";
import { seeOther } from "~/utils/see-other";

/**
 * The gateway posts the admin back here after paying a top-up of the cash deposit (docs/decisions/0055),
 * cross-site, without the session cookie: the API checks the signature and credits the deposit once; the
 * deposit's page then shows it.
 */
export async function action({ request }: ActionFunctionArgs) {
  const callback = await readGatewayCallback(request);
  if (!callback) return seeOther(PATHS.deposit);
  try {
    const verified = await verifyTopUp(callback);
    return redirectWithToast(
      PATHS.deposit,
      verified.status === "paid"
        ? { kind: "success", message: `${formatPaise(verified.amount_paise)} is paid into the deposit.` }
        : { kind: "warning", message: "The top-up was not paid, and nothing was added to the deposit." },
    );
  } catch (error) {
    retryOnOutage(error);
    if (error instanceof ApiError) return seeOther(PATHS.deposit);
    throw error;
  }
}

export function loader() {
  return seeOther(PATHS.deposit);
}
