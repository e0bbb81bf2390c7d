import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { NOT_FOUND_META, PublicRouteErrorBoundary } from "~/components/not-found";
import { LayoutOne, LayoutTwo, themeStyle } from "~/components/partner-landing";
import type { SiteHeaderHandle } from "~/components/site-header";
import { PartnerDataError, fetchPartnerData } from "~/content/partner-data.server";
import { partnerLandingPath } from "~/content/page-paths";
import type { PartnerLanding } from "~/content/partner-landings";
import { findPartnerLanding } from "~/content/partner-landings";
import { partnerRefs } from "~/checkout/entry-query.server";
import { PATHS } from "~/paths";
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

/**
 * Where this page's checkout links go: verify-phone with the partner's domain as `from` (a finance
 * partner's), and the `mid` and `identifier` of the link that brought the visitor here
 * (docs/product.md, Partner pages).
 */
function checkoutHrefFor(landing: PartnerLanding, request: Request): string {
  const query = new URLSearchParams({
    ...(landing.domain ? { from: landing.domain } : {}),
    ...partnerRefs(new URL(request.url).searchParams),
  });
  const search = query.toString();
  return search ? `${PATHS.checkout.verify}?${search}` : PATHS.checkout.verify;
}

/** Co-branded partner landing pages (docs/product.md, Partner pages), from public/partners/{key}.json. */
export async function loader({ params, request }: LoaderFunctionArgs) {
  const landing = findPartnerLanding(params.partner);
  if (!landing) throw new Response("Not Found", { status: 404 });
  try {
    const file = await fetchPartnerData(selfOrigin(), landing);
    const checkoutHref = checkoutHrefFor(landing, request);
    // The file's own buttons to verify-phone carry the attribution too.
    const data =
      file.layout === 1
        ? {
            ...file,
            kavachBenefits: file.kavachBenefits.map((plan) =>
              plan.btnContentObj.url === PATHS.checkout.verify
                ? { ...plan, btnContentObj: { ...plan.btnContentObj, url: checkoutHref } }
                : plan,
            ),
          }
        : file;
    return json({
      seo: { ...landing.seo, path: partnerLandingPath(landing.key) },
      name: landing.name,
      purchaseLabel: landing.named ? PARTNER_PURCHASE_LABEL : PURCHASE_LABEL,
      checkoutHref,
      data,
    });
  } catch (error) {
    if (!(error instanceof PartnerDataError)) throw error;
    console.error(JSON.stringify({ level: "error", msg: error.message, partner: landing.key }));
    throw new Response("Partner page unavailable", { status: 503 });
  }
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  data ? seoMeta(data.seo, matches) : NOT_FOUND_META;

type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>;

export const handle: SiteHeaderHandle = {
  cobrand: (data) => {
    const page = data as LoaderData | undefined;
    if (!page?.data) return undefined;
    return {
      name: page.name,
      logoUrl: page.data.topHeaderLogo,
      purchaseLabel: page.purchaseLabel,
      purchaseHref: page.checkoutHref,
      style: themeStyle(page.data.theme),
    };
  },
};

export default function PartnerLandingPage() {
  const { name, purchaseLabel, checkoutHref, data } = useLoaderData<typeof loader>();
  return data.layout === 1 ? (
    <LayoutOne data={data} partnerName={name} checkoutHref={checkoutHref} />
  ) : (
    <LayoutTwo data={data} purchaseLabel={purchaseLabel} checkoutHref={checkoutHref} />
  );
}

export const ErrorBoundary = PublicRouteErrorBoundary;
