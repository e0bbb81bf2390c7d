import { createHash, randomBytes } from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import type { ApiContext } from "../shared/context";
import { sendFail } from "../shared/envelope";
import { sql, sqlValues } from "../store/statements";

export const TOKEN_TTL_MS = 12 * 60 * 60_000;
const UNAUTHORIZED_MSG = "Please verify your mobile number again.";

// Only the hash is stored, so a copy of the database does not hand out live sessions.
function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export function issueToken(ctx: ApiContext, mobileNo: string): { token: string; expiresAt: number } {
  const token = randomBytes(32).toString("base64url");
  const now = ctx.now();
  const expiresAt = now + TOKEN_TTL_MS;
  sql(ctx.db, "INSERT INTO sessions (token_hash, mobile_no, created_at, expires_at) VALUES (?, ?, ?, ?)").run(
    hashToken(token),
    mobileNo,
    now,
    expiresAt,
  );
  return { token, expiresAt };
}

function bearerToken(req: Request): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(req.get("authorization") ?? "");
  return match ? match[1]! : null;
}

/** Mobile number of the live session behind the request's bearer token, if any. */
function liveSession(ctx: ApiContext, req: Request): { mobileNo: string; tokenHash: string } | null {
  const token = bearerToken(req);
  if (token === null) return null;
  const tokenHash = hashToken(token);
  const mobileNo = sqlValues(
    ctx.db,
    "SELECT mobile_no FROM sessions WHERE token_hash = ? AND revoked_at IS NULL AND expires_at > ?",
  ).get(tokenHash, ctx.now()) as string | undefined;
  return mobileNo === undefined ? null : { mobileNo, tokenHash };
}

/** The mobile number behind the request's live bearer token, or null. */
export function callerOf(ctx: ApiContext, req: Request): string | null {
  return liveSession(ctx, req)?.mobileNo ?? null;
}

/** Middleware: answers 401 without a live token; otherwise records who is calling. */
export function requireToken(ctx: ApiContext) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const session = liveSession(ctx, req);
    if (session === null) {
      sendFail(res, 401, UNAUTHORIZED_MSG);
      return;
    }
    res.locals.mobileNo = session.mobileNo;
    res.locals.tokenHash = session.tokenHash;
    next();
  };
}

export function callerMobile(res: Response): string {
  const mobileNo: unknown = res.locals.mobileNo;
  if (typeof mobileNo !== "string") throw new Error("requireToken must run before callerMobile");
  return mobileNo;
}

export function revokeCallerToken(ctx: ApiContext, res: Response): void {
  const tokenHash: unknown = res.locals.tokenHash;
  if (typeof tokenHash !== "string") throw new Error("requireToken must run before revokeCallerToken");
  sql(ctx.db, "UPDATE sessions SET revoked_at = ? WHERE token_hash = ?").run(ctx.now(), tokenHash);
}
