import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { endEmployeeSession } from "~/cover/session.server";
import { PATHS } from "~/routing/paths";

/** The employee signs out: their token is revoked; an admin's sign-in on this browser stays. */
export async function action({ request }: ActionFunctionArgs) {
  return endEmployeeSession(request);
}

/** A GET never changes state. */
export function loader() {
  return redirect(PATHS.cover.home);
}
