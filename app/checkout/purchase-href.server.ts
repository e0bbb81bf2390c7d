import { getCart } from "~/upstream/employer.server";
import { PATHS } from "~/routing/paths";
import { firstUnfinishedStep, isPaidOrPending, pathOf } from "./steps";

/**
 * Where the header's purchase button takes a signed-in admin (docs/product.md, Users and roles): the
 * first step their cart has not finished, or the membership once paid (or being paid). Any trouble
 * reading the cart gives the membership, which finds the step itself: the header never fails a page.
 */
export async function purchaseHrefFor(token: string): Promise<string> {
  try {
    const cart = await getCart(token);
    return isPaidOrPending(cart) ? PATHS.membership : pathOf(firstUnfinishedStep(cart));
  } catch {
    return PATHS.membership;
  }
}
