import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { TESTIMONIALS } from "../../sandbox/catalog/content-data";
import { sourcedReviews } from "~/content/reviews";
import { parsePartnerData } from "~/content/partner-data.server";
import { PARTNER_LANDINGS } from "~/content/partner-landings";

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

describe("testimonials on the partner pages", () => {
  const files = PARTNER_LANDINGS.map((landing) => ({
    landing,
    raw: JSON.parse(readFileSync(`public/partners/${landing.key}.json`, "utf8")) as {
      testimonials?: Record<string, unknown>[];
    },
  }));
  const withTestimonials = files.filter((f) => f.raw.testimonials?.length);

  it("every testimonial in a partner's file names its source and a real, past date, marked as a sample", () => {
    expect(withTestimonials.map((f) => f.landing.key)).toEqual(["godrej", "godrej-finance"]);
    for (const { landing, raw } of withTestimonials) {
      const shown = parsePartnerData(raw, landing.layout);
      if (shown.layout !== 1) throw new Error(`${landing.key} has testimonials but is not layout 1`);
      // All of them are shown: none was dropped for want of a source or a date.
      expect(shown.testimonials.length, landing.key).toBe(raw.testimonials!.length);
      for (const t of shown.testimonials) {
        const who = `${landing.key}: ${t.author.name}`;
        expect(t.source.label.trim(), who).not.toBe("");
        expect(t.source.sample, who).toBe(true);
        const when = new Date(`${t.date}T00:00:00Z`);
        expect(when.toISOString().slice(0, 10), who).toBe(t.date);
        expect(when.getTime(), who).toBeLessThanOrEqual(Date.now());
      }
    }
  });

  it("drops a partner's testimonial without a source or a date, or with a date that is not one, and keeps the rest", () => {
    const { landing, raw } = withTestimonials[0]!;
    const [first, second, third, fourth] = raw.testimonials!;
    const shown = parsePartnerData(
      {
        ...raw,
        testimonials: [first, { ...second, source: undefined }, { ...third, date: null }, { ...fourth, date: "soon" }],
      },
      landing.layout,
    );
    if (shown.layout !== 1) throw new Error("layout 1 expected");
    expect(shown.testimonials.map((t) => t.author.name)).toEqual([(first!.author as { name: string }).name]);
  });
});
