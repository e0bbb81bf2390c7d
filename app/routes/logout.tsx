import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { logout } from "~/upstream/global.server";
import { PATHS } from "~/routing/paths";
import { getSession, signOutRedirect } from "~/session/session.server";
import { setToast } from "~/session/toast.server";

/** Logout is a POST: it revokes the token upstream, clears the session and lands on verify-phone. */
export async function action({ request }: ActionFunctionArgs) {
  const token = (await getSession(request)).get("token");
  // Revoking is best effort: the cookie is cleared either way, so this browser is signed out.
  if (token) await logout(token).catch(() => undefined);
  return signOutRedirect(
    request,
    PATHS.checkout.verify,
    await setToast({ kind: "info", message: "You have signed out." }),
  );
}

/** A GET never changes state: it just goes home. */
export function loader() {
  return redirect(PATHS.home);
}
