// Changes during the year to a paid membership (docs/api-contract.md, Changes during the year). Every call
// is scoped to the caller's own paid membership.
import { type Response, Router } from "express";
import { z } from "zod";
import { readCart } from "../checkout/cart";
import { creditNoteOfCart } from "../billing/change-documents";
import { depositJson, findTopUp, openTopUp, settleTopUp, withdrawDeposit } from "../billing/cash-deposit";
import { paymentSignature } from "../checkout/orders";
import { timingSafeEqual } from "node:crypto";
import { awaitChangeDocumentEmail, queueChangeDocumentEmail } from "../membership/change-email";
import { awaitEndorsementEmails, queueEndorsementEmails } from "../membership/endorsement-email";
import { statementJson, withDocuments } from "../billing/change-statement";
import { COLUMNS, type Column, MAX_CELL } from "../membership/census";
import { changePaymentJson, latestPayment, payChange, verifyChangePayment } from "../billing/change-payments";
import { MAX_BATCH } from "../membership/change-rules";
import { amountDue, depositFor, confirmBatch, confirmChange, quoteChange, quoteChanges } from "../membership/changes";
import { changeOf, findChange } from "../membership/change-store";
import type { ApiContext } from "../shared/context";
import { HttpError, parseInput, route, sendOk } from "../shared/envelope";
import { invoicePdf } from "../billing/invoice-pdf";
import { cancelMandate } from "../billing/mandate";
import { paidMembership } from "../membership/members";
import { callerMobile, requireToken } from "../accounts/tokens";
import { actorName, guardedCart, seatGuard } from "../membership/admins-guard";

/** A deposit's amount in paise: a whole positive number, at most ₹1 crore. */
const depositRequest = z.object({
  amount_paise: z
    .number({ required_error: "amount_paise is required." })
    .int("Not a whole number of paise.")
    .positive("Enter an amount above ₹0.")
    .max(1_000_000_000, "Enter at most ₹1,00,00,000."),
});

/** How long a confirm waits for its document's email, so the answer finds it in the outbox. */
const EMAIL_WAIT_MS = 1500;

