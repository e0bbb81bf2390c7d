import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { PRODUCTS } from "~/content/products";
import { AGE_BANDS, COVERAGES, FAMILY_RANGES, PLANS, RATES } from "../../sandbox/store/seed-data";

/**
 * docs/product.md, Prices and GST (one price everywhere): the public pages' copy names prices in
 * words, so each figure it names must be the catalogue's own. A price changed in the catalogue and
 * not in the copy fails here.
 */
const rupees = (paise: number) => paise / 100;

/** The lowest "from" price: the first plan, youngest band, employee only, nothing paid added. */
const fromPrice = rupees(
  RATES.find(
    (r) =>
      r.band === AGE_BANDS[0]!.code &&
      r.range === FAMILY_RANGES[0]!.code &&
      r.sum_insured_inr === PLANS[0]!.sum_insured_inr,
  )!.monthly_paise,
);

function figures(text: string, pattern: RegExp): number[] {
  return [...text.matchAll(pattern)].map((m) => Number(m[1]!.replace(/,/g, "")));
}

describe("prices named in the public copy", () => {
  it("each benefit's page names its add-on price from the catalogue", () => {
    for (const product of PRODUCTS) {
      const coverage = COVERAGES.find((c) => c.id === product.slug)!;
      const named = figures(JSON.stringify(product), /₹([\d,]+) per member a month/g);
      if (coverage.is_required) {
        expect(named, product.slug).toEqual([]);
        continue;
      }
      expect(named.length, `${product.slug} names its price`).toBeGreaterThan(0);
      for (const n of named) expect(n, product.slug).toBe(rupees(coverage.monthly_paise));
    }
  });

  it('every "from" price in the copy is the catalogue\'s lowest plan price', () => {
    const files = [
      "app/content/products.ts",
      "app/content/benefits.ts",
      "app/content/comparison.ts",
      "app/routes/_index.tsx",
    ];
    const named = files.flatMap((file) =>
      figures(fs.readFileSync(path.resolve(__dirname, "../..", file), "utf8"), /[Ff]rom ₹([\d,]+)/g),
    );
    expect(named.length).toBeGreaterThan(0);
    for (const n of named) expect(n).toBe(fromPrice);
  });
});
