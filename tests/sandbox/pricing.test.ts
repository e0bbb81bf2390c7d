import { describe, expect, it } from "vitest";
import { formatRupees } from "../../sandbox/shared/html";
import { computeQuote, taxLines, taxRegimeFor, unitMonthlyPaise } from "../../sandbox/catalog/pricing";
import { AGE_BANDS, COVERAGES, FAMILY_RANGES, PLANS, RATES } from "../../sandbox/store/seed-data";

describe("rate table", () => {
  it("has one row for every band × range × sum insured", () => {
    expect(RATES).toHaveLength(AGE_BANDS.length * FAMILY_RANGES.length * PLANS.length);
    const keys = new Set(RATES.map((r) => `${r.band}|${r.range}|${r.sum_insured_inr}`));
    expect(keys.size).toBe(RATES.length);
  });

  it("follows the base prices and factors, in whole rupees", () => {
    const rate = (band: string, range: string, si: number) =>
      RATES.find((r) => r.band === band && r.range === range && r.sum_insured_inr === si)!.monthly_paise;
    expect([
      rate("18-35", "1A", 100000),
      rate("36-45", "1A", 100000),
      rate("46-55", "1A", 100000),
      rate("56-65", "1A", 100000),
    ]).toEqual([15000, 21000, 32000, 48000]);
    expect(rate("18-35", "1A", 200000)).toBe(23300); // 150 × 1.55 = 232.5 → 233
    expect(rate("18-35", "2A", 200000)).toBe(41900); // 150 × 1.55 × 1.8 = 418.5 → 419
    expect(rate("56-65", "2A+2C", 500000)).toBe(324500); // 480 × 2.6 × 2.6 = 3244.8 → 3245
    for (const r of RATES) expect(r.monthly_paise % 100).toBe(0);
  });

  it("prices the seven benefits, insurance at 0 and add-ons between ₹35 and ₹120", () => {
    expect(COVERAGES.map((c) => c.id)).toEqual([
      "group-health-insurance",
      "group-term-life-insurance",
      "doctor-consultation",
      "discounted-medicine",
      "discounted-health-checkups",
      "fitness-tracking",
      "good-doctors",
    ]);
    expect(COVERAGES[0]).toMatchObject({ is_required: 1, is_default: 1, monthly_paise: 0 });
    for (const c of COVERAGES.slice(1)) {
      expect(c.monthly_paise).toBeGreaterThanOrEqual(3500);
      expect(c.monthly_paise).toBeLessThanOrEqual(12000);
    }
  });
});

describe("quote", () => {
  const rows = [
    { band: "18-35", range: "1A", count: 5, unit_monthly_paise: unitMonthlyPaise(15000, [0, 4900]) },
    { band: "46-55", range: "2A", count: 2, unit_monthly_paise: unitMonthlyPaise(57600, [0, 4900]) },
  ];

  it("adds CGST and SGST for a buyer in Karnataka", () => {
    const q = computeQuote(rows, taxRegimeFor("29", false));
    expect(q.members).toBe(7);
    expect(q.lines.map((l) => l.monthly_paise)).toEqual([99500, 125000]);
    expect(q.monthly).toEqual({
      policy: "monthly",
      months: 1,
      discount_pct: 0,
      premium_paise: 224500,
      saving_paise: 0,
      tax_lines: [
        { label: "CGST 9%", rate_bp: 900, paise: 20205 },
        { label: "SGST 9%", rate_bp: 900, paise: 20205 },
      ],
      tax_paise: 40410,
      total_paise: 264910,
    });
    expect(q.yearly).toEqual({
      policy: "yearly",
      months: 12,
      discount_pct: 10,
      premium_paise: 2424600,
      saving_paise: 317892,
      tax_lines: [
        { label: "CGST 9%", rate_bp: 900, paise: 218214 },
        { label: "SGST 9%", rate_bp: 900, paise: 218214 },
      ],
      tax_paise: 436428,
      total_paise: 2861028,
    });
  });

  it("adds IGST for a buyer in another state and nothing for an SEZ unit", () => {
    expect(taxRegimeFor("07", false)).toBe("inter");
    expect(taxRegimeFor("29", true)).toBe("sez");
    expect(taxRegimeFor("33", true)).toBe("sez");
    const inter = computeQuote(rows, "inter");
    expect(inter.monthly.tax_lines).toEqual([{ label: "IGST 18%", rate_bp: 1800, paise: 40410 }]);
    const sez = computeQuote(rows, "sez");
    expect(sez.monthly).toMatchObject({ tax_lines: [], tax_paise: 0, total_paise: 224500 });
    expect(sez.yearly).toMatchObject({ tax_lines: [], tax_paise: 0, total_paise: 2424600, saving_paise: 269400 });
  });

  it("rounds each tax line half up to the paisa", () => {
    expect(taxLines("intra", 150)).toEqual([
      { label: "CGST 9%", rate_bp: 900, paise: 14 }, // 13.5
      { label: "SGST 9%", rate_bp: 900, paise: 14 },
    ]);
    expect(taxLines("inter", 150)).toEqual([{ label: "IGST 18%", rate_bp: 1800, paise: 27 }]);
    expect(taxLines("inter", 1)).toEqual([{ label: "IGST 18%", rate_bp: 1800, paise: 0 }]); // 0.18
    expect(computeQuote([{ band: "b", range: "r", count: 1, unit_monthly_paise: 5 }], "sez").yearly.premium_paise).toBe(
      54,
    ); // 54
    expect(computeQuote([{ band: "b", range: "r", count: 1, unit_monthly_paise: 7 }], "sez").yearly.premium_paise).toBe(
      76,
    ); // 75.6
  });
});

describe("rupee formatting", () => {
  it("groups digits the Indian way", () => {
    expect(formatRupees(0)).toBe("₹0");
    expect(formatRupees(99900)).toBe("₹999");
    expect(formatRupees(100000)).toBe("₹1,000");
    expect(formatRupees(264910)).toBe("₹2,649.10");
    expect(formatRupees(1234567800)).toBe("₹1,23,45,678");
    expect(formatRupees(5)).toBe("₹0.05");
  });
});
