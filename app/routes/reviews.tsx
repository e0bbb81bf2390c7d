import type { MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { getTestimonials } from "~/upstream/employer.server";
import { ApiError } from "~/upstream/http.server";
import { CtaBand, PageHero, TestimonialCard } from "~/components/marketing";
import { REVIEWS_SEO } from "~/content/legal";
import { seoMeta } from "~/content/seo";
import { sourcedReviews, type SourcedReview } from "~/content/reviews";

export const meta: MetaFunction = ({ matches }) => seoMeta(REVIEWS_SEO, matches);

/**
 * Testimonials from the API's /web-contents, only those that name a source and a date; when the call
 * fails the page says so (503; docs/product.md, Public pages).
 */
export async function loader() {
  try {
    return data({ testimonials: sourcedReviews(await getTestimonials()), error: null });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const none: SourcedReview[] = [];
    return data({ testimonials: none, error: error.message }, { status: 503 });
  }
}

export default function Reviews() {
  const { testimonials, error } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHero
        eyebrow="Reviews"
        title="What our customers say"
        intro="Founders, HR leaders and employees on what changed when their company moved its health benefits to Kavach."
        icon="star"
      />
      <div className="container section">
        {error ? (
          <div className="notice notice--warning" role="alert">
            <p>
              <strong>We could not load reviews right now.</strong>
            </p>
            <p>{error}</p>
          </div>
        ) : (
          <ul className="grid quote-grid">
            {testimonials.map((t) => (
              <li key={t.id}>
                <TestimonialCard testimonial={t} provenance={{ source: t.source, date: t.date }} />
              </li>
            ))}
          </ul>
        )}
      </div>
      <CtaBand
        title="Cover your team on Kavach"
        text="Group health benefits from two employees, bought online in minutes."
      />
    </>
  );
}
