import type { Testimonial } from "~/upstream/employer.server";

/** A review the site may show: it names its source and its date (docs/product.md, Public pages). */
export type SourcedReview = Omit<Testimonial, "source" | "date"> & {
  source: NonNullable<Testimonial["source"]>;
  date: string;
};

export function sourcedReviews(testimonials: Testimonial[]): SourcedReview[] {
  return testimonials.filter((t): t is SourcedReview => Boolean(t.source && t.date));
}
