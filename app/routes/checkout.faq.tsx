import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { trackEvent } from "~/analytics/track.server";
import { EXTERNAL } from "~/content/site";
import { getSession } from "~/session/session.server";

/**
 * The checkout's FAQ link: counts purchase_faq (docs/product.md, Analytics events) where it happens, then hands the admin to
 * the external FAQ. Recording an event is not a change to anything the admin owns.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const session = await getSession(request);
  // Only an admin in a checkout is counted: a GET anyone can repeat must not be an unbounded write
  // (docs/product.md, Security rules).
  if (session.get("token")) trackEvent(request, session, "purchase_faq");
  return redirect(EXTERNAL.faq);
}
