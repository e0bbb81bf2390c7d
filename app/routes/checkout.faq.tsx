import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { trackEvent } from "~/analytics/track.server";
import { FaqList } from "~/components/marketing";
import { EXTERNAL } from "~/content/site";
import { seoMeta } from "~/content/seo";
import { PATHS } from "~/routing/paths";
import { getSession } from "~/session/session.server";
import { getFaq } from "~/upstream/global.server";
import { ApiError } from "~/upstream/http.server";

export const meta: MetaFunction = ({ matches }) =>
  seoMeta(
    {
      title: "Questions about cover and billing",
      description: "Answers to the questions companies ask while they buy Kavach.",
      path: PATHS.checkout.faq,
    },
    matches,
  );

/**
 * The checkout's FAQ (docs/product.md, Purchase flow): the questions and answers of the API's `GET /faq`,
 * on a page of the checkout, and purchase_faq counted where it happens (docs/product.md, Analytics events).
 * When the API cannot answer, the page says so with 503 and points to the help site's FAQ.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const session = await getSession(request);
  // Only an admin in a checkout is counted: a GET anyone can repeat must not be an unbounded write
  // (docs/product.md, Security rules).
  if (session.get("token")) trackEvent(request, session, "purchase_faq");
  try {
    return data({ faq: await getFaq(), error: null, helpSite: EXTERNAL.faq });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return data({ faq: null, error: error.message, helpSite: EXTERNAL.faq }, { status: 503 });
  }
}

export default function CheckoutFaq() {
  const { faq, error, helpSite } = useLoaderData<typeof loader>();
  return (
    <div className="container checkout">
      <section className="card checkout-main stack" aria-labelledby="faq-title">
        <h1 id="faq-title">Questions about cover and billing</h1>
        {faq ? (
          <FaqList items={faq} name="checkout-faq" />
        ) : (
          <div className="notice notice--warning" role="alert">
            <p>
              <strong>We could not load the questions right now.</strong> {error}
            </p>
            <p>
              They are also on our help site: <a href={helpSite}>the FAQ</a>.
            </p>
          </div>
        )}
        <p>
          <Link className="button" to={PATHS.checkout.verify}>
            Back to your purchase
          </Link>
        </p>
      </section>
    </div>
  );
}
