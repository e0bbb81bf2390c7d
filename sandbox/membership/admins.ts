// The people who act for a membership, each with a role (docs/product.md, More than one admin;
// docs/decisions/0052). A membership is the cart that bought it; its rows in membership_admins are the one
// record of who may open it, so the guard (admins-guard.ts) asks seatOf and nothing else.
import type { ApiContext } from "../shared/context";
import { iso } from "../shared/context";
import { HttpError } from "../shared/envelope";
import { istDate, longDate } from "../shared/dates";
import { writeTransaction } from "../store/db";
import { sql, sqlValues } from "../store/statements";
import { type InvitedRole, ROLE_LABELS, type Role, abilitiesOf } from "./admins-roles";

/** An invitation not taken up within this long lapses (docs/product.md, More than one admin). */
export const INVITATION_DAYS = 7;
const DAY_MS = 24 * 60 * 60_000;

export interface Seat {
  id: number;
  cartId: number;
  mobileNo: string;
  name: string;
  role: Role;
}

export type SeatLookup = { kind: "seat"; seat: Seat } | { kind: "removed" } | { kind: "none" };

interface AdminRow {
  id: number;
  cart_id: number;
  mobile_no: string;
  name: string;
  role: Role;
  status: "invited" | "active" | "expired" | "removed";
  invited_by: string | null;
  created_at: number;
  expires_at: number | null;
}

const ROW = "id, cart_id, mobile_no, name, role, status, invited_by, created_at, expires_at";

/** People see a colleague's number as 98••••••45: enough to recognise, not to call. */
export function mobileShown(mobileNo: string): string {
  return mobileNo.slice(0, 2) + "•".repeat(Math.max(mobileNo.length - 4, 0)) + mobileNo.slice(-2);
}

/** A cart holds a membership once its order is paid or its payment pending. */
export function holdsMembership(ctx: ApiContext, cartId: number): boolean {
  return (
    sqlValues(ctx.db, "SELECT 1 FROM orders WHERE cart_id = ? AND status IN ('paid', 'pending') LIMIT 1").get(
      cartId,
    ) !== undefined
  );
}

export function companyNameOf(ctx: ApiContext, cartId: number): string {
  return (
    (sqlValues(
      ctx.db,
      "SELECT co.company_name FROM carts c JOIN companies co ON co.gstin = c.company_gstin WHERE c.id = ?",
    ).get(cartId) as string | undefined) ?? "your company"
  );
}

function activeRow(ctx: ApiContext, mobileNo: string): AdminRow | undefined {
  return sql(ctx.db, `SELECT ${ROW} FROM membership_admins WHERE mobile_no = ? AND status = 'active'`).get(mobileNo) as
    AdminRow | undefined;
}

function toSeat(row: AdminRow): Seat {
  return { id: row.id, cartId: row.cart_id, mobileNo: row.mobile_no, name: row.name, role: row.role };
}

/** Lapsed invitations free their number, so it can be invited again (here or by another company). */
function expireInvitations(ctx: ApiContext): void {
  sql(ctx.db, "UPDATE membership_admins SET status = 'expired' WHERE status = 'invited' AND expires_at <= ?").run(
    ctx.now(),
  );
}

/**
 * The membership a signed-in number acts for, and as what. An invitation is taken up by signing in with
 * the invited number before it lapses; the buyer's own membership gets its owner row the first time it
 * is opened. A number whose every row is removed is refused, even on the cart it bought with.
 */
