import { getCart } from "~/upstream/employer.server";
import { PATHS } from "~/routing/paths";
import { firstUnfinishedStep, isPaidOrPending, pathOf } from "./steps";

/**
 * Where the header's purchase button takes a signed-in admin (docs/product.md, Users and roles): the
 * first step their cart has not finished, or the membership once paid (or being paid), when the
 * button says "Your membership" (`member`). Any trouble reading the cart gives the membership, which
 * finds the step itself, under the purchase label: the header never fails a page.
 */
export async function purchaseLinkFor(token: string): Promise<{ href: string; member: boolean }> {
  try {
    const cart = await getCart(token);
    return isPaidOrPending(cart)
      ? { href: PATHS.membership, member: true }
      : { href: pathOf(firstUnfinishedStep(cart)), member: false };
  } catch {
    return { href: PATHS.membership, member: false };
  }
}
