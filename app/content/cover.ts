import { formatRupees } from "~/utils/money";

/**
 * How a plan's sum insured is described, on every surface, in the same words (docs/product.md, The
 * pages, "One description of the cover"): the catalogue says whether it is one amount for the employee's whole family (a family
 * floater) or an amount for each member, and every page reads it from there.
 */

export const SUM_INSURED_BASES = ["family_floater", "per_member"] as const;
export type SumInsuredBasis = (typeof SUM_INSURED_BASES)[number];

const BASIS_WORDS: Record<SumInsuredBasis, string> = {
  family_floater: "per family per year",
  per_member: "per member per year",
};

/** "per family per year": the basis alone, after an amount the page already shows. */
export function sumInsuredBasis(basis: SumInsuredBasis): string {
  return BASIS_WORDS[basis];
}

/** "₹2,00,000 sum insured per family per year". */
export function describeSumInsured(sumInsuredInr: number, basis: SumInsuredBasis): string {
  return `${formatRupees(sumInsuredInr)} sum insured ${BASIS_WORDS[basis]}`;
}

/** What "employees" and "lives covered" mean, where a page explains them. */
export const COVER_COUNTS = {
  employees: "Employees",
  lives: "Lives covered",
  livesHint: "Employees and the family members their family cover includes.",
} as const;
