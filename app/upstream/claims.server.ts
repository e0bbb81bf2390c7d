import { z } from "zod";
import { COUNTRY_ID } from "~/config/constants";
import { apiFileRequest, apiRequest, noneIfNotFound } from "./http.server";

/**
 * Claims (docs/api-contract.md, Claims; docs/product.md, Claims): the network's hospitals for anyone,
 * an employee's own cover and claims behind their own token (never the admin's), and the admin's
 * summary. Answers carry members' personal and health data: callers keep them out of logs and caches.
 */

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

const hospital = z.object({
  hospital_id: z.string(),
  name: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  pin_code: z.string(),
  phone: z.string(),
  specialities: z.array(z.string()),
  cashless: z.boolean(),
});
export type Hospital = z.infer<typeof hospital>;

const hospitalPage = z.object({
  hospitals: z.array(hospital),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  sample: z.boolean(),
  note: z.string(),
});
export type HospitalPage = z.infer<typeof hospitalPage>;

export interface HospitalSearch {
  /** One hospital by its id. */
  id?: string;
  place?: string;
  name?: string;
  cashless?: boolean;
  page?: number;
  pageSize?: number;
}

/** The sandbox TPA's network, the same for everyone: shared for a minute between visitors. */
export function searchHospitals(q: HospitalSearch) {
  return apiRequest({
    backend: "global",
    path: "/hospitals",
    query: {
      id: q.id,
      place: q.place || undefined,
      name: q.name || undefined,
      cashless: q.cashless ? "1" : undefined,
      page: q.page,
      page_size: q.pageSize,
    },
    sharedForMs: 60_000,
    data: hospitalPage,
  });
}

const signedIn = z.object({ token: z.string().min(1), expires_at: z.string() });

/** The code /global/users texted, checked for an employee's own token (decision 0046). */
export function employeeSignIn(mobileNo: string, code: string, clientIp: string, deviceId?: string) {
  return apiRequest({
    backend: "root",
    method: "POST",
    path: "/employee/v1/sign-in",
    headers: { "x-forwarded-for": clientIp, ...(deviceId === undefined ? {} : { "x-device-id": deviceId }) },
    body: { mobile_no: mobileNo, country_id: COUNTRY_ID, code },
    data: signedIn,
  });
}

export function employeeLogout(token: string) {
  return apiRequest({ backend: "root", path: "/employee/v1/logout", token, data: z.unknown() });
}

const claimStatus = z.enum(["intimated", "queried", "approved", "submitted", "settled", "refused"]);
export type ClaimStatus = z.infer<typeof claimStatus>;

const claim = z.object({
  claim_id: z.string(),
  kind: z.enum(["cashless", "reimbursement"]),
  member_id: z.string(),
  admission: z.enum(["planned", "emergency"]).nullable(),
  care: z.enum(["inpatient", "daycare", "outpatient"]).nullable(),
  hospital_id: z.string().nullable(),
  hospital_name: z.string(),
  treatment_from: isoDate,
  treatment_to: isoDate.nullable(),
  reason: z.string(),
  claimed_paise: z.number().int(),
  status: claimStatus,
  approved_paise: z.number().int().nullable(),
  paid_paise: z.number().int().nullable(),
  deductions: z.array(z.object({ reason: z.string(), paise: z.number().int() })),
  query: z.string().nullable(),
  refusal: z.string().nullable(),
  next_step_due_at: z.string().nullable(),
  created_at: z.string(),
  events: z.array(z.object({ status: z.string(), note: z.string(), at: z.string() })),
  documents: z.array(
    z.object({ position: z.number().int(), file_name: z.string(), content_type: z.string(), size: z.number().int() }),
  ),
});
export type Claim = z.infer<typeof claim>;

