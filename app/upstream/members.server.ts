import { z } from "zod";
import type { MemberInput } from "~/members/rules";
import { apiFileRequest, apiRequest } from "./http.server";

/** The member census, the policy and the e-cards (docs/api-contract.md, Members, policy and e-cards). */

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

const member = z.object({
  member_id: z.string(),
  employee_code: z.string(),
  full_name: z.string(),
  gender: z.enum(["male", "female", "other"]),
  date_of_birth: isoDate,
  relationship: z.enum(["self", "spouse", "son", "daughter"]),
  mobile: z.string().nullable(),
  email: z.string().nullable(),
  date_of_joining: isoDate.nullable(),
  band: z.string(),
  range: z.string(),
  age_on_cover_start: z.number().int(),
  e_card_status: z.enum(["not_issued", "issued"]),
});
export type Member = z.infer<typeof member>;

const policy = z.object({
  policy_number: z.string(),
  issued_at: z.string(),
  period: z.object({ from: isoDate, to: isoDate }),
  insurer: z.object({ name: z.string(), irdai_registration_no: z.string() }),
  tpa: z.object({ name: z.string(), cashless_helpline: z.string() }),
  plan_name: z.string(),
  sum_insured_inr: z.number().int(),
  sum_insured_basis: z.enum(["family_floater", "per_member"]),
});
export type Policy = z.infer<typeof policy>;

const count = z.number().int().nonnegative();
const summary = z.object({
  by_cover: z.array(
    z.object({
      band: z.string(),
      band_label: z.string(),
      range: z.string(),
      range_label: z.string(),
      employees_bought: count,
      employees_named: count,
      lives_bought: count,
      lives_named: count,
    }),
  ),
  employees_bought: count,
  employees_named: count,
  lives_bought: count,
  lives_named: count,
  complete: z.boolean(),
});
export type CensusSummary = z.infer<typeof summary>;

const census = z.object({
  members: z.array(member),
  page: z.number().int(),
  page_size: z.number().int(),
  total: count,
  summary,
  cover_start_date: isoDate,
  policy: policy.nullable(),
});
export type Census = z.infer<typeof census>;

const rejection = z.object({
  row_number: z.number().int(),
  column: z.string(),
  value: z.string(),
  message: z.string(),
});
export type Rejection = z.infer<typeof rejection>;

const check = z.object({
  check_id: z.string(),
  ready: z.array(z.object({ row_number: z.number().int(), member: z.object({ full_name: z.string() }).passthrough() })),
  rejected: z.array(rejection),
  ready_count: count,
  rejected_count: count,
});
export type CensusCheck = z.infer<typeof check>;

const added = z.object({ added: count, census });

/** A page of the company's members with the census summary; ApiError 404 without a paid membership. */
export function getCensus(token: string, page = 1, pageSize = 50) {
  return apiRequest({
    backend: "employer",
    path: "/membership/census",
    query: { page, page_size: pageSize },
    token,
    data: census,
  });
}

/** Checks rows against what was bought, saving nothing: the ready rows are kept under check_id. */
export function checkCensus(token: string, rows: Array<MemberInput & { row_number: number }>) {
  return apiRequest({
    backend: "employer",
    method: "POST",
    path: "/membership/census/check",
    body: { rows },
    token,
    idempotent: true,
    data: check,
  });
}

/** Saves exactly the ready rows of a check; repeating it saves nothing twice. */
export function confirmCensus(token: string, checkId: string) {
  return apiRequest({
    backend: "employer",
    method: "POST",
    path: "/membership/census/confirm",
    body: { check_id: checkId },
    token,
    idempotent: true,
    data: added,
  });
}

/** Checks and saves an employee with their dependants; ApiError 422 carries `{ rejected }`. */
export function addMembers(token: string, rows: MemberInput[]) {
  return apiRequest({
    backend: "employer",
    method: "POST",
    path: "/membership/census/members",
    body: { rows },
    token,
    data: added,
  });
}

export const rejectedRows = z.object({ rejected: z.array(rejection) });

function pdf(token: string, path: string) {
  return apiFileRequest({ backend: "employer", path, token, accept: "application/pdf" });
}

export const getCertificatePdf = (token: string) => pdf(token, "/membership/certificate/pdf");
export const getECardsPdf = (token: string) => pdf(token, "/membership/e-cards/pdf");
export const getECardPdf = (token: string, memberId: string) =>
  pdf(token, `/membership/members/${encodeURIComponent(memberId)}/e-card/pdf`);

const memberIdPattern = /^[A-Z]{3}-\d{1,12}$/;

/** A member id as it appears in a URL (KVM-000123), or null for anything else. */
export function parseMemberId(value: string | undefined): string | null {
  return value !== undefined && memberIdPattern.test(value) ? value : null;
}
