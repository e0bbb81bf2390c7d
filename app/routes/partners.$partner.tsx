import { formatRupees } from "~/utils/money";
import { describeSumInsured } from "~/content/cover";
import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { NOT_FOUND_META, PublicRouteErrorBoundary } from "~/components/not-found";
import { LayoutOne, LayoutTwo, type PartnerPlanCard, themeStyle } from "~/components/partner-landing";
import { type Catalogue, getCatalogue } from "~/upstream/employer.server";
import { ApiError } from "~/upstream/http.server";
import type { SiteHeaderHandle } from "~/components/site-header";
import { type LayoutOneData, PartnerDataError, fetchPartnerData } from "~/content/partner-data.server";
import { partnerLandingPath } from "~/routing/page-paths";
import type { PartnerLanding } from "~/content/partner-landings";
import { findPartnerLanding } from "~/content/partner-landings";
import { partnerRefs } from "~/checkout/entry-query.server";
import { PATHS } from "~/routing/paths";
import { PARTNER_PURCHASE_LABEL, PURCHASE_LABEL } from "~/content/site";
import { env } from "~/config/env.server";
import { logger } from "~/observability/log.server";
import { seoMeta } from "~/content/seo";

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

/**
 * The file's plan cards, each filled from the API catalogue: the plan's name, what it includes, its
 * "from" price and who underwrites it (docs/product.md, Partner pages). A card naming a plan the
 * catalogue does not have is left out. Its button, when it starts the purchase, carries the plan.
 */
function planCards(file: LayoutOneData, catalogue: Catalogue, checkoutHref: string): PartnerPlanCard[] {
  const included = catalogue.coverages.filter((c) => c.is_required).map((c) => c.name);
  return file.kavachBenefits.flatMap((card) => {
    const plan = catalogue.plans.find((p) => p.plan_id === card.planId);
    if (plan === undefined) {
      logger.error({ plan: card.planId }, "partner plan not in catalogue");
      return [];
    }
    const url =
      card.btnContentObj.url === PATHS.checkout.verify
        ? `${checkoutHref}${checkoutHref.includes("?") ? "&" : "?"}${new URLSearchParams({ plan: plan.plan_id })}`
        : card.btnContentObj.url;
    return [
      {
        planId: plan.plan_id,
        name: plan.name,
        cover: describeSumInsured(plan.sum_insured_inr, plan.sum_insured_basis),
        // The cover is said once, in the catalogue's words, above the features.
        features: plan.features.filter((f) => !f.includes(formatRupees(plan.sum_insured_inr))),
        included,
        fromMonthlyPaise: plan.from_monthly_paise,
        underwriting: plan.underwriting,
        button: { title: card.btnContentObj.title, url },
      },
    ];
  });
}

/** The plan cards, or null when the catalogue cannot be read (the page then says so). */
async function catalogueCards(file: LayoutOneData, checkoutHref: string, partner: string) {
  try {
    return planCards(file, await getCatalogue(), checkoutHref);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    logger.error({ partner }, "catalogue unavailable");
    return null;
  }
}

/** Co-branded partner landing pages (docs/product.md, Partner pages), from public/partners/{key}.json. */
export async function loader({ params, request }: LoaderFunctionArgs) {
  const landing = findPartnerLanding(params.partner);
  if (!landing) throw new Response("Not Found", { status: 404 });
  try {
    const file = await fetchPartnerData(selfOrigin(), landing);
    const checkoutHref = checkoutHrefFor(landing, request);
    // Prices come from the API's catalogue alone: without it the page shows no plans rather than a
    // price of its own, and stays up (docs/product.md, Partner pages).
    const plans = file.layout === 1 ? await catalogueCards(file, checkoutHref, landing.key) : [];
    return data(
      {
        seo: { ...landing.seo, path: partnerLandingPath(landing.key) },
        name: landing.name,
        purchaseLabel: landing.named ? PARTNER_PURCHASE_LABEL : PURCHASE_LABEL,
        checkoutHref,
        data: file,
        plans,
      },
      // A page without its plans is not kept for other visitors (docs/decisions/0010): the next one
      // gets them as soon as the catalogue answers again.
      plans === null ? { headers: { "Cache-Control": "no-store" } } : undefined,
    );
  } catch (error) {
    if (!(error instanceof PartnerDataError)) throw error;
    logger.error({ partner: landing.key }, error.message);
    throw new Response("Partner page unavailable", { status: 503 });
  }
}

export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

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
  const { name, purchaseLabel, checkoutHref, data, plans } = useLoaderData<typeof loader>();
  return data.layout === 1 ? (
    <LayoutOne data={data} plans={plans} partnerName={name} checkoutHref={checkoutHref} />
  ) : (
    <LayoutTwo data={data} purchaseLabel={purchaseLabel} checkoutHref={checkoutHref} />
  );
}

export const ErrorBoundary = PublicRouteErrorBoundary;
