// The one place the sandbox checks a membership call against the caller's role (docs/decisions/0052):
// every membership route names the ability it needs, and its handler reads the membership from the seat
// this guard found, never from the caller's own cart.
import type { NextFunction, Request, Response } from "express";
import type { ApiContext } from "../shared/context";
import { sendFail } from "../shared/envelope";
import { sqlValues } from "../store/statements";
import { type Seat, seatOf } from "./admins";
import { type Ability, ROLE_LABELS, may } from "./admins-roles";

const REMOVED_MSG = "Your access to this membership was removed by its owner.";

/**
 * Middleware after requireToken: answers 403 to a removed admin and to a role without the ability.
 * A number with no membership passes with its own cart, whose calls answer as before (no paid membership).
 */
export function seatGuard(ctx: ApiContext) {
  return (ability: Ability) =>
    (_req: Request, res: Response, next: NextFunction): void => {
      const mobileNo: unknown = res.locals.mobileNo;
      if (typeof mobileNo !== "string") throw new Error("requireToken must run before the seat guard");
      const found = seatOf(ctx, mobileNo);
      if (found.kind === "removed") {
        sendFail(res, 403, REMOVED_MSG, { reason: "removed" });
        return;
      }
      if (found.kind === "seat" && !may(found.seat.role, ability)) {
        sendFail(res, 403, `Your role on this membership (${ROLE_LABELS[found.seat.role]}) does not allow this.`, {
          reason: "role",
          role: found.seat.role,
        });
        return;
      }
      res.locals.seat = found.kind === "seat" ? found.seat : null;
      res.locals.cartId = found.kind === "seat" ? found.seat.cartId : ownCart(ctx, mobileNo);
      next();
    };
}

function ownCart(ctx: ApiContext, mobileNo: string): number {
  // A cart that does not exist yet holds nothing; -1 matches no row, so every read answers "none".
  return (sqlValues(ctx.db, "SELECT id FROM carts WHERE mobile_no = ?").get(mobileNo) as number | undefined) ?? -1;
}

/** The membership (cart) the guarded call acts on. */
export function guardedCart(res: Response): number {
  const cartId: unknown = res.locals.cartId;
  if (typeof cartId !== "number") throw new Error("the seat guard must run before guardedCart");
  return cartId;
}

/** The caller's seat, or null when they hold no membership. */
export function guardedSeat(res: Response): Seat | null {
  return (res.locals.seat as Seat | null | undefined) ?? null;
}

/** Who made a change, as the statement names them: the caller's name on the membership. */
export function actorName(res: Response, fallback: string): string {
  return guardedSeat(res)?.name ?? fallback;
}
