import { describe, expect, it } from "vitest";
import { UNREGISTERED_GSTINS, sampleCompanyOf } from "../../sandbox/catalog/sample-company";
import { checkGstin, gstinCheckCharacter } from "../../sandbox/shared/gstin";
import { COMPANIES, STATES } from "../../sandbox/store/seed-data";

/** A valid GSTIN in `state` with the PAN `pan`. */
function gstinOf(state: string, pan: string): string {
  const first14 = `${state}${pan}1Z`;
  return first14 + gstinCheckCharacter(first14);
}

// docs/product.md, GST details: the sandbox registry's made-up companies (docs/decisions/0051).
describe("the sandbox registry's sample companies", () => {
  it("puts the made-up address in the GSTIN's own state, marked sample data", () => {
    expect(sampleCompanyOf("27AABCK4821Q1Z5", "Maharashtra")).toEqual({
      company_name: "Kingsmoss Textiles Private Limited",
      address: "61 Sample Road, Pune 411001, Maharashtra (sample data)",
    });
    for (const state of STATES) {
      const gstin = gstinOf(state.code, "AABCK4821Q");
      expect(checkGstin(gstin).ok).toBe(true);
      const made = sampleCompanyOf(gstin, state.name);
      expect(made.address.endsWith(`, ${state.name} (sample data)`), state.code).toBe(true);
    }
  });

  it("names a company, a firm and a proprietor as their PAN says, by the PAN's name letter", () => {
    expect(sampleCompanyOf(gstinOf("29", "AABCB1000Z"), "Karnataka").company_name).toMatch(
      /^B\w+ \w+ Private Limited$/,
    );
    expect(sampleCompanyOf(gstinOf("29", "AABFW1000Z"), "Karnataka").company_name).toMatch(/^W\w+ \w+ LLP$/);
    expect(sampleCompanyOf(gstinOf("29", "AABPS1001Z"), "Karnataka").company_name).toMatch(/^S\w+ \w+ Enterprises$/);
  });

  it("never shadows a seeded company, and keeps the unregistered example unregistered", () => {
    const seeded = new Set(COMPANIES.map((c) => c.gstin));
    for (const gstin of UNREGISTERED_GSTINS) {
      expect(checkGstin(gstin).ok).toBe(true);
      expect(seeded.has(gstin)).toBe(false);
    }
  });
});
