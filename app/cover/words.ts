import type { Claim, ClaimStatus } from "~/upstream/claims.server";

/** What each step of a claim is called where the employee and the admin read it (docs/product.md, Claims). */
export const STATUS_LABELS: Record<ClaimStatus, string> = {
  intimated: "With the TPA",
  queried: "Question from the TPA",
  approved: "Pre-authorised",
  submitted: "Being assessed",
  settled: "Settled",
  refused: "Refused",
};

export const STATUS_BADGES: Record<ClaimStatus, string> = {
  intimated: "badge--pending",
  queried: "badge--pending",
  approved: "badge--pending",
  submitted: "badge--pending",
  settled: "badge--success",
  refused: "badge--refused",
};

export const RELATIONSHIP_WORDS = { self: "You", spouse: "Spouse", son: "Son", daughter: "Daughter" } as const;

export const CARE_LABELS = {
  inpatient: "In-patient (admitted 24 hours or more)",
  daycare: "Day care (a procedure in less than 24 hours)",
  outpatient: "Out-patient (a consultation, tests or medicines without admission)",
} as const;

export function kindLabel(claim: Pick<Claim, "kind" | "admission">): string {
  if (claim.kind === "reimbursement") return "Reimbursement";
  return claim.admission === "emergency" ? "Cashless, emergency" : "Cashless, planned";
}

/** What to carry to the hospital's insurance desk (sandbox TPA's cashless steps, printed on the e-card). */
export const WHAT_TO_CARRY = [
  "The patient’s e-card (download it here)",
  "A photo ID: Aadhaar, PAN card, passport or driving licence",
  "The intimation number",
] as const;