export function seatOf(ctx: ApiContext, mobileNo: string): SeatLookup {
  const active = activeRow(ctx, mobileNo);
  if (active !== undefined) return { kind: "seat", seat: toSeat(active) };
  return writeTransaction(ctx.db, (): SeatLookup => {
    const now = ctx.now();
    sql(
      ctx.db,
      "UPDATE membership_admins SET status = 'active', joined_at = ? WHERE mobile_no = ? AND status = 'invited' AND expires_at > ?",
    ).run(now, mobileNo, now);
    const joined = activeRow(ctx, mobileNo);
    if (joined !== undefined) return { kind: "seat", seat: toSeat(joined) };
    const own = sql(ctx.db, "SELECT id, admin_name FROM carts WHERE mobile_no = ?").get(mobileNo) as
      { id: number; admin_name: string | null } | undefined;
    const ownHasRows =
      own !== undefined &&
      sqlValues(ctx.db, "SELECT 1 FROM membership_admins WHERE cart_id = ? LIMIT 1").get(own.id) !== undefined;
    if (own !== undefined && !ownHasRows && holdsMembership(ctx, own.id)) {
      const id = sql(
        ctx.db,
        `INSERT INTO membership_admins (cart_id, mobile_no, name, role, status, created_at, joined_at)
           VALUES (?, ?, ?, 'owner', 'active', ?, ?)`,
      ).run(own.id, mobileNo, own.admin_name ?? mobileShown(mobileNo), now, now).lastInsertRowid;
      return {
        kind: "seat",
        seat: {
          id: Number(id),
          cartId: own.id,
          mobileNo,
          name: own.admin_name ?? mobileShown(mobileNo),
          role: "owner",
        },
      };
    }
    const removed =
      sqlValues(ctx.db, "SELECT 1 FROM membership_admins WHERE mobile_no = ? AND status = 'removed' LIMIT 1").get(
        mobileNo,
      ) !== undefined;
    return removed ? { kind: "removed" } : { kind: "none" };
  });
}

/** A number that already acts for a membership, is invited to one, or bought one, cannot be given another. */
function refuseIfSeated(ctx: ApiContext, mobileNo: string): void {
  const seated =
    sqlValues(
      ctx.db,
      "SELECT 1 FROM membership_admins WHERE mobile_no = ? AND status IN ('invited', 'active') LIMIT 1",
    ).get(mobileNo) !== undefined;
  const ownCart = sqlValues(ctx.db, "SELECT id FROM carts WHERE mobile_no = ?").get(mobileNo) as number | undefined;
  const bought =
    ownCart !== undefined &&
    holdsMembership(ctx, ownCart) &&
    sqlValues(ctx.db, "SELECT 1 FROM membership_admins WHERE cart_id = ? AND mobile_no = ? AND status = 'removed'").get(
      ownCart,
      mobileNo,
    ) === undefined;
  if (seated || bought) {
    throw new HttpError(
      409,
      `${mobileShown(mobileNo)} already acts for a Kavach membership. A number can act for one membership at a time.`,
    );
  }
}

function sms(ctx: ApiContext, mobileNo: string, text: string): void {
  // After the commit by the caller's order of calls; a failed send is logged, never undoes the change.
  Promise.resolve(ctx.sms.send(mobileNo, text)).catch((error: unknown) =>
    ctx.log({
      level: "error",
      event: "admin_sms_failed",
      error: error instanceof Error ? error.message : String(error),
    }),
  );
}

function membershipLink(ctx: ApiContext): string {
  return `${ctx.publicOrigin}/membership`;
}

export function invite(
  ctx: ApiContext,
  by: Seat,
  input: { name: string; mobile_no: string; role: InvitedRole },
): { id: number } {
  const company = companyNameOf(ctx, by.cartId);
  const expiresAt = ctx.now() + INVITATION_DAYS * DAY_MS;
  const id = writeTransaction(ctx.db, () => {
    expireInvitations(ctx);
    refuseIfSeated(ctx, input.mobile_no);
    return Number(
      sql(
        ctx.db,
        `INSERT INTO membership_admins (cart_id, mobile_no, name, role, status, invited_by, created_at, expires_at)
           VALUES (?, ?, ?, ?, 'invited', ?, ?, ?)`,
      ).run(by.cartId, input.mobile_no, input.name, input.role, by.name, ctx.now(), expiresAt).lastInsertRowid,
    );
  });
  sms(
    ctx,
    input.mobile_no,
    `Kavach: ${by.name} invited you to ${company}'s group health membership as ${ROLE_LABELS[input.role]}. Sign in with this number at ${membershipLink(ctx)} by ${longDate(istDate(expiresAt))}.`,
  );
  ctx.log({ event: "admin_invited", cart_id: by.cartId, role: input.role });
  return { id };
}

/** A colleague of the owner's membership, not yet removed; the owner's own row is never a target. */
function colleague(ctx: ApiContext, by: Seat, id: number): AdminRow {
  const row = sql(
    ctx.db,
    `SELECT ${ROW} FROM membership_admins WHERE id = ? AND cart_id = ? AND status IN ('invited', 'active')`,
  ).get(id, by.cartId) as AdminRow | undefined;
  if (row === undefined) throw new HttpError(404, "There is no such person on this membership.");
  if (row.role === "owner") {
    throw new HttpError(409, "The owner's role changes only when they hand ownership to another admin.");
  }
  return row;
}

