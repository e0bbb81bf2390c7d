import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { NOT_FOUND_META, NotFound } from "~/components/not-found";
import { redirectTarget } from "~/routing/redirects";

/**
 * Every path no other route claims: an older address in the redirect table answers 301 (query
 * kept); anything else is a 404 rendered inside the site layout.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const target = redirectTarget(new URL(request.url));
  if (target) return redirect(target, 301);
  throw new Response("Not Found", { status: 404 });
}

export const meta: MetaFunction = () => NOT_FOUND_META;

export default function CatchAll() {
  return <NotFound />;
}

export function ErrorBoundary() {
  return <NotFound />;
}
