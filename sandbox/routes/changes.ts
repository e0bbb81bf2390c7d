// Changes during the year to a paid membership (docs/api-contract.md, Changes during the year). Every call
// is scoped to the caller's own paid membership.
import { Router } from "express";
import { cartIdFor, readCart } from "../cart";
import type { ApiContext } from "../context";
import { route, sendOk } from "../envelope";
import { cancelMandate } from "../mandate";
import { paidMembership } from "../members";
import { callerMobile, requireToken } from "../tokens";

export function changesRouter(ctx: ApiContext): Router {
  const router = Router();
  const auth = requireToken(ctx);

  router.post(
    "/membership/mandate/cancel",
    auth,
    route((_req, res) => {
      const mobileNo = callerMobile(res);
      const cartId = cartIdFor(ctx, mobileNo);
      const m = paidMembership(ctx, cartId);
      // Who confirmed it, as the statement names them: the admin by name, else the verified number.
      const by = readCart(ctx, cartId).admin?.name ?? m.contents.admin.name ?? mobileNo;
      sendOk(res, { cancellation: cancelMandate(ctx, m.order, by) }, "The mandate is cancelled.");
    }),
  );

  return router;
}
