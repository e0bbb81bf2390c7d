/**
 * How a plan's sum insured is shared (docs/product.md, The pages). Every plan is a
 * family floater: the sum insured is one amount a policy year for the employee and everyone their
 * family cover names together. The catalogue says so in `sum_insured_basis`; the documents the
 * sandbox writes (invoice, certificate, e-card) describe it with these words, as the app does.
 */
export const SUM_INSURED_BASES = ["family_floater", "per_member"] as const;
export type SumInsuredBasis = (typeof SUM_INSURED_BASES)[number];

export const SUM_INSURED_BASIS: SumInsuredBasis = "family_floater";

const BASIS_WORDS: Record<SumInsuredBasis, string> = {
  family_floater: "per family per year (family floater)",
  per_member: "per member per year",
};

/** "INR 2,00,000 per family per year (family floater)": the words documents print (PDF fonts lack ₹). */
export function describeSumInsured(sumInsuredInr: number, basis: SumInsuredBasis = SUM_INSURED_BASIS): string {
  return `INR ${sumInsuredInr.toLocaleString("en-IN")} ${BASIS_WORDS[basis]}`;
}