export function changeRole(ctx: ApiContext, by: Seat, id: number, role: InvitedRole): void {
  writeTransaction(ctx.db, () => {
    colleague(ctx, by, id);
    sql(ctx.db, "UPDATE membership_admins SET role = ? WHERE id = ?").run(role, id);
  });
  ctx.log({ event: "admin_role_changed", cart_id: by.cartId, role });
}

export function removeAdmin(ctx: ApiContext, by: Seat, id: number): void {
  const row = writeTransaction(ctx.db, () => {
    const found = colleague(ctx, by, id);
    sql(ctx.db, "UPDATE membership_admins SET status = 'removed', removed_at = ?, removed_by = ? WHERE id = ?").run(
      ctx.now(),
      by.name,
      id,
    );
    return found;
  });
  sms(
    ctx,
    row.mobile_no,
    `Kavach: ${by.name} removed your access to ${companyNameOf(ctx, by.cartId)}'s group health membership.`,
  );
  ctx.log({ event: "admin_removed", cart_id: by.cartId });
}

/** The owner hands ownership to an active admin and stays on as an admin: always exactly one owner. */
export function handOver(ctx: ApiContext, by: Seat, id: number): void {
  const row = writeTransaction(ctx.db, () => {
    const found = colleague(ctx, by, id);
    if (found.status !== "active" || found.role !== "admin") {
      throw new HttpError(409, "Ownership passes only to an admin who has signed in. Make them an admin first.");
    }
    // The owner steps down first: the database allows one owner at a time.
    sql(ctx.db, "UPDATE membership_admins SET role = 'admin' WHERE id = ?").run(by.id);
    sql(ctx.db, "UPDATE membership_admins SET role = 'owner' WHERE id = ?").run(id);
    return found;
  });
  sms(
    ctx,
    row.mobile_no,
    `Kavach: ${by.name} made you the owner of ${companyNameOf(ctx, by.cartId)}'s group health membership.`,
  );
  ctx.log({ event: "admin_ownership_handed_over", cart_id: by.cartId });
}

/** Who acts for the membership: the caller first, then everyone with access or an invitation. */
export function teamJson(ctx: ApiContext, seat: Seat) {
  const now = ctx.now();
  const rows = sql(
    ctx.db,
    `SELECT ${ROW} FROM membership_admins WHERE cart_id = ? AND status IN ('invited', 'active', 'expired')
       ORDER BY CASE role WHEN 'owner' THEN 0 ELSE 1 END, created_at, id`,
  ).all(seat.cartId) as AdminRow[];
  return {
    you: { id: seat.id, name: seat.name, role: seat.role, abilities: abilitiesOf(seat.role) },
    people: rows.map((r) => ({
      id: r.id,
      name: r.name,
      mobile_shown: mobileShown(r.mobile_no),
      role: r.role,
      role_label: ROLE_LABELS[r.role],
      status: r.status === "invited" && r.expires_at !== null && r.expires_at <= now ? "expired" : r.status,
      invited_by: r.invited_by,
      expires_at: r.expires_at === null ? null : iso(r.expires_at),
    })),
  };
}

/** An accepted access request seats the requester at once: they have already signed in to ask. */
export function seatRequester(ctx: ApiContext, by: Seat, mobileNo: string, name: string, role: InvitedRole): void {
  expireInvitations(ctx);
  refuseIfSeated(ctx, mobileNo);
  const now = ctx.now();
  sql(
    ctx.db,
    `INSERT INTO membership_admins (cart_id, mobile_no, name, role, status, invited_by, created_at, joined_at)
       VALUES (?, ?, ?, ?, 'active', ?, ?, ?)`,
  ).run(by.cartId, mobileNo, name, role, by.name, now, now);
}

/** The owner's number, for the GSTIN step's message and the access request's text. */
export function ownerMobileOf(ctx: ApiContext, cartId: number): string {
  return (
    (sqlValues(
      ctx.db,
      "SELECT mobile_no FROM membership_admins WHERE cart_id = ? AND role = 'owner' AND status = 'active'",
    ).get(cartId) as string | undefined) ??
    (sqlValues(ctx.db, "SELECT mobile_no FROM carts WHERE id = ?").get(cartId) as string)
  );
}
