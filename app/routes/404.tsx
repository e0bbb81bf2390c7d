import type { MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { NOT_FOUND_META, NotFound } from "~/components/not-found";

/** docs/product.md, Routes: /404 itself renders the not-found page, with status 404. */
export async function loader() {
  return data(null, { status: 404 });
}

export const meta: MetaFunction = () => NOT_FOUND_META;

export default NotFound;
