import { redirect } from "@remix-run/node";
import type { Cart } from "~/upstream/employer.server";
import { getCart } from "~/upstream/employer.server";
import { PATHS } from "~/routing/paths";
import type { SignedIn } from "~/session/signed-in.server";
import { requireToken, withToken } from "~/session/signed-in.server";
import type { StepId } from "./steps";
import { firstUnfinishedStep, isPaidOrPending, pathOf, stepIndex } from "./steps";

/**
 * The step guard on a cart the API answered: a paid (or being paid) admin sees the membership, not
 * editable steps; every earlier step must be finished, and jumping ahead by URL lands on the first
 * unfinished one. Only throws.
 */
export function assertStepOpen(cart: Cart, step: StepId, headers: Headers): void {
  if (isPaidOrPending(cart)) throw redirect(PATHS.membership, { headers });
  const first = firstUnfinishedStep(cart);
  if (stepIndex(step) > stepIndex(first)) throw redirect(pathOf(first), { headers });
}

/**
 * The cart for a step's loader, guarded. Takes the signed-in admin so a loader can start its other
 * reads beside this one (one upstream round trip where the data allows, decision 0024).
 */
export async function stepCart(request: Request, signedIn: SignedIn, step: StepId): Promise<Cart> {
  const cart = await withToken(request, signedIn.token, getCart);
  assertStepOpen(cart, step, signedIn.headers);
  return cart;
}

/** Guard for a checkout step's loader: signed in, and every earlier step finished (assertStepOpen). */
export async function requireCheckoutStep(request: Request, step: StepId): Promise<SignedIn & { cart: Cart }> {
  const signedIn = await requireToken(request);
  return { ...signedIn, cart: await stepCart(request, signedIn, step) };
}