export function changesRouter(ctx: ApiContext): Router {
  const router = Router();
  const auth = requireToken(ctx);
  const seat = seatGuard(ctx);
  /**
   * The membership the guard found, and who acts: the statement names the person on the membership who
   * made each change (docs/decisions/0052), else the admin by name, else the verified number.
   */
  const caller = (res: Response) => {
    const cartId = guardedCart(res);
    const m = paidMembership(ctx, cartId);
    return { m, by: actorName(res, readCart(ctx, cartId).admin?.name ?? m.contents.admin.name ?? callerMobile(res)) };
  };
  /** A made change's emails: its document's, and its endorsement's (the certificate issued again). */
  const sendChangeEmails = async (changeId: string) => {
    queueChangeDocumentEmail(ctx, changeId);
    queueEndorsementEmails(ctx, changeId);
    await Promise.all([
      awaitChangeDocumentEmail(ctx, changeId, EMAIL_WAIT_MS),
      awaitEndorsementEmails(ctx, changeId, EMAIL_WAIT_MS),
    ]);
  };

  router.post(
    "/membership/mandate/cancel",
    auth,
    seat("pay"),
    route((_req, res) => {
      const { m, by } = caller(res);
      sendOk(res, { cancellation: cancelMandate(ctx, m.order, by) }, "The mandate is cancelled.");
    }),
  );

  router.post(
    "/membership/changes/quote",
    auth,
    seat("members"),
    route((req, res) => {
      const { m } = caller(res);
      sendOk(res, { change: quoteChange(ctx, m, parseInput(changeRequest, req.body)) });
    }),
  );

  // An upload's changes, quoted in one call (docs/decisions/0042): each answered with its change or refusal.
  router.post(
    "/membership/changes/quotes",
    auth,
    seat("members"),
    route((req, res) => {
      const { m } = caller(res);
      const body = parseInput(z.object({ changes: changeBatch }), req.body);
      sendOk(res, quoteChanges(ctx, m, body.changes));
    }),
  );

  // "Confirm all" of an upload: its changes that need no payment made in one call, each refused or made on its own.
  router.post(
    "/membership/changes/confirm",
    auth,
    seat("members"),
    route(async (req, res) => {
      const { m, by } = caller(res);
      const body = parseInput(
        z.object({ batch_id: z.string({ required_error: "batch_id is required." }).uuid("Not a batch id.") }),
        req.body,
      );
      const results = confirmBatch(ctx, m, body.batch_id, by);
      // After the commit, together: a failed send never undoes a change or its document.
      await Promise.all(results.map((r) => ("change" in r ? sendChangeEmails(r.change.change_id) : undefined)));
      sendOk(res, {
        results: results.map((r) => ("change" in r ? { change: withDocuments(ctx, r.change) } : r)),
      });
    }),
  );

  router.post(
    "/membership/changes/:changeId/confirm",
    auth,
    seat("members"),
    route(async (req, res) => {
      const { m, by } = caller(res);
      const change = confirmChange(ctx, m, req.params.changeId ?? "", by);
      // After the commit: a failed send never undoes the change or its document.
      await sendChangeEmails(change.change_id);
      sendOk(res, { change: withDocuments(ctx, change) });
    }),
  );

  router.post(
    "/membership/changes/:changeId/pay",
    auth,
    seat("pay"),
    route((req, res) => {
      const body = parseInput(
        z.object({ callback_url: z.string({ required_error: "callback_url is required." }).url().max(500) }),
        req.body,
      );
      const { payment, change } = payChange(ctx, caller(res).m, req.params.changeId ?? "", body.callback_url);
      sendOk(res, { payment: payment === undefined ? null : changePaymentJson(ctx, payment), change });
    }),
  );

  // Public, as the purchase's verify: the gateway's signature is the proof, and the answer names no one.
  router.post(
    "/membership/changes/payments/verify",
    route(async (req, res) => {
      const body = parseInput(verifyBody, req.body);
      const verified = verifyChangePayment(ctx, {
        orderId: body.razorpay_order_id ?? body["error[metadata][order_id]"] ?? "",
        paymentId: body.razorpay_payment_id ?? body["error[metadata][payment_id]"],
        signature: body.razorpay_signature,
      });
      // After the commit: the addition's invoice goes out once it is made.
      if (verified.status === "paid" && !verified.refund_due) await sendChangeEmails(verified.change_id);
      sendOk(res, verified);
    }),
  );

  router.get(
    "/membership/changes/:changeId",
    auth,
    seat("members"),
    route((req, res) => {
      res.setHeader("Cache-Control", "private, no-store");
      const { m } = caller(res);
      const change = changeOf(ctx, m, req.params.changeId ?? "");
      const payment = latestPayment(ctx, change.change_id);
      // A pending payment that settled just now has made the change: read it again, and send its document.
      const now = payment?.status === "paid" ? changeOf(ctx, m, change.change_id) : change;
      if (now.status === "confirmed") {
        queueChangeDocumentEmail(ctx, now.change_id);
        queueEndorsementEmails(ctx, now.change_id);
      }
      sendOk(res, {
        change: withDocuments(ctx, now),
        payment: payment === undefined ? null : changePaymentJson(ctx, payment),
        // What making it asks the gateway for now (0 is a confirm), and what the cash deposit pays
        // (decision 0055): the quote says which before the admin confirms.
        amount_due_paise: now.status === "confirmed" ? 0 : amountDue(ctx, m, findChange(ctx, m, now.change_id)),
        from_deposit_paise: now.status === "confirmed" ? 0 : depositFor(ctx, m, findChange(ctx, m, now.change_id)),
      });
    }),
  );

  router.get(
    "/membership/changes",
    auth,
    seat("members"),
    route((_req, res) => {
      res.setHeader("Cache-Control", "private, no-store");
      const { m } = caller(res);
      sendOk(res, statementJson(ctx, m));
    }),
  );

  // The employer's cash deposit with the insurer (decision 0055): its ledger, a withdrawal, a top-up.
  router.get(
    "/membership/deposit",
    auth,
    seat("pay"),
    route((_req, res) => {
      res.setHeader("Cache-Control", "private, no-store");
      sendOk(res, { deposit: depositJson(ctx, caller(res).m.order.order_id) });
    }),
  );

  router.post(
    "/membership/deposit/withdrawals",
    auth,
    seat("pay"),
    route((req, res) => {
      const { m, by } = caller(res);
      res.setHeader("Cache-Control", "private, no-store");
      const body = parseInput(
        depositRequest.extend({ idempotency_key: z.string().uuid("Not an idempotency key.") }),
        req.body,
      );
      const done = withdrawDeposit(ctx, m.order.order_id, body.amount_paise, body.idempotency_key, by);
      sendOk(
        res,
        { ...done, deposit: depositJson(ctx, m.order.order_id) },
        "The withdrawal is on its way to your bank account.",
      );
    }),
  );

  router.post(
    "/membership/deposit/top-ups",
    auth,
    seat("pay"),
    route((req, res) => {
      const { m } = caller(res);
      const body = parseInput(
        depositRequest.extend({
          callback_url: z.string({ required_error: "callback_url is required." }).url().max(500),
        }),
        req.body,
      );
      const t = openTopUp(ctx, m.order.order_id, body.amount_paise, body.callback_url);
      sendOk(res, {
        top_up: { order_id: t.order_id, amount_paise: t.amount_paise, status: t.status, checkout_url: t.checkout_url },
      });
    }),
  );

  // Public, as every verify: the gateway's signature is the proof of a success; a failure credits nothing.
  router.post(
    "/membership/deposit/top-ups/verify",
    route((req, res) => {
      const body = parseInput(verifyBody, req.body);
      const orderId = body.razorpay_order_id ?? body["error[metadata][order_id]"] ?? "";
      const paymentId = body.razorpay_payment_id ?? body["error[metadata][payment_id]"];
      if (findTopUp(ctx, orderId) === undefined) throw new HttpError(404, `We could not find the order ${orderId}.`);
      if (paymentId === undefined) throw new HttpError(400, "razorpay_payment_id is required.");
      let succeeded = false;
      if (body.razorpay_signature !== undefined) {
        const expected = Buffer.from(paymentSignature(ctx.gatewayKeySecret, orderId, paymentId), "hex");
        const given = Buffer.from(
          /^[0-9a-f]{64}$/i.test(body.razorpay_signature) ? body.razorpay_signature : "",
          "hex",
        );
        if (given.length !== expected.length || !timingSafeEqual(given, expected))
          throw new HttpError(400, "Payment signature mismatch.");
        succeeded = true;
      }
      const t = settleTopUp(ctx, orderId, paymentId, succeeded);
      sendOk(res, { order_id: t.order_id, status: t.status, amount_paise: t.amount_paise });
    }),
  );

  // Only the admin whose membership the credit note belongs to: anyone else gets the same 404 as for none.
  const ownCreditNote = (id: string | undefined, res: Response) => {
    const note = creditNoteOfCart(ctx, id ?? "", guardedCart(res));
    if (note === undefined) throw new HttpError(404, "There is no such credit note.");
    res.setHeader("Cache-Control", "private, no-store");
    return note;
  };

  router.get(
    "/credit-notes/:id",
    auth,
    seat("documents"),
    route((req, res) => sendOk(res, ownCreditNote(req.params.id, res).data)),
  );

  router.get(
    "/credit-notes/:id/pdf",
    auth,
    seat("documents"),
    route(async (req, res) => {
      const note = ownCreditNote(req.params.id, res);
      res
        .status(200)
        .set({
          "Content-Type": "application/pdf",
          "Content-Disposition": `attachment; filename="${note.id}.pdf"`,
        })
        .send(await invoicePdf(note.data));
    }),
  );

  return router;
}

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "effective_date must be a date (YYYY-MM-DD).")
  .refine(
    (d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d),
    "effective_date must be a real date.",
  );
