import type { LoaderFunctionArgs } from "@remix-run/node";
import { CANONICAL_PAGES } from "~/content/public-pages";
import { publicOrigin } from "~/config/env.server";

const escapeXml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** Every public page at its canonical address (variants point their canonical at these). */
export async function loader({ request }: LoaderFunctionArgs) {
  const origin = publicOrigin(request);
  const urls = CANONICAL_PAGES.map((p) => `  <url><loc>${escapeXml(origin + p.path)}</loc></url>`).join("\n");
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(body, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
