// A GSTIN has one membership (docs/product.md, One membership per company; docs/decisions/0052): a second
// buyer is stopped wherever the company is chosen or paid for, and may ask the membership's owner to add
// them instead. A GSTIN is public, so being able to type it proves nothing.
import type { ApiContext } from "../shared/context";
import { iso } from "../shared/context";
import { HttpError } from "../shared/envelope";
import { escapeHtml } from "../shared/html";
import { writeTransaction } from "../store/db";
import { sql, sqlValues } from "../store/statements";
import { type Seat, companyNameOf, mobileShown, ownerMobileOf, seatRequester } from "./admins";
import { type InvitedRole, ROLE_LABELS } from "./admins-roles";

/** The cart holding a paid or pending membership for the GSTIN, other than the caller's own. */
function holderOf(ctx: ApiContext, gstin: string, callerMobile: string): number | undefined {
  return sqlValues(
    ctx.db,
    `SELECT c.id FROM carts c
       WHERE c.company_gstin = ? AND c.mobile_no != ?
         AND EXISTS (SELECT 1 FROM orders o WHERE o.cart_id = c.id AND o.status IN ('paid', 'pending'))
       ORDER BY c.id LIMIT 1`,
  ).get(gstin, callerMobile) as number | undefined;
}

/**
 * Refuses a purchase for a company that already holds a membership: at the GSTIN look-up, when the
 * company is saved to the cart, and when an order is made (two buyers at once). The answer names the
 * owner's number masked, so the buyer knows whom to ask, and says whether they already have access.
 */
export function refuseIfTaken(ctx: ApiContext, gstin: string, callerMobile: string): void {
  const cartId = holderOf(ctx, gstin, callerMobile);
  if (cartId === undefined) return;
  const company = companyNameOf(ctx, cartId);
  const owner = mobileShown(ownerMobileOf(ctx, cartId));
  const member =
    sqlValues(ctx.db, "SELECT 1 FROM membership_admins WHERE cart_id = ? AND mobile_no = ? AND status = 'active'").get(
      cartId,
      callerMobile,
    ) !== undefined;
  const requested =
    sqlValues(ctx.db, "SELECT 1 FROM access_requests WHERE cart_id = ? AND mobile_no = ? AND status = 'pending'").get(
      cartId,
      callerMobile,
    ) !== undefined;
  throw new HttpError(
    409,
    member
      ? `You already act for ${company}'s Kavach membership: open it from your membership page.`
      : `${company} already has a Kavach membership; its admin, ${owner}, can add you.`,
    { membership_taken: { gstin, company_name: company, owner_mobile: owner, you_have_access: member, requested } },
  );
}

function sms(ctx: ApiContext, mobileNo: string, text: string): void {
  Promise.resolve(ctx.sms.send(mobileNo, text)).catch((error: unknown) =>
    ctx.log({
      level: "error",
      event: "access_sms_failed",
      error: error instanceof Error ? error.message : String(error),
    }),
  );
}

/** A stopped buyer asks the owner to add them; asking again while one is pending changes nothing. */
export function requestAccess(ctx: ApiContext, mobileNo: string, gstin: string, name: string) {
  const cartId = holderOf(ctx, gstin, mobileNo);
  if (cartId === undefined) {
    throw new HttpError(404, "This company has no Kavach membership to ask for: you can buy one.");
  }
  const company = companyNameOf(ctx, cartId);
  const made = writeTransaction(ctx.db, () => {
    const pending = sqlValues(
      ctx.db,
      "SELECT id FROM access_requests WHERE cart_id = ? AND mobile_no = ? AND status = 'pending'",
    ).get(cartId, mobileNo) as number | undefined;
    if (pending !== undefined) return false;
    sql(
      ctx.db,
      "INSERT INTO access_requests (cart_id, mobile_no, name, status, created_at) VALUES (?, ?, ?, 'pending', ?)",
    ).run(cartId, mobileNo, name, ctx.now());
    return true;
  });
  if (made) {
    const owner = ownerMobileOf(ctx, cartId);
    const email = sqlValues(ctx.db, "SELECT admin_email FROM carts WHERE id = ?").get(cartId) as string | null;
    const text = `Kavach: ${name} (${mobileShown(mobileNo)}) asks to be added to ${company}'s group health membership. Accept or decline at ${ctx.publicOrigin}/membership.`;
    sms(ctx, owner, text);
    if (email !== null) {
      Promise.resolve(
        ctx.email.send({
          to: email,
          subject: `${name} asks to be added to ${company}'s Kavach membership`,
          text: `${text}\n\nIf you do not know them, decline: nobody is added without you.`,
          html: `<p>${escapeHtml(text)}</p><p>If you do not know them, decline: nobody is added without you.</p>`,
          attachments: [],
        }),
      ).catch((error: unknown) =>
        ctx.log({
          level: "error",
          event: "access_email_failed",
          error: error instanceof Error ? error.message : String(error),
        }),
      );
    }
    ctx.log({ event: "access_requested", cart_id: cartId });
  }
  return { company_name: company, owner_mobile: mobileShown(ownerMobileOf(ctx, cartId)), status: "pending" as const };
}

export function accessRequestsJson(ctx: ApiContext, seat: Seat) {
  const rows = sql(
    ctx.db,
    "SELECT id, mobile_no, name, created_at FROM access_requests WHERE cart_id = ? AND status = 'pending' ORDER BY id",
  ).all(seat.cartId) as { id: number; mobile_no: string; name: string; created_at: number }[];
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    mobile_shown: mobileShown(r.mobile_no),
    asked_at: iso(r.created_at),
  }));
}

/** The owner accepts (with a role) or declines; the requester is told either way. */
export function decideAccess(
  ctx: ApiContext,
  by: Seat,
  id: number,
  decision: { accept: true; role: InvitedRole } | { accept: false },
): void {
  const request = writeTransaction(ctx.db, () => {
    const row = sql(
      ctx.db,
      "SELECT mobile_no, name FROM access_requests WHERE id = ? AND cart_id = ? AND status = 'pending'",
    ).get(id, by.cartId) as { mobile_no: string; name: string } | undefined;
    if (row === undefined) throw new HttpError(404, "There is no such request waiting.");
    if (decision.accept) seatRequester(ctx, by, row.mobile_no, row.name, decision.role);
    sql(ctx.db, "UPDATE access_requests SET status = ?, role = ?, decided_at = ?, decided_by = ? WHERE id = ?").run(
      decision.accept ? "accepted" : "declined",
      decision.accept ? decision.role : null,
      ctx.now(),
      by.name,
      id,
    );
    return row;
  });
  const company = companyNameOf(ctx, by.cartId);
  sms(
    ctx,
    request.mobile_no,
    decision.accept
      ? `Kavach: ${by.name} added you to ${company}'s group health membership as ${ROLE_LABELS[decision.role]}. Open it at ${ctx.publicOrigin}/membership.`
      : `Kavach: ${by.name} declined your request to join ${company}'s group health membership.`,
  );
  ctx.log({ event: decision.accept ? "access_accepted" : "access_declined", cart_id: by.cartId });
}
