import { describe, expect, it } from "vitest";
import { TESTIMONIALS } from "../../sandbox/content-data";
import { sourcedReviews } from "~/content/reviews";

describe("reviews shown on /reviews", () => {
  it("every testimonial the sandbox serves names its source and a real, past date", () => {
    expect(TESTIMONIALS.length).toBeGreaterThan(0);
    for (const t of TESTIMONIALS) {
      expect(t.source.label.trim(), t.id).not.toBe("");
      expect(t.date, t.id).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      const when = new Date(`${t.date}T00:00:00Z`);
      expect(when.toISOString().slice(0, 10), t.id).toBe(t.date);
      expect(when.getTime(), t.id).toBeLessThanOrEqual(Date.now());
    }
  });

  it("the people and companies are fictional, so every one is marked as a sample", () => {
    for (const t of TESTIMONIALS) expect(t.source.sample, t.id).toBe(true);
  });

  it("drops a review without a source or a date and keeps the rest", () => {
    const [first, second, third] = TESTIMONIALS;
    const shown = sourcedReviews([first, { ...second, source: null }, { ...third, date: undefined }]);
    expect(shown.map((t) => t.id)).toEqual([first.id]);
  });
});
