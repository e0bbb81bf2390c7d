// Employer v1 after payment: the member census, the policy and the e-cards (docs/api-contract.md,
// Members, policy and e-cards). Every call is scoped to the caller's paid membership: another company's
// member or check answers 404 exactly like an unknown one.
import { Router, type Response } from "express";
import { z } from "zod";
import { readCart } from "../checkout/cart";
import { networkHospitalsUrl } from "../catalog/catalog";
import { COLUMNS, type Column, MAX_ROWS } from "../membership/census";
import type { ApiContext } from "../shared/context";
import { istDate } from "../shared/dates";
import { HttpError, parseInput, route, sendOk } from "../shared/envelope";
import {
  type PaidMembership,
  addMembers,
  censusJson,
  checkRows,
  confirmCheck,
  familyOf,
  memberJson,
  memberOf,
  membersOf,
  paidMembership,
} from "../membership/members";
import { type PolicyData, policyJson, policyOf } from "../membership/policy";
import { awaitPolicyEmails, queuePolicyEmails } from "../membership/policy-email";
import { drawCertificatePdf, drawECardsPdf } from "../threads/thread-pool";
import { cardsFor } from "../membership/policy-pdf";
import { certificateOf, policyNow } from "../membership/certificate";
import { callerMobile, requireToken } from "../accounts/tokens";
import { awaitCorrectionEmail, correctMember, correctionsOf } from "../membership/corrections";
import { CORRECTABLE } from "../membership/correction-fields";
import { actorName, guardedCart, seatGuard } from "../membership/admins-guard";

/** How long a confirm that issued the policy waits for its emails, so the answer finds them sent. */
const EMAIL_WAIT_MS = 1500;
const MAX_PAGE_SIZE = 200;
/** The add-one form: an employee and at most a spouse and two children, with room for mistakes. */
const MAX_FORM_ROWS = 10;

// Cells arrive as strings (or null for empty); their length is a rule answered per row, not a 400.
const cell = z.string().nullable().optional();
const memberInput = z.object(Object.fromEntries(COLUMNS.map((c) => [c, cell])) as Record<Column, typeof cell>);
const checkBody = z.object({
  rows: z
    .array(memberInput.extend({ row_number: z.number().int().min(1) }), { required_error: "rows is required." })
    .min(1, "Send at least one row.")
    .max(MAX_ROWS, `At most ${MAX_ROWS.toLocaleString("en-IN")} rows can be checked at once.`),
});
const addBody = z.object({
  rows: z
    .array(memberInput, { required_error: "rows is required." })
    .min(1, "Send at least one row.")
    .max(MAX_FORM_ROWS, `At most ${MAX_FORM_ROWS} rows can be added at once.`),
});
// A correction names only the details it changes; a dependant's mobile or email may be emptied (null).
const correctionBody = z
  .object(Object.fromEntries(CORRECTABLE.map((c) => [c, z.string().max(400).nullable().optional()])))
  .strict();
const pageQuery = z.object({
  page: z.coerce.number().int().min(1, "page must be 1 or more.").default(1),
  page_size: z.coerce
    .number()
    .int()
    .min(1, "page_size must be 1 or more.")
    .max(MAX_PAGE_SIZE, `page_size can be at most ${MAX_PAGE_SIZE}.`)
    .default(50),
});

function sendPdf(res: Response, pdf: Buffer, filename: string): void {
  res
    .status(200)
    .set({
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${filename}"`,
      // Members' details: never kept by a shared cache (docs/product.md, Personal data).
      "Cache-Control": "private, no-store",
      "Content-Length": String(pdf.length),
    })
    // Not send(): it would hash megabytes of PDF for an ETag, on the thread that serves pages.
    .end(pdf);
}

