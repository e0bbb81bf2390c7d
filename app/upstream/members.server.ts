import { z } from "zod";
import { isoDate, sumInsuredBasis } from "./employer.server";
import { ApiError, apiFileRequest, apiRequest, noneIfNotFound } from "./http.server";

/**
 * The member census, the policy and the e-cards (docs/api-contract.md, Members, policy and e-cards).
 * Every answer carries members' personal data: callers keep it out of logs and shared caches.
 */

const gender = z.enum(["male", "female", "other"]);
const relationship = z.enum(["self", "spouse", "son", "daughter"]);

/** One member as the app sends it: values already normalised (ISO dates, 10-digit mobiles, lower-case words). */
export interface MemberInput {
  employee_code: string;
  full_name: string;
  gender: string;
  date_of_birth: string;
  relationship: string;
  mobile: string | null;
  email: string | null;
  date_of_joining: string | null;
}

const checkedMember = z.object({
  employee_code: z.string(),
  full_name: z.string(),
  gender,
  date_of_birth: isoDate,
  relationship,
  mobile: z.string().nullable(),
  email: z.string().nullable(),
  date_of_joining: isoDate.nullable(),
  band: z.string(),
  range: z.string(),
  age_on_cover_start: z.number().int(),
});

const member = checkedMember.extend({
  member_id: z.string(),
  e_card_status: z.enum(["not_issued", "issued"]),
  /** A leaver's (and their family's) last day of cover; their e-card is no longer active after it. */
  cover_ended_on: isoDate.nullable().default(null),
  created_at: z.string(),
});
export type Member = z.infer<typeof member>;

const rejection = z.object({
  row_number: z.number().int(),
  column: z.string(),
  value: z.string(),
  message: z.string(),
});
export type Rejection = z.infer<typeof rejection>;

const policy = z.object({
  policy_number: z.string(),
  issued_at: z.string(),
  period: z.object({ from: isoDate, to: isoDate }),
  insurer: z.object({ name: z.string(), irdai_registration_no: z.string() }),
  intermediary: z.object({ name: z.string(), kind: z.string(), irdai_registration_no: z.string() }),
  tpa: z.object({ name: z.string(), cashless_helpline: z.string() }),
  /** Invented sandbox data, shown as such. */
  sample: z.boolean(),
  plan_name: z.string(),
  sum_insured_inr: z.number().int(),
  sum_insured_basis: sumInsuredBasis,
});
export type Policy = z.infer<typeof policy>;

const count = z.number().int();
const census = z.object({
  members: z.array(member),
  page: count,
  page_size: count,
  total: count,
  summary: z.object({
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
    /** Every employee bought is named (dependants beyond them are optional). */
    complete: z.boolean(),
  }),
  cover_start_date: isoDate,
  policy: policy.nullable(),
  /** The members' details were erased, three years after the policy ended (docs/product.md, Personal data). */
  erased: z.object({ erased_on: isoDate, policy_ended_on: isoDate }).nullable().default(null),
});
export type Census = z.infer<typeof census>;

const checkResult = z.object({
  check_id: z.string(),
  ready: z.array(z.object({ row_number: count, member: checkedMember })),
  rejected: z.array(rejection),
  ready_count: count,
  /** Rows with at least one rejection; `rejected` may hold several entries for one row. */
  rejected_count: count,
});
export type CensusCheck = z.infer<typeof checkResult>;

const saved = z.object({ added: count, census });
export type CensusSaved = z.infer<typeof saved>;

/** One page of the census with its summary and the policy, if issued. No paid membership: ApiError 404. */
export function getCensus(token: string, page = 1, pageSize = 50) {
  return noneIfNotFound(
    apiRequest({
      backend: "employer",
      path: "/membership/census",
      query: { page, page_size: pageSize },
      token,
      data: census,
    }),
  );
}

/** Checks rows (from a file: `row_number` is the file's, header = row 1) and saves nothing; the API keeps the check 30 minutes. */
export function checkCensus(token: string, rows: (MemberInput & { row_number: number })[]) {
  return apiRequest({
    backend: "employer",
    method: "POST",
    path: "/membership/census/check",
    body: { rows },
    token,
    data: checkResult,
  });
}

/**
 * Saves exactly the ready rows of a check; a second confirm answers the same. A row that became invalid
 * since the check: ApiError 409 whose rejections `rejectionsOf` reads; an expired check: ApiError 404.
 */
export function confirmCensus(token: string, checkId: string) {
  return apiRequest({
    backend: "employer",
    method: "POST",
    path: "/membership/census/confirm",
    body: { check_id: checkId },
    token,
    data: saved,
  });
}

/** The add-one form: an employee and their dependants, saved at once or not at all (ApiError 422, see `rejectionsOf`). */
export function addMembers(token: string, rows: MemberInput[]) {
  return apiRequest({
    backend: "employer",
    method: "POST",
    path: "/membership/census/members",
    body: { rows },
    token,
    data: saved,
  });
}

const rejections = z.object({ rejected: z.array(rejection) });

/** The rejected rows an ApiError of a confirm (409) or an add (422) carries; [] for any other error. */
export function rejectionsOf(error: unknown): Rejection[] {
  if (!(error instanceof ApiError)) return [];
  const parsed = rejections.safeParse(error.data);
  return parsed.success ? parsed.data.rejected : [];
}

/** The policy once issued, else null. */
export function getPolicy(token: string) {
  return apiRequest({ backend: "employer", path: "/membership/policy", token, data: policy.nullable() });
}

/** The certificate of insurance (ApiError 404 until the policy is issued). */
export function getCertificatePdf(token: string) {
  return noneIfNotFound(
    apiFileRequest({ backend: "employer", path: "/membership/certificate/pdf", token, accept: "application/pdf" }),
  );
}

// Member ids are opaque and URL-safe (KVM-000123 in the sandbox).
const memberIdPattern = /^[A-Za-z0-9_-]{1,64}$/;

/** A member id as it may appear in a URL, or null for anything else. */
export function parseMemberId(value: string | undefined): string | null {
  return value !== undefined && memberIdPattern.test(value) ? value : null;
}

/** One member's e-card (ApiError 404 for an unknown member, another company's, or before issue). */
export function getECardPdf(token: string, memberId: string) {
  return noneIfNotFound(
    apiFileRequest({
      backend: "employer",
      path: `/membership/members/${encodeURIComponent(memberId)}/e-card/pdf`,
      token,
      accept: "application/pdf",
    }),
  );
}

/** Every member's e-card in one PDF (ApiError 404 before issue). */
export function getAllECardsPdf(token: string) {
  return noneIfNotFound(
    apiFileRequest({ backend: "employer", path: "/membership/e-cards/pdf", token, accept: "application/pdf" }),
  );
}
