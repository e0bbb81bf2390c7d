import { redirect } from "@remix-run/node";
import { getCart } from "~/upstream/employer.server";
import { PATHS } from "~/routing/paths";
import { getSession } from "~/session/session.server";
import { isPaidOrPending } from "~/checkout/steps";

/**
 * The spec's logged-in home (LG = 1): a signed-in admin with a paid or pending order lands on the
 * membership instead of the landing page. Anyone else, or any trouble reading the cart, gets the home
 * page as before: the public page never fails because of the upstream.
 */
export async function redirectPaidAdminToMembership(request: Request): Promise<void> {
  const token = (await getSession(request)).get("token");
  if (!token) return;
  let paid = false;
  try {
    paid = isPaidOrPending(await getCart(token));
  } catch {
    return;
  }
  if (paid) throw redirect(PATHS.membership);
}