const cover = z.object({
  employee: z.object({ employee_code: z.string(), full_name: z.string() }),
  policy: z.object({
    policy_number: z.string(),
    period: z.object({ from: isoDate, to: isoDate }),
    policyholder: z.string(),
    insurer: z.string(),
    plan_name: z.string(),
    sum_insured_inr: z.number().int(),
    sum_insured_basis: z.string(),
    tpa: z.object({ name: z.string(), cashless_helpline: z.string() }),
    sample: z.boolean(),
  }),
  members: z.array(
    z.object({
      member_id: z.string(),
      full_name: z.string(),
      relationship: z.enum(["self", "spouse", "son", "daughter"]),
      date_of_birth: isoDate,
      covered_from: isoDate,
      covered_to: isoDate,
      e_card_status: z.enum(["not_issued", "issued"]),
    }),
  ),
  sum_insured: z.object({
    total_paise: z.number().int(),
    paid_paise: z.number().int(),
    held_paise: z.number().int(),
    left_paise: z.number().int(),
  }),
  claims: z.array(claim),
});
export type EmployeeCover = z.infer<typeof cover>;

export function getEmployeeCover(token: string) {
  return apiRequest({ backend: "root", path: "/employee/v1/cover", token, data: cover });
}

/** A claim of the employee's family; null for any other (docs/decisions/0044: none is an answer). */
export function getClaim(token: string, claimId: string) {
  return noneIfNotFound(
    apiRequest({
      backend: "root",
      path: `/employee/v1/claims/${encodeURIComponent(claimId)}`,
      token,
      data: claim,
    }),
  );
}

export interface IntimationInput {
  member_id: string;
  hospital_id: string;
  admission: "planned" | "emergency";
  admission_date: string;
  admission_time?: string;
  reason: string;
  estimate_paise: number;
}

export function intimateCashless(token: string, input: IntimationInput) {
  return apiRequest({
    backend: "root",
    method: "POST",
    path: "/employee/v1/claims/cashless",
    token,
    body: input,
    data: claim,
  });
}

export interface ReimbursementInput {
  member_id: string;
  care: "inpatient" | "daycare" | "outpatient";
  hospital_name: string;
  treatment_from: string;
  treatment_to: string;
  reason: string;
  amount_paise: number;
  documents: { file_name: string; content_base64: string }[];
}

export function fileReimbursement(token: string, input: ReimbursementInput) {
  return apiRequest({
    backend: "root",
    method: "POST",
    path: "/employee/v1/claims/reimbursements",
    token,
    body: input,
    carriesFiles: true,
    data: claim,
  });
}

/** The answer to the TPA's question; null when the claim is not the family's. */
export function answerQuery(token: string, claimId: string, answer: string) {
  return noneIfNotFound(
    apiRequest({
      backend: "root",
      method: "POST",
      path: `/employee/v1/claims/${encodeURIComponent(claimId)}/answer`,
      token,
      body: { answer },
      data: claim,
    }),
  );
}

/** The family's e-cards, or one member's; null for a member of another family. */
export function getEmployeeECardPdf(token: string, memberId: string | null) {
  return noneIfNotFound(
    apiFileRequest({
      backend: "root",
      path:
        memberId === null
          ? "/employee/v1/e-cards/pdf"
          : `/employee/v1/members/${encodeURIComponent(memberId)}/e-card/pdf`,
      token,
      accept: "application/pdf",
    }),
  );
}

/** A document sent with a claim of the family; null for any other. */
export function getClaimDocument(token: string, claimId: string, position: number, contentType: string) {
  return noneIfNotFound(
    apiFileRequest({
      backend: "root",
      path: `/employee/v1/claims/${encodeURIComponent(claimId)}/documents/${position}`,
      token,
      accept: contentType,
    }),
  );
}

const summary = z.object({
  count: z.number().int(),
  claimed_paise: z.number().int(),
  paid_paise: z.number().int(),
  by_status: z.array(
    z.object({
      status: claimStatus,
      count: z.number().int(),
      claimed_paise: z.number().int(),
      paid_paise: z.number().int(),
    }),
  ),
  premium_paise: z.number().int(),
  claims_ratio_pct: z.number().nullable(),
  leavers_with_paid_claims: z.array(z.string()),
  sample: z.boolean(),
  note: z.string(),
});
export type ClaimsSummary = z.infer<typeof summary>;

/** The admin's view: counts and amounts, never a name, a diagnosis or a document; null before payment. */
export function getClaimsSummary(token: string) {
  return noneIfNotFound(apiRequest({ backend: "employer", path: "/membership/claims", token, data: summary }));
}
