import express, { type Response, Router } from "express";
import { z } from "zod";
import {
  applyCartUpdate,
  cartIdFor,
  cartJson,
  companyNotFound,
  estimateFor,
  parseEstimateRequest,
  parseCartUpdate,
  parseQuoteRequest,
  peopleJson,
  quoteFor,
  readCart,
} from "../checkout/cart";
import {
  findPlanByGroup,
  listBands,
  listCoverages,
  findCompany,
  listPlans,
  listRanges,
  planJson,
  publicCatalogue,
  rangeRelations,
  rateFor,
  ratesFor,
  resolveCoverages,
  searchCompanies,
} from "../catalog/catalog";
import { TESTIMONIALS } from "../catalog/content-data";
import { istDate } from "../shared/dates";
import type { ApiContext } from "../shared/context";
import { HttpError, parseInput, route, sendOk } from "../shared/envelope";
import { checkGstin } from "../shared/gstin";
import { invoicePdf } from "../billing/invoice-pdf";
import { awaitInvoiceEmail, invoiceOfCart } from "../billing/invoices";
import { membershipJson } from "../membership/overview";
import { coverEndDate } from "../shared/cover-dates";
import { createOrder, latestOrder, orderJson, orderOwner, verifyJson, verifyPayment } from "../checkout/orders";
import { YEARLY_DISCOUNT_PCT, unitMonthlyPaise } from "../catalog/pricing";
import { callerMobile, callerOf, requireToken } from "../accounts/tokens";
import { completeRenewal } from "../membership/renewal";
import { awaitPolicyEmails } from "../membership/policy-email";
import { callbackUrlSchema } from "./callback-url";
import { refuseIfTaken } from "../membership/access-requests";
import { teamJson } from "../membership/admins";
import { guardedCart, guardedSeat, seatGuard } from "../membership/admins-guard";

/** How long a verify answer waits for the invoice email before saying it is still being sent. */
const EMAIL_WAIT_MS = 1500;

const policySchema = z.enum(["monthly", "yearly"], {
  errorMap: () => ({ message: "policy must be monthly or yearly." }),
});

// Gateway callbacks arrive as forms with empty fields; an empty field means "not given".
const optionalField = (max: number) => z.preprocess((v) => (v === "" ? undefined : v), z.string().max(max).optional());

function validGstin(input: string): string {
  const check = checkGstin(input);
  if (!check.ok) throw new HttpError(400, check.msg);
  return check.gstin;
}

