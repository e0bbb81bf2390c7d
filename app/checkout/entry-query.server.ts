import { redirect } from "@remix-run/node";
import { logout } from "~/upstream/global.server";
import { PATHS } from "~/routing/paths";
import { email, gstin, mobileNumber, personName, totalEmployees } from "~/validation/fields";
import type { SessionData } from "~/session/session.server";
import { commitSession, getSession, sessionStorage } from "~/session/session.server";
import { z } from "zod";

/**
 * docs/product.md, Query handling: a partner or campaign link may carry
 * the admin's details. Values that pass their rule prefill the forms; the rest are dropped and the
 * form says why.
 */
const PREFILL_FIELDS: Record<string, { key: PrefillKey; label: string; schema: z.ZodTypeAny }> = {
  business_contact_number: { key: "mobile", label: "mobile number", schema: mobileNumber },
  gstin: { key: "gstin", label: "GSTIN", schema: gstin },
  admin_name: { key: "name", label: "name", schema: personName },
  business_email: { key: "email", label: "email", schema: email },
  total_employees: { key: "totalEmployees", label: "number of employees", schema: totalEmployees },
};
export type PrefillKey = "mobile" | "gstin" | "name" | "email" | "totalEmployees";

function readPrefill(params: URLSearchParams) {
  const values: Record<string, string> = {};
  const errors: Record<string, string> = {};
  for (const [param, field] of Object.entries(PREFILL_FIELDS)) {
    const raw = params.get(param)?.trim();
    if (!raw) continue;
    const input = field.key === "totalEmployees" ? Number(raw) : raw;
    const parsed = field.schema.safeParse(input);
    if (parsed.success) values[field.key] = String(parsed.data);
    else errors[field.key] = `The ${field.label} in your link was left out: ${parsed.error.issues[0]?.message}`;
  }
  return { values, errors };
}

/** Query parameters a prefill link may carry, and nothing else (they travel on to the confirmation). */
export const PREFILL_PARAMS = [
  "prefill",
  ...Object.keys(PREFILL_FIELDS),
  "parent",
  "utm_source",
  "utm_campaign",
  "mid",
  "identifier",
] as const;

/** Entry pages a prefill link may land on, and so the only places the confirmation goes back to. */
export const PREFILL_TARGETS: readonly string[] = [PATHS.home, PATHS.checkout.verify];

/**
 * A partner link's references (`mid`, `identifier`), sent on with the plan request
 * (docs/product.md, Query handling). Kept only when they look like references; never invented.
 */
const partnerRef = z
  .string()
  .trim()
  .regex(/^[\w.-]{1,100}$/);

export function partnerRefs(params: URLSearchParams): { mid?: string; identifier?: string } {
  const refs: { mid?: string; identifier?: string } = {};
  for (const key of ["mid", "identifier"] as const) {
    const parsed = partnerRef.safeParse(params.get(key));
    if (parsed.success) refs[key] = parsed.data;
  }
  return refs;
}

/**
 * The plan a partner page's plan button chose (`plan`), kept until the plan step picks it
 * (docs/product.md, Partner pages). Only a plan: benefits are never chosen for the buyer.
 */
export function planChoice(params: URLSearchParams): { planId?: string } {
  const parsed = partnerRef.safeParse(params.get("plan"));
  return parsed.success ? { planId: parsed.data } : {};
}

/**
 * `parent=LGE` with a prefill on home (docs/product.md, Query handling): the answer is the loader
 * page, which reloads the bare address after a second (a meta refresh, so script is not needed).
 */
export class LoaderPage {
  constructor(
    readonly reloadTo: string,
    readonly headers: Headers,
  ) {}
}

/**
 * Handles the query of an entry page (home, verify-phone). Returns a redirect to the same page
 * without the query after a prefill (or, on home with `parent=LGE`, the loader page that goes
 * there), or cookie headers for the campaign flag and partner references, or nothing.
 */
export async function handleEntryQuery(
  request: Request,
  options: { requireUtmSource: boolean; loaderPageForLge: true },
): Promise<Response | LoaderPage | Headers | null>;
export async function handleEntryQuery(
  request: Request,
  options: { requireUtmSource: boolean },
): Promise<Response | Headers | null>;
export async function handleEntryQuery(
  request: Request,
  options: { requireUtmSource: boolean; loaderPageForLge?: true },
): Promise<Response | LoaderPage | Headers | null> {
  const url = new URL(request.url);
  const params = url.searchParams;
  const mediascopy =
    params.get("utm_campaign") === "mediascopy" && (!options.requireUtmSource || params.has("utm_source"));

  if (params.get("prefill") === "1") {
    const previous = await getSession(request);
    if (previous.get("token")) {
      const ask = new URLSearchParams({ to: url.pathname });
      for (const name of PREFILL_PARAMS) for (const value of params.getAll(name)) ask.append(name, value);
      return redirect(`${PATHS.prefill}?${ask}`);
    }
    const headers = await prefilledSession(request, params, mediascopy);
    if (options.loaderPageForLge && params.get("parent") === "LGE") return new LoaderPage(url.pathname, headers);
    return redirect(url.pathname, { headers });
  }

  const updates: Partial<Pick<SessionData, "mediascopy" | "mid" | "identifier" | "planId">> = {
    ...(mediascopy ? { mediascopy: true } : {}),
    ...partnerRefs(params),
    // Only verify-phone, where partner plan buttons lead: on home `plan` is the price calculator's
    // question (docs/decisions/0014), which must not set a cookie.
    ...(url.pathname === PATHS.checkout.verify ? planChoice(params) : {}),
  };
  const session = await getSession(request);
  const changed = Object.entries(updates).filter(([key, value]) => session.get(key as keyof typeof updates) !== value);
  if (!changed.length) return null;
  for (const [key, value] of changed) session.set(key as keyof typeof updates, value as never);
  return new Headers({ "Set-Cookie": await commitSession(session) });
}

/** A fresh session holding the link's details; whoever was signed in here is signed out first. */
async function prefilledSession(request: Request, params: URLSearchParams, mediascopy: boolean): Promise<Headers> {
  const previous = await getSession(request);
  const token = previous.get("token");
  if (token) await logout(token).catch(() => undefined);
  const session = await sessionStorage.getSession();
  const { values, errors } = readPrefill(params);
  session.set("prefill", values);
  session.set("prefillErrors", errors);
  if (params.get("parent") === "LGE") session.set("parentLge", true);
  if (mediascopy || previous.get("mediascopy")) session.set("mediascopy", true);
  for (const [key, value] of Object.entries({
    mid: previous.get("mid"),
    identifier: previous.get("identifier"),
    ...partnerRefs(params),
  })) {
    if (value) session.set(key as "mid" | "identifier", value);
  }
  return new Headers({ "Set-Cookie": await commitSession(session) });
}

/** The signed-in admin's confirmed start-over (PATHS.prefill): the fresh session, then the entry page. */
export async function startOverWithPrefill(
  request: Request,
  params: URLSearchParams,
  to: string,
  mediascopy: boolean,
): Promise<Response> {
  return redirect(to, { headers: await prefilledSession(request, params, mediascopy) });
}

/** The details a prefill link carries, checked, for the confirmation page to show. */
export function linkedDetails(params: URLSearchParams) {
  return readPrefill(params);
}

export function prefillOf(session: {
  get(key: "prefill"): SessionData["prefill"] | undefined;
  get(key: "prefillErrors"): SessionData["prefillErrors"] | undefined;
}) {
  return { values: session.get("prefill") ?? {}, errors: session.get("prefillErrors") ?? {} };
}
