import type { LoaderFunctionArgs } from "@remix-run/node";
import { publicOrigin } from "~/config/env.server";

/** Crawlers may read the public site; the purchase flow, the API and sandbox pages are private. */
export async function loader({ request }: LoaderFunctionArgs) {
  const origin = publicOrigin(request);
  const body = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /checkout/",
    "Disallow: /teamsure/verify-payment",
    "Disallow: /teamsure/payment-",
    "Disallow: /api/",
    "Disallow: /dev/",
    "Disallow: /logout",
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
