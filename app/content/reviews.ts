import type { Testimonial } from "~/upstream/employer.server";

type Source = NonNullable<Testimonial["source"]>;

/** Where a testimonial's words come from and when, either of which may be missing from the content. */
interface Provenance {
  source?: Source | null;
  date?: string | null;
}

/** A testimonial the site may show: it names its source and its date (docs/product.md, Public pages). */
export type Sourced<T extends Provenance> = Omit<T, "source" | "date"> & { source: Source; date: string };
export type SourcedReview = Sourced<Testimonial>;

/** The testimonials that name both a source and a date; the rest are not shown. */
export function sourcedReviews<T extends Provenance>(testimonials: T[]): Sourced<T>[] {
  return testimonials.filter((t): t is T & Sourced<T> => Boolean(t.source && t.date));
}
