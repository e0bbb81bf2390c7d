import { redirect } from "@remix-run/node";

/** After a POST, send the browser on with 303 so a reload never re-posts the form. */
export function seeOther(url: string, headers?: HeadersInit) {
  return redirect(url, { status: 303, headers });
}