export function employerRouter(ctx: ApiContext): Router {
  const router = Router();
  const auth = requireToken(ctx);
  const seat = seatGuard(ctx);
  const db = ctx.db;

  router.get(
    "/employer/gstin/:gstin",
    auth,
    route((req, res) => {
      const gstin = validGstin(req.params.gstin ?? "");
      const company = findCompany(db, gstin);
      if (company === undefined) throw companyNotFound(gstin);
      // The GSTIN step stops a second buyer here (docs/product.md, One membership per company).
      refuseIfTaken(ctx, gstin, callerMobile(res));
      sendOk(res, company);
    }),
  );

  router.get(
    "/employer/search-employer",
    auth,
    route((req, res) => {
      const q = parseInput(
        z.object({
          text: z
            .string({ required_error: "text is required." })
            .trim()
            .min(1, "Type part of the company name.")
            .max(100, "The search text can be at most 100 characters."),
        }),
        req.query,
      );
      sendOk(res, searchCompanies(db, q.text));
    }),
  );

  router.get(
    "/plan/coverages",
    auth,
    route((_req, res) => sendOk(res, listCoverages(db))),
  );

  // Public and read-only: plans, benefits, "from" prices, bands and family covers for pages without
  // a sign-in (partner landing pages, the price calculator), so every surface quotes the
  // catalogue's price (docs/product.md, Partner pages; docs/decisions/0014).
  router.get(
    "/plan/catalogue",
    route((_req, res) => sendOk(res, publicCatalogue(db))),
  );

  router.post(
    "/plan/get-plans",
    auth,
    route((req, res) => {
      const body = parseInput(
        z.object({
          gstin: z.string().max(40),
          coverage_ids: z.array(z.string().max(100)).max(20),
          source: z.literal("Godrej").nullable().optional(),
          mid: z.string().max(100).optional(),
          identifier: z.string().max(100).optional(),
        }),
        req.body,
      );
      const gstin = validGstin(body.gstin);
      if (findCompany(db, gstin) === undefined) throw companyNotFound(gstin);
      const addOns = resolveCoverages(db, body.coverage_ids).map((c) => c.monthly_paise);
      // "From" price: the youngest band with the smallest family cover.
      const youngest = listBands(db)[0]!.code;
      const smallest = listRanges(db)[0]!.code;
      const plans = listPlans(db).map((p) => ({
        ...planJson(p),
        from_monthly_paise: unitMonthlyPaise(rateFor(db, youngest, smallest, p.sum_insured_inr), addOns),
      }));
      sendOk(res, { source: body.source ?? null, plans });
    }),
  );

  router.get(
    "/plan/plan-pricing-details",
    auth,
    route((req, res) => {
      const q = parseInput(
        z.object({ group_id: z.string({ required_error: "group_id is required." }).max(100), policy: policySchema }),
        req.query,
      );
      const plan = findPlanByGroup(db, q.group_id);
      if (plan === undefined) throw new HttpError(404, `There is no plan group ${q.group_id}.`);
      sendOk(res, {
        group_id: plan.group_id,
        policy: q.policy,
        yearly_discount_pct: YEARLY_DISCOUNT_PCT,
        ranges: listRanges(db),
        bands: listBands(db),
        rates: ratesFor(db, plan.sum_insured_inr),
      });
    }),
  );

  // Read-only: the price of the caller's cart with other people, plan or coverages (the live
  // price on add-people and plan-select); the cart is left as it is.
  router.post(
    "/plan/quote",
    auth,
    route((req, res) => {
      const request = parseQuoteRequest(req.body);
      sendOk(res, quoteFor(ctx, cartIdFor(ctx, callerMobile(res)), request));
    }),
  );

  // Public and read-only (docs/decisions/0014): what the public price calculator's choice would
  // cost. No token, nothing written, nothing sent.
  router.post(
    "/plan/estimate",
    route((req, res) => sendOk(res, estimateFor(ctx, parseEstimateRequest(req.body)))),
  );

  router.get(
    "/plan/plan-for-relation",
    auth,
    route((_req, res) => sendOk(res, rangeRelations(db))),
  );

  router.post(
    "/carts/update",
    auth,
    route((req, res) => {
      const update = parseCartUpdate(req.body);
      const cartId = cartIdFor(ctx, callerMobile(res));
      applyCartUpdate(ctx, cartId, update);
      sendOk(res, fullCart(ctx, cartId));
    }),
  );

  router.get(
    "/carts/get",
    auth,
    route((_req, res) => sendOk(res, fullCart(ctx, cartIdFor(ctx, callerMobile(res))))),
  );

  router.get(
    "/checkout/payment-options",
    auth,
    route((_req, res) =>
      sendOk(res, [
        { policy: "monthly", label: "Monthly", months: 1, discount_pct: 0 },
        { policy: "yearly", label: "Yearly", months: 12, discount_pct: YEARLY_DISCOUNT_PCT },
      ]),
    ),
  );

  router.post(
    "/checkout/order/create",
    auth,
    route((req, res) => {
      const body = parseInput(z.object({ policy: policySchema, callback_url: callbackUrlSchema(ctx) }), req.body);
      const order = createOrder(ctx, callerMobile(res), body.policy, body.callback_url);
      sendOk(res, orderJson(ctx, order));
    }),
  );

  // Public: the gateway's signature is the proof. Accepts a form body too, as gateways post forms.
  router.post(
    "/checkout/order/verify",
    express.urlencoded({ extended: false, limit: "64kb" }),
    route(async (req, res) => {
      const body = parseInput(
        z.object({
          razorpay_order_id: z.string({ required_error: "razorpay_order_id is required." }).min(1).max(64),
          razorpay_payment_id: optionalField(64),
          razorpay_signature: optionalField(256),
        }),
        req.body,
      );
      // Without a payment or a signature this is only a look-up: the order's owner alone may make it.
      if (body.razorpay_payment_id === undefined && body.razorpay_signature === undefined) {
        const caller = callerOf(ctx, req);
        if (caller === null) throw new HttpError(401, "Please verify your mobile number again.");
        if (orderOwner(ctx, body.razorpay_order_id) !== caller) {
          throw new HttpError(404, `We could not find the order ${body.razorpay_order_id}.`);
        }
      }
      const order = verifyPayment(ctx, {
        orderId: body.razorpay_order_id,
        paymentId: body.razorpay_payment_id,
        signature: body.razorpay_signature,
      });
      // A paid renewal issues the next period at once (docs/product.md, Renewal); anything else is left as it is.
      const renewed = completeRenewal(ctx, order.order_id);
      // A short wait, so the answer (and the success page after it) can say whether the invoice email went.
      await awaitInvoiceEmail(ctx, order.order_id, EMAIL_WAIT_MS);
      if (renewed) await awaitPolicyEmails(ctx, order.order_id, EMAIL_WAIT_MS);
      sendOk(res, verifyJson(ctx, order, body.razorpay_payment_id));
    }),
  );

  router.get(
    "/membership",
    auth,
    seat("overview"),
    route((_req, res) => {
      const m = membershipJson(ctx, guardedCart(res));
      const you = guardedSeat(res);
      // Who is looking and what their role allows: the app shows that and nothing more (docs/decisions/0052).
      sendOk(res, m === null || you === null ? m : { ...m, you: teamJson(ctx, you).you });
    }),
  );

  // Only the membership the invoice belongs to: anyone else gets the same 404 as for no invoice.
  const ownInvoice = (id: string | undefined, res: Response) => {
    const invoice = invoiceOfCart(ctx, id ?? "", guardedCart(res));
    if (invoice === undefined) throw new HttpError(404, "There is no such invoice.");
    return invoice;
  };

  router.get(
    "/invoices/:id",
    auth,
    seat("documents"),
    route((req, res) => sendOk(res, ownInvoice(req.params.id, res).data)),
  );

  router.get(
    "/invoices/:id/pdf",
    auth,
    seat("documents"),
    route(async (req, res) => {
      const invoice = ownInvoice(req.params.id, res);
      const pdf = await invoicePdf(invoice.data);
      res
        .status(200)
        .set({
          "Content-Type": "application/pdf",
          "Content-Disposition": `attachment; filename="${invoice.id}.pdf"`,
          "Cache-Control": "private, no-store",
        })
        .send(pdf);
    }),
  );

  router.get(
    "/web-contents",
    route((_req, res) => sendOk(res, { testimonials: TESTIMONIALS })),
  );

  // Defined by the contract with no meaning: always an empty list.
  router.get(
    "/getempdata",
    auth,
    route((_req, res) => sendOk(res, [])),
  );

  return router;
}

function fullCart(ctx: ApiContext, cartId: number) {
  const order = latestOrder(ctx, cartId);
  const details = readCart(ctx, cartId);
  const cart = cartJson(details);
  return {
    ...cart,
    people: peopleJson(ctx, details.people),
    cover: cart.quote === null ? null : coverIfPaidOn(istDate(ctx.now())),
    order: order === undefined ? null : orderJson(ctx, order),
  };
}

/** The cover a payment today would buy: it starts on the day of payment and runs a year (docs/product.md, Review). */
function coverIfPaidOn(start: string) {
  return { start_date: start, end_date: coverEndDate(start) };
}
