import type { ActionFunctionArgs } from "@remix-run/node";
import { readGatewayCallback, retryOnOutage } from "~/payments/gateway-callback.server";
import { PATHS } from "~/routing/paths";
import { changePath } from "~/routing/membership-paths";
import { verifyChangePayment } from "~/upstream/changes.server";
import { ApiError } from "~/upstream/http.server";
import { seeOther } from "~/utils/see-other";

/**
 * The gateway posts the admin back here after paying for an addition, cross-site, without the session
 * cookie: the API checks the signature and says which change it was for; the change's page then shows
 * what happened (made, pending, or failed with no one added).
 */
export async function action({ request }: ActionFunctionArgs) {
  const callback = await readGatewayCallback(request);
  if (!callback) return seeOther(PATHS.changes);
  try {
    const verified = await verifyChangePayment(callback);
    return seeOther(changePath(verified.change_id));
  } catch (error) {
    retryOnOutage(error);
    if (error instanceof ApiError) return seeOther(PATHS.changes);
    throw error;
  }
}

export function loader() {
  return seeOther(PATHS.changes);
}