const gatewayRef = z.string().regex(/^[A-Za-z0-9_]{1,64}$/, "Not a gateway reference.");
const verifyBody = z.object({
  razorpay_order_id: gatewayRef.optional(),
  razorpay_payment_id: gatewayRef.optional(),
  razorpay_signature: z.string().max(128).optional(),
  "error[metadata][order_id]": gatewayRef.optional(),
  "error[metadata][payment_id]": gatewayRef.optional(),
});
const employeeCode = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9\-_/.]{1,40}$/, "Enter the employee code (letters, digits, - _ / .)");

// A person's cells arrive as strings (or null for empty); the census's rules answer each one, per row.
const cell = z
  .string()
  .max(MAX_CELL * 2)
  .nullable()
  .optional();
const person = z.object(Object.fromEntries(COLUMNS.map((c) => [c, cell])) as Record<Column, typeof cell>);
const changeRequest = z.discriminatedUnion(
  "kind",
  [
    z.object({
      kind: z.literal("add"),
      band: z.string().max(20),
      range: z.string().max(20),
      effective_date: isoDate,
      // The employee first, then at most a spouse and two children.
      members: z.array(person).min(1, "Name the joiner in members.").max(4, "At most 4 people join at once."),
    }),
    z.object({
      kind: z.literal("family"),
      employee_code: employeeCode,
      event: z.enum(["marriage", "birth"], { errorMap: () => ({ message: "event must be marriage or birth." }) }),
      effective_date: isoDate,
      member: person,
    }),
    z.object({
      kind: z.literal("remove"),
      employee_code: employeeCode,
      effective_date: isoDate,
      reason: z.string().trim().min(1, "Say why the employee leaves.").max(200, "Keep this under 200 characters"),
    }),
  ],
  { errorMap: () => ({ message: "kind must be add, family or remove." }) },
);
const changeBatch = z
  .array(changeRequest)
  .min(1, "Name at least one change.")
  .max(MAX_BATCH, `At most ${MAX_BATCH} changes at once.`);
