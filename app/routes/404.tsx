import type { MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { NotFound } from "~/components/not-found";

/** Spec §2 'Not found': /404 itself renders the not-found page, with status 404. */
export async function loader() {
  return json(null, { status: 404 });
}

export const meta: MetaFunction = () => [{ title: "Page not found | Kavach" }, { name: "robots", content: "noindex" }];

export default NotFound;
