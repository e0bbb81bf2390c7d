// An employee's own sign-in and their family's cover (docs/product.md, Claims; decision 0046). The employee
// proves the mobile number the census gives for them with the usual code; the token they get is kept apart
// from the admin's (`employee_sessions`, not `sessions`) and names one family: every call it makes is scoped
// to that family, and anyone else's member, claim or document answers 404 exactly like an unknown one.
import { createHash, randomBytes } from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import type { ApiContext } from "../shared/context";
import { istDate } from "../shared/dates";
import { HttpError, sendFail } from "../shared/envelope";
import { type MemberRow, familyOf } from "../membership/members";
import { type PolicyData, policyOf } from "../membership/policy";
import { coverFrom, policyNow } from "../membership/certificate";
import { sql } from "../store/statements";

/** As long as the admin's session lasts (sandbox/tokens.ts). */
export const EMPLOYEE_TOKEN_TTL_MS = 12 * 60 * 60_000;
const UNAUTHORIZED_MSG = "Please sign in again with your mobile number.";

export interface Family {
  orderId: string;
  employeeCode: string;
}

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/**
 * The family whose employee the census names with this mobile number, on a policy whose period covers
 * today: a renewed membership copies the families to the next period's order (decision 0051), and the
 * period running today is the one the employee's cover is. A number the census gives for two employees
 * (a typing slip in the list) opens neither: it is the admin's to correct.
 */
export function familyForMobile(ctx: ApiContext, mobileNo: string): Family {
  const today = istDate(ctx.now());
  const found = (
    sql(
      ctx.db,
      `SELECT m.order_id AS orderId, m.employee_code AS employeeCode FROM members m
         JOIN policies p ON p.order_id = m.order_id
        WHERE m.relationship = 'self' AND m.mobile = ? AND (m.cover_ended_on IS NULL OR m.cover_ended_on >= ?)`,
    ).all(mobileNo, today) as Family[]
  ).filter((f) => {
    const { period } = policyNow(ctx, f.orderId).policy;
    return period.from <= today && today <= period.to;
  });
  if (found.length === 0) {
    throw new HttpError(
      404,
      "This number is not given for any employee with cover through Kavach. Ask your HR team to check the mobile number in the member list.",
    );
  }
  if (found.length > 1) {
    throw new HttpError(
      409,
      "This number is given for more than one employee in the member list. Ask your HR team to correct it, then sign in again.",
    );
  }
  return found[0]!;
}

export function issueEmployeeToken(ctx: ApiContext, family: Family): { token: string; expiresAt: number } {
  const token = randomBytes(32).toString("base64url");
  const now = ctx.now();
  const expiresAt = now + EMPLOYEE_TOKEN_TTL_MS;
  sql(
    ctx.db,
    "INSERT INTO employee_sessions (token_hash, order_id, employee_code, created_at, expires_at) VALUES (?, ?, ?, ?, ?)",
  ).run(hashToken(token), family.orderId, family.employeeCode, now, expiresAt);
  ctx.log({ event: "employee_signed_in", order_id: family.orderId });
  return { token, expiresAt };
}

function bearer(req: Request): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(req.get("authorization") ?? "");
  return match ? match[1]! : null;
}

/** Middleware: 401 without a live employee token (an admin's token is not one); else the family it names. */
export function requireEmployee(ctx: ApiContext) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const token = bearer(req);
    const row =
      token === null
        ? undefined
        : (sql(
            ctx.db,
            `SELECT token_hash, order_id AS orderId, employee_code AS employeeCode FROM employee_sessions
              WHERE token_hash = ? AND revoked_at IS NULL AND expires_at > ?`,
          ).get(hashToken(token), ctx.now()) as (Family & { token_hash: string }) | undefined);
    // The family's details may have been erased since (sandbox/retention.ts): then the session is over too.
    if (row === undefined || familyOf(ctx, row.orderId, row.employeeCode).length === 0) {
      sendFail(res, 401, UNAUTHORIZED_MSG);
      return;
    }
    res.locals.family = { orderId: row.orderId, employeeCode: row.employeeCode } satisfies Family;
    res.locals.employeeTokenHash = row.token_hash;
    next();
  };
}

export function callerFamily(res: Response): Family {
  const family = res.locals.family as Family | undefined;
  if (family === undefined) throw new Error("requireEmployee must run before callerFamily");
  return family;
}

export function signOutEmployee(ctx: ApiContext, res: Response): void {
  sql(ctx.db, "UPDATE employee_sessions SET revoked_at = ? WHERE token_hash = ?").run(
    ctx.now(),
    String(res.locals.employeeTokenHash),
  );
}

export interface FamilyCover {
  policy: PolicyData;
  members: MemberRow[];
  employee: MemberRow;
  email: string | null;
  mobile: string | null;
  /** A member's first day of cover: the policy's, or a joiner's (or newborn's) own. */
  coverStart: (member: MemberRow) => string;
}

/** The family's members and their policy as it stands today (a cancelled mandate's real end date). */
export function familyCover(ctx: ApiContext, family: Family): FamilyCover {
  if (policyOf(ctx, family.orderId) === undefined) throw new HttpError(404, "The policy is not issued yet.");
  const members = familyOf(ctx, family.orderId, family.employeeCode);
  const employee = members.find((m) => m.relationship === "self");
  if (employee === undefined) throw new HttpError(404, "There is no such employee.");
  const policy = policyNow(ctx, family.orderId).policy;
  return {
    policy,
    coverStart: coverFrom(ctx, family.orderId, members, policy.period.from),
    members,
    employee,
    email: employee.email,
    mobile: employee.mobile,
  };
}

/** The member of this family, or 404 as for anyone else's. */
export function familyMember(cover: FamilyCover, memberId: string): MemberRow {
  const member = cover.members.find((m) => m.member_id === memberId);
  if (member === undefined) throw new HttpError(404, "There is no such member in your family's cover.");
  return member;
}

/** The last day a member is covered: the policy's, or a leaver's own. */
export function memberCoverEnd(cover: FamilyCover, member: MemberRow): string {
  const end = cover.policy.period.to;
  return member.cover_ended_on !== null && member.cover_ended_on < end ? member.cover_ended_on : end;
}
