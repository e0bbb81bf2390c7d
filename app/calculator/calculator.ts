import type { Catalogue, PeopleRow, Quote } from "~/upstream/employer.server";
import { PAGE_PATHS } from "~/routing/page-paths";

/**
 * The public price calculator's query and answer (docs/product.md, Public pages; docs/decisions/0014),
 * shared by its page component and the server code that prices it (calculator.server.ts).
 */

/**
 * Query names: `plan`, `benefit` (one per ticked benefit), `gst` (where the company is registered,
 * which decides the GST lines) and `{band}.{range}` for each count.
 */
export const CALCULATOR_PARAMS = { plan: "plan", benefit: "benefit", gst: "gst" } as const;

/** Where the company is registered, as the API's tax regimes (docs/product.md, Prices and GST). */
export const GST_CHOICES = [
  { value: "inter", label: "Another state: IGST 18%" },
  { value: "intra", label: "Karnataka: CGST 9% + SGST 9%" },
  { value: "sez", label: "An SEZ unit: no GST" },
] as const;
export type GstChoice = (typeof GST_CHOICES)[number]["value"];
export const countParam = (band: string, range: string) => `${band}.${range}`;

/** Pages that carry the calculator, and so the only places its answer goes back to. */
export const CALCULATOR_PAGES: readonly string[] = [PAGE_PATHS.home, PAGE_PATHS.benefits];

/** What the visitor chose, as the API's cart takes it ("Buy this" writes it there after sign-in). */
export interface CalculatorChoice {
  planId: string;
  coverage: string[];
  rows: PeopleRow[];
}

export type CalculatorResult =
  | { status: "empty" }
  /** outsideRange: the headcount, when that alone is the problem (fewer than 2 or more than 10,000). */
  | { status: "invalid"; errors: string[]; outsideRange?: number }
  | { status: "down"; message: string }
  | { status: "priced"; quote: Quote; choice: CalculatorChoice; planName: string; benefitNames: string[] };

export interface CalculatorView {
  /** Null when the upstream could not say what there is to choose: the page says so instead. */
  catalogue: Catalogue | null;
  /** The form as the visitor left it: the plan, the ticked benefits, where GST applies, each count as typed. */
  form: { planId: string; coverage: string[]; gst: GstChoice; counts: Record<string, string> };
  result: CalculatorResult;
}
