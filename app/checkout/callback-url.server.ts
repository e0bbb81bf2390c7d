import { publicOrigin } from "~/config/env.server";
import { PATHS } from "~/routing/paths";

/** Where the payment gateway posts the buyer back: this site's public origin, never a header's say-so alone. */
export function paymentCallbackUrl(request: Request): string {
  return new URL(PATHS.checkout.paymentCallback, publicOrigin(request)).toString();
}

/** Where the gateway posts the admin back after paying a top-up of the cash deposit with the insurer. */
export function depositTopUpCallbackUrl(request: Request): string {
  return new URL(PATHS.depositTopUpCallback, publicOrigin(request)).toString();
}

/** Where the gateway posts the admin back after paying for an addition to the team. */
export function changePaymentCallbackUrl(request: Request): string {
  return new URL(PATHS.changePaymentCallback, publicOrigin(request)).toString();
}
