// Claims over HTTP (docs/api-contract.md, Claims; docs/product.md, Claims): the network's hospitals for
// anyone, the employee's own cover and claims behind their own token, and the admin's summary without a
// diagnosis or a document. Registered ahead of the API's common JSON parser, so that a reimbursement's
// documents may be larger than any other body.
import express, { Router, type Response } from "express";
import { z } from "zod";
import { cartIdFor } from "../checkout/cart";
import { networkHospitalsUrl } from "../catalog/catalog";
import type { ApiContext } from "../shared/context";
import { istDate } from "../shared/dates";
import { HttpError, parseInput, route, sendOk } from "../shared/envelope";
import { paidMembership } from "../membership/members";
import { codeProofSchema, verifyCode } from "../accounts/otp";
import { cardsFor } from "../membership/policy-pdf";
import { callerOf } from "./global";
import { drawECardsPdf } from "../threads/thread-pool";
import { callerMobile, requireToken } from "../accounts/tokens";
import {
  advanceClaims,
  answerQuery,
  claimDocument,
  familyClaim,
  familyClaims,
  fileReimbursement,
  intimate,
  sumInsuredJson,
} from "../claims/claims";
import { MAX_DOCUMENTS, MAX_DOCUMENT_BYTES, checkDocuments } from "../claims/documents";
import {
  callerFamily,
  familyCover,
  familyForMobile,
  familyMember,
  issueEmployeeToken,
  memberCoverEnd,
  requireEmployee,
  signOutEmployee,
} from "../claims/employee";
import { employerClaimsSummary } from "../claims/summary";
import { searchHospitals } from "../claims/hospitals";
import { iso } from "../shared/context";

/** Ten files of 5 MB each, as base64 (4/3 larger), and the claim around them. */
const DOCUMENTS_BODY_LIMIT = Math.ceil((MAX_DOCUMENTS * MAX_DOCUMENT_BYTES * 4) / 3) + 64 * 1024;
const MAX_PAGE_SIZE = 50;
/** The most a claim or an estimate may be: far above any plan's sum insured, to bound the input. */
const MAX_AMOUNT_PAISE = 1_00_00_000_00;

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "Give dates as YYYY-MM-DD.");
const words = (label: string, max: number) =>
  z
    .string({ required_error: `${label} is required.` })
    .trim()
    .min(3, `${label}: write at least 3 characters.`)
    .max(max, `${label}: at most ${max} characters.`);
const amount = (label: string) =>
  z
    .number({ required_error: `${label} is required.` })
    .int(`${label} is in whole paise.`)
    .min(100_00, `${label} must be at least ₹100.`)
    .max(MAX_AMOUNT_PAISE, `${label} is too large.`);
const memberId = z.string({ required_error: "member_id is required." }).min(1).max(64);

const hospitalQuery = z.object({
  id: z.string().max(16).optional(),
  place: z.string().trim().max(60, "place: at most 60 characters.").optional(),
  name: z.string().trim().max(60, "name: at most 60 characters.").optional(),
  cashless: z.enum(["0", "1"]).optional(),
  page: z.coerce.number().int().min(1, "page must be 1 or more.").max(1000).default(1),
  page_size: z.coerce
    .number()
    .int()
    .min(1, "page_size must be 1 or more.")
    .max(MAX_PAGE_SIZE, `page_size can be at most ${MAX_PAGE_SIZE}.`)
    .default(10),
});

const intimationBody = z.object({
  member_id: memberId,
  hospital_id: z.string({ required_error: "hospital_id is required." }).max(16),
  admission: z.enum(["planned", "emergency"], { errorMap: () => ({ message: "admission is planned or emergency." }) }),
  admission_date: isoDate,
  admission_time: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Give the time as HH:MM.")
    .optional(),
  reason: words("reason", 500),
  estimate_paise: amount("estimate_paise"),
});

const reimbursementBody = z.object({
  member_id: memberId,
  care: z.enum(["inpatient", "daycare", "outpatient"], {
    errorMap: () => ({ message: "care is inpatient, daycare or outpatient." }),
  }),
  hospital_name: words("hospital_name", 120),
  treatment_from: isoDate,
  treatment_to: isoDate,
  reason: words("reason", 500),
  amount_paise: amount("amount_paise"),
  documents: z
    .array(
      z.object({
        file_name: z.string().trim().min(1).max(120),
        content_base64: z.string().max(Math.ceil((MAX_DOCUMENT_BYTES * 4) / 3) + 4, "A file is larger than 5 MB."),
      }),
    )
    .max(MAX_DOCUMENTS, `Attach at most ${MAX_DOCUMENTS} files.`),
});

function sendFile(res: Response, bytes: Buffer, contentType: string, filename: string): void {
  res
    .status(200)
    .set({
      "Content-Type": contentType,
      "Content-Disposition": `attachment; filename="${filename.replace(/[^\w.-]+/g, "_")}"`,
      // A member's health data: never kept by a shared cache (docs/product.md, Personal data).
      "Cache-Control": "private, no-store",
      "Content-Length": String(bytes.length),
    })
    .end(bytes);
}

