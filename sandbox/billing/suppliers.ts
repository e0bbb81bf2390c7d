// Who supplies what, and so who invoices it (docs/product.md, Who invoices what; decision 0047): the
// health insurer supplies the group health cover (SAC 997133), a life insurer the group term life cover
// (997132), and Kavach its own wellness services (9993). Each issues its own tax invoices and credit notes
// under its own GSTIN, in its own series per financial year (CGST Act s.31 and s.34, Rules 46 and 53).
// The embedded API is a sandbox: the insurers' registrations are invented (check characters correct),
// flagged `sample`, and each registered in Karnataka, where the sandbox's documents are issued from.
import { SELLER } from "../shared/seller";

export type SupplierKey = "health" | "life" | "kavach";

export interface Supplier {
  key: SupplierKey;
  name: string;
  address: string;
  gstin: string;
  state_code: string;
  state_name: string;
  email: string;
  /** What the supplier is, as the documents say it: an insurer with its IRDAI registration, or the intermediary. */
  role: string;
  /** The series prefixes of its tax invoices and its credit notes: a number is at most 16 characters. */
  invoice_series: string;
  credit_series: string;
  /** Its letter of undertaking for zero-rated supplies to SEZ units (the ARN of the LUT filed for the year). */
  lut_arn: string;
}

export const SUPPLIERS: Record<SupplierKey, Supplier> = {
  health: {
    key: "health",
    name: "Suraksha General Insurance Company Limited",
    address: "Suraksha House, 12 Residency Road, Bengaluru 560025, Karnataka",
    gstin: "29AAGCS5512K1Z2",
    state_code: "29",
    state_name: "Karnataka",
    email: "gst@suraksha-insurance.example",
    role: "General insurer, IRDAI Reg. No. 901",
    invoice_series: "SG",
    credit_series: "SGC",
    lut_arn: "AD290326004471K",
  },
  life: {
    key: "life",
    name: "Raksha Life Insurance Company Limited",
    address: "Raksha Towers, 7 Cunningham Road, Bengaluru 560052, Karnataka",
    gstin: "29AAHCR6183L1ZN",
    state_code: "29",
    state_name: "Karnataka",
    email: "gst@raksha-life.example",
    role: "Life insurer, IRDAI Reg. No. 178",
    invoice_series: "RL",
    credit_series: "RLC",
    lut_arn: "AD290326005218P",
  },
  kavach: {
    key: "kavach",
    name: SELLER.name,
    address: SELLER.address,
    gstin: SELLER.gstin,
    state_code: SELLER.state_code,
    state_name: SELLER.state_name,
    email: SELLER.email,
    role: "Corporate agent (composite), IRDAI Reg. No. CA0999, supplying its own health services",
    invoice_series: "KV",
    credit_series: "KVC",
    lut_arn: "AD290326003310X",
  },
};

/** The order the documents of one purchase or change are listed in: the health cover first. */
export const SUPPLIER_ORDER: readonly SupplierKey[] = ["health", "life", "kavach"];

export const SAC_HEALTH = "997133"; // accident and health insurance services
export const SAC_LIFE = "997132"; // life insurance services
export const SAC_HEALTH_SERVICES = "9993"; // human health and social care services

/** A benefit's supplier and SAC: the insurers' covers are insurance; every other benefit is Kavach's service. */
export function supplyOf(coverageId: string): { supplier: SupplierKey; sac: string } {
  if (coverageId === "group-health-insurance") return { supplier: "health", sac: SAC_HEALTH };
  if (coverageId === "group-term-life-insurance") return { supplier: "life", sac: SAC_LIFE };
  return { supplier: "kavach", sac: SAC_HEALTH_SERVICES };
}

/** What a supplier's document is for, in the words the review, the success page, the email and /membership use. */
export const DOCUMENT_FOR: Record<SupplierKey, string> = {
  health: "Group health insurance premium, supplied and invoiced by the insurer",
  life: "Group term life insurance premium, supplied and invoiced by the life insurer",
  kavach: "Kavach's own health services (consultations, check-ups, wellness), invoiced by Kavach",
};

/**
 * Rule 46's wording for a zero-rated supply to an SEZ unit, with the supplier's letter of undertaking: every
 * sandbox supplier has one for the year, so no SEZ supply is taxed.
 */
export function sezNote(s: Supplier): string {
  return `SUPPLY MEANT FOR EXPORT/SUPPLY TO SEZ UNIT OR SEZ DEVELOPER FOR AUTHORISED OPERATIONS UNDER BOND OR LETTER OF UNDERTAKING WITHOUT PAYMENT OF INTEGRATED TAX. LUT ARN ${s.lut_arn}.`;
}

/** The supplier as a document prints it. */
export function supplierParty(s: Supplier) {
  return {
    name: s.name,
    address: s.address,
    gstin: s.gstin,
    state_code: s.state_code,
    state_name: s.state_name,
    email: s.email,
    role: s.role,
  };
}

/**
 * Splits the tax an order or a change was charged across its documents, to the paisa: each document's
 * share of each tax line is its exact share (its taxable value × the line's tax ÷ the whole taxable
 * value) rounded down, and the paise left go to the largest remainders. Each document's tax is so within
 * a paisa of its rate, and the documents add up to what was paid, never a paisa more.
 */
export function splitTax<T extends { label: string; rate_bp: number; paise: number }>(
  taxLines: readonly T[],
  taxables: readonly number[],
): T[][] {
  const whole = taxables.reduce((s, t) => s + t, 0);
  const out: T[][] = taxables.map(() => []);
  for (const line of taxLines) {
    if (whole === 0) {
      taxables.forEach((_, i) => out[i]!.push({ ...line, paise: i === 0 ? line.paise : 0 }));
      continue;
    }
    const sign = line.paise < 0 ? -1 : 1;
    // BigInt: a large yearly premium times its tax passes 2^53 paise.
    const total = BigInt(Math.abs(line.paise));
    const of = BigInt(Math.abs(whole));
    const parts = taxables.map((t) => total * BigInt(Math.abs(t)));
    const shares = parts.map((p) => Number(p / of));
    let left = Number(total) - shares.reduce((s, v) => s + v, 0);
    const byRemainder = parts
      .map((p, i) => ({ i, r: p % of }))
      .sort((a, b) => (a.r === b.r ? a.i - b.i : a.r > b.r ? -1 : 1));
    for (const { i } of byRemainder) {
      if (left === 0) break;
      shares[i]! += 1;
      left -= 1;
    }
    shares.forEach((p, i) => out[i]!.push({ ...line, paise: sign * p }));
  }
  return out;
}

/**
 * Who will invoice a purchase of these benefits, in SUPPLIER_ORDER: the health insurer always, and the
 * supplier of each benefit with a price. The review says so before anything is paid (decision 0047).
 */
export function purchaseDocuments(coverages: readonly { id: string; monthly_paise: number }[]) {
  const keys = new Set<SupplierKey>(["health"]);
  for (const c of coverages) if (c.monthly_paise > 0) keys.add(supplyOf(c.id).supplier);
  return SUPPLIER_ORDER.filter((k) => keys.has(k)).map((k) => ({
    supplier: SUPPLIERS[k].name,
    gstin: SUPPLIERS[k].gstin,
    document_for: DOCUMENT_FOR[k],
  }));
}
