import { randomInt } from "node:crypto";
import type { StepId } from "../../app/checkout/steps";
import { gstinCheckCharacter } from "../../app/validation/gstin";
import { sampleCompanyOf } from "../../sandbox/catalog/sample-company";

/**
 * Puts a signed-in admin's cart where a test needs it, over the API (docs/api-contract.md,
 * `POST /carts/update`), with what the e2e helpers type on the pages: a fresh sample company, Asha Rao with 12
 * employees, the first plan shown with the benefits every plan includes, 8 + 4 employees, yearly.
 */
export const FERNLEAF = "29AAKCF2931M1Z6"; // Karnataka
export const HARBOURLINE = "33AAHCS4170P1ZY"; // Tamil Nadu, SEZ
export const TANAGER = "07AAFCT1128B1ZV"; // Delhi

const LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/**
 * A GSTIN (Karnataka unless another state code is given) of a company no test has bought for: a GSTIN holds one membership (docs/product.md,
 * One membership per company), and the sandbox answers it with a sample company of its own
 * (decision 0051: any valid GSTIN the registry does not list). Random, as e2e workers run in processes of their own.
 */
export function freshGstin(state = "29"): string {
  const letters = Array.from({ length: 3 }, () => LETTERS[randomInt(26)]).join("");
  const first14 = `${state}ZZ${letters}${String(randomInt(10_000)).padStart(4, "0")}${LETTERS[randomInt(26)]}1Z`;
  return first14 + gstinCheckCharacter(first14);
}

/** The name the sandbox registry makes up for a GSTIN it does not list (decision 0051). */
export function sampleCompanyName(gstin: string): string {
  return sampleCompanyOf(gstin, "").company_name;
}

/** The checkout step an admin stands on: the first the cart has not finished (app/checkout/steps.ts). */
export type CartStep = Exclude<StepId, "verify">;

export interface CartOptions {
  gstin?: string;
  /** The headcount given on company details; null leaves it out. */
  employees?: number | null;
  people?: Array<{ band: string; range: string; count: number }>;
  policy?: "monthly" | "yearly";
}

export const DEFAULT_PEOPLE = [
  { band: "18-35", range: "1A", count: 8 },
  { band: "36-45", range: "2A+2C", count: 4 },
];

/** An employer v1 call as the admin; throws unless the API answers success. */
export async function callApi(apiBaseUrl: string, token: string, path: string, body?: unknown): Promise<any> {
  const response = await fetch(`${apiBaseUrl}/employer/v1${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = (await response.json()) as { success: number; msg?: string; data?: any };
  if (answer.success !== 1) throw new Error(`${path} answered ${response.status}: ${answer.msg}`);
  return answer.data;
}

/** Fills every step before `step`, so the admin lands on `step`. */
export async function moveCartTo(
  apiBaseUrl: string,
  token: string,
  step: CartStep,
  options: CartOptions = {},
): Promise<void> {
  const order: CartStep[] = ["gst", "details", "plan", "people", "review", "payment"];
  const done = (s: CartStep) => order.indexOf(s) < order.indexOf(step);
  // A company of its own unless the test names one: a GSTIN holds one membership, so a cart another test
  // pays for must never be a company this one chooses (docs/product.md, One membership per company).
  const gstin = options.gstin ?? freshGstin();
  const update = (type: string, item: unknown) => callApi(apiBaseUrl, token, "/carts/update", { type, item });
  if (done("gst")) await update("company", { gstin });
  if (done("details"))
    await update("admin", {
      name: "Asha Rao",
      email: "asha.rao@fernleaf.example",
      total_employees: options.employees === undefined ? 12 : options.employees,
      authorised: true,
    });
  if (done("plan")) {
    const { plans } = await callApi(apiBaseUrl, token, "/plan/get-plans", { gstin, coverage_ids: [] });
    const shown = (plans as Array<{ plan_id: string; default_visibility: number }>).find((p) => p.default_visibility);
    await update("plan", { plan_id: shown!.plan_id, coverage_ids: [] });
  }
  if (done("people")) await update("people", { rows: options.people ?? DEFAULT_PEOPLE });
  if (done("review")) await update("billing", { policy: options.policy ?? "yearly" });
}