export function claimsRouter(ctx: ApiContext): Router {
  const router = Router();
  router.use("/employee/v1/claims/reimbursements", express.json({ limit: DOCUMENTS_BODY_LIMIT }));
  router.use(["/employee/v1", "/global/hospitals", "/employer/v1/membership/claims"], express.json({ limit: "64kb" }));
  const employee = requireEmployee(ctx);

  router.get(
    "/global/hospitals",
    route((req, res) => {
      const q = parseInput(hospitalQuery, req.query);
      sendOk(res, searchHospitals({ ...q, cashless_only: q.cashless === "1" }));
    }),
  );

  // The employee proves the number the census gives for them with the code /global/users texted.
  router.post(
    "/employee/v1/sign-in",
    route((req, res) => {
      const body = parseInput(codeProofSchema, req.body);
      verifyCode(ctx, body.mobile_no, body.code, callerOf(req));
      const { token, expiresAt } = issueEmployeeToken(ctx, familyForMobile(ctx, body.mobile_no));
      sendOk(res, { token, expires_at: iso(expiresAt) }, "Signed in");
    }),
  );

  router.get(
    "/employee/v1/logout",
    employee,
    route((_req, res) => {
      signOutEmployee(ctx, res);
      sendOk(res);
    }),
  );

  router.get(
    "/employee/v1/cover",
    employee,
    route(async (_req, res) => {
      const family = callerFamily(res);
      await advanceClaims(ctx, family);
      const cover = familyCover(ctx, family);
      const p = cover.policy;
      sendOk(res, {
        employee: { employee_code: cover.employee.employee_code, full_name: cover.employee.full_name },
        policy: {
          policy_number: p.policy_number,
          period: p.period,
          policyholder: p.policyholder.name,
          insurer: p.insurer.name,
          plan_name: p.plan_name,
          sum_insured_inr: p.sum_insured_inr,
          sum_insured_basis: p.sum_insured_basis,
          tpa: p.tpa,
          sample: p.sample,
        },
        members: cover.members.map((m) => ({
          member_id: m.member_id,
          full_name: m.full_name,
          relationship: m.relationship,
          date_of_birth: m.date_of_birth,
          covered_from: cover.coverStart(m),
          covered_to: memberCoverEnd(cover, m),
          e_card_status: m.e_card_status,
        })),
        sum_insured: sumInsuredJson(ctx, family, cover),
        claims: familyClaims(ctx, family),
      });
    }),
  );

  router.get(
    "/employee/v1/members/:memberId/e-card/pdf",
    employee,
    route(async (req, res) => {
      const cover = familyCover(ctx, callerFamily(res));
      const member = familyMember(cover, req.params.memberId ?? "");
      const pdf = await drawECardsPdf(
        cover.policy,
        cardsFor([member], cover.members),
        istDate(ctx.now()),
        networkHospitalsUrl(ctx.publicOrigin),
      );
      sendFile(res, pdf, "application/pdf", `e-card-${member.member_id}.pdf`);
    }),
  );

  router.get(
    "/employee/v1/e-cards/pdf",
    employee,
    route(async (_req, res) => {
      const cover = familyCover(ctx, callerFamily(res));
      const pdf = await drawECardsPdf(
        cover.policy,
        cardsFor(cover.members, cover.members),
        istDate(ctx.now()),
        networkHospitalsUrl(ctx.publicOrigin),
      );
      sendFile(res, pdf, "application/pdf", "e-cards.pdf");
    }),
  );

  router.get(
    "/employee/v1/claims/:claimId",
    employee,
    route(async (req, res) => {
      const family = callerFamily(res);
      await advanceClaims(ctx, family);
      sendOk(res, familyClaim(ctx, family, req.params.claimId ?? ""));
    }),
  );

  router.post(
    "/employee/v1/claims/cashless",
    employee,
    route(async (req, res) => {
      const body = parseInput(intimationBody, req.body);
      const family = callerFamily(res);
      const id = await intimate(ctx, family, body);
      sendOk(res, familyClaim(ctx, family, id));
    }),
  );

  router.post(
    "/employee/v1/claims/reimbursements",
    employee,
    route(async (req, res) => {
      const body = parseInput(reimbursementBody, req.body);
      const documents = checkDocuments(body.documents);
      const family = callerFamily(res);
      const id = await fileReimbursement(ctx, family, body, documents);
      sendOk(res, familyClaim(ctx, family, id));
    }),
  );

  router.post(
    "/employee/v1/claims/:claimId/answer",
    employee,
    route(async (req, res) => {
      const body = parseInput(z.object({ answer: words("answer", 500) }), req.body);
      const family = callerFamily(res);
      await answerQuery(ctx, family, req.params.claimId ?? "", body.answer);
      sendOk(res, familyClaim(ctx, family, req.params.claimId ?? ""));
    }),
  );

  router.get(
    "/employee/v1/claims/:claimId/documents/:position",
    employee,
    route((req, res) => {
      const position = Number(req.params.position);
      if (!Number.isInteger(position) || position < 1) throw new HttpError(404, "There is no such document.");
      const doc = claimDocument(ctx, callerFamily(res), req.params.claimId ?? "", position);
      sendFile(res, doc.content, doc.content_type, doc.file_name);
    }),
  );

  // The admin's view: counts and amounts only (decision 0046; the DPDP Act gives the employer no need
  // for an employee's health data).
  router.get(
    "/employer/v1/membership/claims",
    requireToken(ctx),
    route(async (_req, res) => {
      const m = paidMembership(ctx, cartIdFor(ctx, callerMobile(res)));
      sendOk(res, await employerClaimsSummary(ctx, m));
    }),
  );

  return router;
}
