import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { NOT_FOUND_META, PublicRouteErrorBoundary } from "~/components/not-found";
import { LayoutOne, LayoutTwo, themeStyle } from "~/components/partner-landing";
import type { SiteHeaderHandle } from "~/components/site-header";
import { PartnerDataError, fetchPartnerData } from "~/content/partner-data.server";
import { partnerLandingPath } from "~/content/page-paths";
import { findPartnerLanding } from "~/content/partner-landings";
import { PARTNER_PURCHASE_LABEL, PURCHASE_LABEL } from "~/content/site";
import { env } from "~/env.server";
import { seoMeta } from "~/seo";

/**
 * The app's own origin as seen from inside the process. Loopback rather than the request's Host
 * header, which the client controls: the partner file must come from this site and nowhere else.
 */
function selfOrigin() {
  const host = ["0.0.0.0", "::", "localhost"].includes(env.HOST) ? "127.0.0.1" : env.HOST;
  return `http://${host.includes(":") ? `[${host}]` : host}:${env.PORT}`;
}

/** Co-branded partner landing pages (docs/product.md, Partner pages), from public/partners/{key}.json. */
export async function loader({ params }: LoaderFunctionArgs) {
  const landing = findPartnerLanding(params.partner);
  if (!landing) throw new Response("Not Found", { status: 404 });
  try {
    const data = await fetchPartnerData(selfOrigin(), landing);
    return json({
      seo: { ...landing.seo, path: partnerLandingPath(landing.key) },
      name: landing.name,
      purchaseLabel: landing.named ? PARTNER_PURCHASE_LABEL : PURCHASE_LABEL,
      data,
    });
  } catch (error) {
    if (!(error instanceof PartnerDataError)) throw error;
    console.error(JSON.stringify({ level: "error", msg: error.message, partner: landing.key }));
    throw new Response("Partner page unavailable", { status: 503 });
  }
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => (data ? seoMeta(data.seo, matches) : NOT_FOUND_META);

type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>;

export const handle: SiteHeaderHandle = {
  cobrand: (data) => {
    const page = data as LoaderData | undefined;
    if (!page?.data) return undefined;
    return { name: page.name, logoUrl: page.data.topHeaderLogo, purchaseLabel: page.purchaseLabel, style: themeStyle(page.data.theme) };
  },
};

export default function PartnerLandingPage() {
  const { name, purchaseLabel, data } = useLoaderData<typeof loader>();
  return data.layout === 1 ? <LayoutOne data={data} partnerName={name} /> : <LayoutTwo data={data} purchaseLabel={purchaseLabel} />;
}

export const ErrorBoundary = PublicRouteErrorBoundary;
