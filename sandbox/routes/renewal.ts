// Employer v1 renewal (docs/product.md, Renewal): the quote for the next policy period and its order,
// paid at the sandbox gateway and verified as a purchase is (/checkout/order/verify). Scoped to the
// caller's own paid membership, like every membership call.
import { Router, type Response } from "express";
import { z } from "zod";
import { orderJson } from "../checkout/orders";
import type { ApiContext } from "../shared/context";
import { parseInput, route, sendOk } from "../shared/envelope";
import { paidMembership } from "../membership/members";
import { createRenewalOrder, renewalOf, renewalQuote } from "../membership/renewal";
import { requireToken } from "../accounts/tokens";
import { guardedCart, seatGuard } from "../membership/admins-guard";
import { callbackUrlSchema } from "./callback-url";

const planId = z.string().regex(/^[\w-]{1,64}$/, "Not a plan id.");
const coverageId = z.string().regex(/^[\w-]{1,64}$/, "Not a coverage id.");
/** The choice in the quote's query: `plan_id`, and `coverages` as a comma-separated list ("" for none). */
const choiceQuery = z.object({
  plan_id: planId.optional(),
  coverages: z
    .string()
    .max(1000)
    .transform((v) => (v === "" ? [] : v.split(",")))
    .pipe(z.array(coverageId))
    .optional(),
});

export function renewalRouter(ctx: ApiContext): Router {
  const router = Router();
  const auth = requireToken(ctx);
  const seat = seatGuard(ctx);
  // The membership the seat guard found: an admin the owner invited renews the company's (decision 0052).
  const membership = (res: Response) => paidMembership(ctx, guardedCart(res));

  router.get(
    "/membership/renewal",
    auth,
    seat("pay"),
    route((req, res) => {
      const m = membership(res);
      const choice = parseInput(choiceQuery, req.query);
      // With the renewal order, if one was made: the quote page says how its payment went.
      sendOk(res, { ...renewalQuote(ctx, m, choice), order: renewalOf(ctx, m).order });
    }),
  );

  router.post(
    "/membership/renewal/order",
    auth,
    seat("pay"),
    route((req, res) => {
      // A renewal is paid for its year in one payment (docs/product.md, Renewal).
      const body = parseInput(
        z.object({
          policy: z.literal("yearly"),
          callback_url: callbackUrlSchema(ctx),
          plan_id: planId.optional(),
          coverages: z.array(coverageId).max(20).optional(),
        }),
        req.body,
      );
      const order = createRenewalOrder(ctx, membership(res), body, body.policy, body.callback_url);
      sendOk(res, { ...orderJson(ctx, order), cover_starts_on: order.cover_starts_on });
    }),
  );

  return router;
}