export function membersRouter(ctx: ApiContext): Router {
  const router = Router();
  const auth = requireToken(ctx);
  const seat = seatGuard(ctx);
  const caller = guardedCart;
  /** The issued policy as it stands (a cancelled mandate's real end date), or 404 before it is issued. */
  const issuedPolicy = (m: PaidMembership): PolicyData => {
    if (policyOf(ctx, m.order.order_id) === undefined) throw new HttpError(404, "The policy is not issued yet.");
    return policyNow(ctx, m.order.order_id).policy;
  };
  // Every answer here carries members' details: nothing may keep a copy.
  router.use("/membership", (_req, res, next) => {
    res.setHeader("Cache-Control", "private, no-store");
    next();
  });

  /** After a save: the emails of a policy just issued, then the census's first page. */
  const afterSave = async (
    res: Response,
    cartId: number,
    saved: { added: number; issued: boolean; m: PaidMembership },
  ) => {
    if (saved.issued) {
      const admin = readCart(ctx, cartId).admin?.email ?? saved.m.contents.admin.email;
      queuePolicyEmails(ctx, saved.m.order.order_id, admin);
      await awaitPolicyEmails(ctx, saved.m.order.order_id, EMAIL_WAIT_MS);
    }
    sendOk(res, { added: saved.added, census: censusJson(ctx, paidMembership(ctx, cartId)) });
  };

  router.get(
    "/membership/census",
    auth,
    seat("members"),
    route((req, res) => {
      const q = parseInput(pageQuery, req.query);
      sendOk(res, censusJson(ctx, paidMembership(ctx, caller(res)), q.page, q.page_size));
    }),
  );

  router.post(
    "/membership/census/check",
    auth,
    seat("members"),
    route(async (req, res) => {
      const body = parseInput(checkBody, req.body);
      sendOk(res, await checkRows(ctx, caller(res), body.rows));
    }),
  );

  router.post(
    "/membership/census/confirm",
    auth,
    seat("members"),
    route(async (req, res) => {
      const body = parseInput(
        z.object({ check_id: z.string({ required_error: "check_id is required." }).min(1).max(64) }),
        req.body,
      );
      const cartId = caller(res);
      await afterSave(res, cartId, await confirmCheck(ctx, cartId, body.check_id));
    }),
  );

  router.post(
    "/membership/census/members",
    auth,
    seat("members"),
    route(async (req, res) => {
      const body = parseInput(addBody, req.body);
      const cartId = caller(res);
      await afterSave(res, cartId, addMembers(ctx, cartId, body.rows));
    }),
  );

  router.get(
    "/membership/members/:memberId",
    auth,
    seat("members"),
    route((req, res) => {
      const m = paidMembership(ctx, caller(res));
      const member = memberOf(ctx, m.order.order_id, req.params.memberId ?? "");
      if (member === undefined) throw new HttpError(404, "There is no such member.");
      sendOk(res, {
        member: memberJson(member),
        family: familyOf(ctx, m.order.order_id, member.employee_code).map(memberJson),
      });
    }),
  );

  router.post(
    "/membership/members/:memberId/correction",
    auth,
    seat("members"),
    route(async (req, res) => {
      const body = parseInput(correctionBody, req.body);
      const cartId = caller(res);
      const m = paidMembership(ctx, cartId);
      // Who corrected it, as the statement names them (docs/decisions/0052): the person on the membership
      // who made it, else the admin by name, else the verified number.
      const by = actorName(res, readCart(ctx, cartId).admin?.name ?? m.contents.admin.name ?? callerMobile(res));
      const done = correctMember(ctx, m, req.params.memberId ?? "", body, by);
      await awaitCorrectionEmail(ctx, done.correction.correction_id, EMAIL_WAIT_MS);
      sendOk(res, done, "The details are corrected.");
    }),
  );

  router.get(
    "/membership/corrections",
    auth,
    seat("members"),
    route((_req, res) => {
      sendOk(res, { corrections: correctionsOf(ctx, paidMembership(ctx, caller(res))) });
    }),
  );

  router.get(
    "/membership/policy",
    auth,
    seat("members"),
    route((_req, res) => {
      const policy = policyOf(ctx, paidMembership(ctx, caller(res)).order.order_id);
      sendOk(res, policy === undefined ? null : policyJson(policy));
    }),
  );

  router.get(
    "/membership/certificate/pdf",
    auth,
    seat("members"),
    route(async (_req, res) => {
      // As it stands today: with every endorsement and the members covered now.
      const certificate = certificateOf(ctx, paidMembership(ctx, caller(res)).order.order_id);
      if (certificate === undefined) throw new HttpError(404, "The policy is not issued yet.");
      sendPdf(res, await drawCertificatePdf(certificate), "certificate-of-insurance.pdf");
    }),
  );

  router.get(
    "/membership/members/:memberId/e-card/pdf",
    auth,
    seat("members"),
    route(async (req, res) => {
      const m = paidMembership(ctx, caller(res));
      const member = memberOf(ctx, m.order.order_id, req.params.memberId ?? "");
      if (member === undefined) throw new HttpError(404, "There is no such member.");
      const policy = issuedPolicy(m);
      const cards = cardsFor([member], familyOf(ctx, m.order.order_id, member.employee_code));
      sendPdf(
        res,
        await drawECardsPdf(policy, cards, istDate(ctx.now()), networkHospitalsUrl(ctx.publicOrigin)),
        `e-card-${member.member_id}.pdf`,
      );
    }),
  );

  router.get(
    "/membership/e-cards/pdf",
    auth,
    seat("members"),
    route(async (_req, res) => {
      const m = paidMembership(ctx, caller(res));
      const policy = issuedPolicy(m);
      // The cards of everyone covered: a leaver's card is offered on its own, saying the cover ended.
      const everyone = membersOf(ctx, m.order.order_id);
      const covered = everyone.filter((member) => member.cover_ended_on === null);
      sendPdf(
        res,
        await drawECardsPdf(
          policy,
          cardsFor(covered, everyone),
          istDate(ctx.now()),
          networkHospitalsUrl(ctx.publicOrigin),
        ),
        "e-cards.pdf",
      );
    }),
  );

  return router;
}
