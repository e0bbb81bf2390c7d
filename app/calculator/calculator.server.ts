import type { HeadersFunction } from "@remix-run/node";
import type { Catalogue } from "~/upstream/employer.server";
import { getCatalogue, getEstimate } from "~/upstream/employer.server";
import type { CalculatorChoice, CalculatorView, GstChoice } from "~/calculator/calculator";
import { CALCULATOR_PARAMS, GST_CHOICES, countParam } from "~/calculator/calculator";
import { ApiError } from "~/upstream/http.server";
import { MESSAGES } from "~/config/constants";
import { formatCount } from "~/utils/money";
import { quoteQuery } from "~/validation/people";
import { peopleInRange } from "~/checkout/steps";

/**
 * The public price calculator (docs/product.md, Public pages; docs/decisions/0014): a GET form on
 * the home and benefits pages whose query is a plan, the ticked benefits and a count per age band
 * and family cover. The price is the API's own (`POST /plan/estimate`), as the checkout's is.
 */

/** Whether a page's query asks the calculator anything (then that page is not shared from memory). */
export function asksCalculator(params: URLSearchParams): boolean {
  return params.has(CALCULATOR_PARAMS.plan);
}

function defaultPlan(catalogue: Catalogue): string {
  return (catalogue.plans.find((p) => p.default_visibility) ?? catalogue.plans[0])?.plan_id ?? "";
}

/**
 * Reads the query against the catalogue and checks it with the add-people grid's own schema
 * (app/validation/people.ts); a count that fails is named by its cell, as on add-people.
 */
export function readChoice(
  params: URLSearchParams,
  catalogue: Catalogue,
): { form: CalculatorView["form"]; choice: CalculatorChoice | null; errors: string[]; outsideRange?: number } {
  const planId = params.get(CALCULATOR_PARAMS.plan) ?? defaultPlan(catalogue);
  // Only benefits the visitor ticked: a paid add-on is never chosen for them. Required ones the API adds.
  const coverage = params.getAll(CALCULATOR_PARAMS.benefit);
  const asked = params.get(CALCULATOR_PARAMS.gst);
  const gst: GstChoice = GST_CHOICES.find((c) => c.value === asked)?.value ?? "inter";
  const counts: Record<string, string> = {};
  const rows: Array<{ band: string; range: string; count: number }> = [];
  const cells: string[] = [];
  for (const band of catalogue.bands) {
    for (const range of catalogue.ranges) {
      const name = countParam(band.code, range.code);
      const raw = (params.get(name) ?? "").trim().slice(0, 12);
      counts[name] = raw;
      rows.push({ band: band.code, range: range.code, count: raw === "" ? 0 : Number(raw) });
      cells.push(`${band.label}, ${range.code}`);
    }
  }
  const form = { planId, coverage, gst, counts };
  const parsed = quoteQuery.safeParse({ planId, coverage, rows });
  if (!parsed.success) {
    const errors = parsed.error.issues.map((issue) => {
      const [field, index] = issue.path;
      return field === "rows" && typeof index === "number" ? `${cells[index]}: ${issue.message}` : issue.message;
    });
    return { form, choice: null, errors: [...new Set(errors)] };
  }
  const kept = (parsed.data.rows ?? []).filter((r) => r.count > 0);
  const total = kept.reduce((sum, r) => sum + r.count, 0);
  if (!peopleInRange(total)) {
    return {
      form,
      choice: null,
      errors: [`${MESSAGES.employeesRange}. You have added ${formatCount(total)}.`],
      outsideRange: total,
    };
  }
  return { form, choice: { planId, coverage: parsed.data.coverage ?? [], rows: kept }, errors: [] };
}

/** The calculator for a page's query: the choices on offer and, when asked, the API's price. */
export async function calculatorView(params: URLSearchParams): Promise<CalculatorView> {
  let catalogue: Catalogue;
  try {
    catalogue = await getCatalogue();
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return {
      catalogue: null,
      form: { planId: "", coverage: [], gst: "inter", counts: {} },
      result: { status: "down", message: error.message },
    };
  }
  const { form, choice, errors, outsideRange } = readChoice(params, catalogue);
  if (!asksCalculator(params)) return { catalogue, form, result: { status: "empty" } };
  if (choice === null) return { catalogue, form, result: { status: "invalid", errors, outsideRange } };
  try {
    const quote = await getEstimate({
      plan_id: choice.planId,
      coverage_ids: choice.coverage,
      rows: choice.rows,
      tax_regime: form.gst,
    });
    const chosen = catalogue.coverages.filter((c) => c.is_required || choice.coverage.includes(c.id));
    return {
      catalogue,
      form,
      result: {
        status: "priced",
        quote,
        choice,
        planName: catalogue.plans.find((p) => p.plan_id === choice.planId)?.name ?? choice.planId,
        benefitNames: chosen.map((c) => c.name),
      },
    };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return {
      catalogue,
      form,
      result: error.isOutage
        ? { status: "down", message: error.message }
        : { status: "invalid", errors: [error.message] },
    };
  }
}

/**
 * A page that answers a calculator query is rendered for each visitor and never kept in the page
 * cache (docs/decisions/0010 and 0014): the address stays shareable, but one kept page per choice of
 * people would push the site's own pages out of memory.
 */
export function calculatorHeaders(params: URLSearchParams, headers: Headers): Headers {
  if (asksCalculator(params)) headers.set("Cache-Control", "private, no-cache");
  return headers;
}

/** The page route's `headers`: its loader's Cache-Control, when it set one (cookies pass on by themselves). */
export const calculatorPageHeaders: HeadersFunction = ({ loaderHeaders }) => {
  const cacheControl = loaderHeaders.get("Cache-Control");
  return cacheControl ? { "Cache-Control": cacheControl } : new Headers();
};
