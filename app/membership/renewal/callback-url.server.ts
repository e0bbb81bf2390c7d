import { publicOrigin } from "~/config/env.server";
import { PATHS } from "~/routing/paths";

/** Where the gateway posts the admin back after paying for a renewal: this site's public origin. */
export function renewalPaymentCallbackUrl(request: Request): string {
  return new URL(PATHS.renewalPaymentCallback, publicOrigin(request)).toString();
}
