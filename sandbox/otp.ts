import { createHash, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import { type ApiContext, maskMobile } from "./context";
import { HttpError } from "./envelope";
import { writeTransaction } from "./db";
import { sql, sqlValues } from "./statements";

export const CODE_LENGTH = 4;
export const CODE_TTL_MS = 10 * 60_000;
export const RESEND_WAIT_MS = 30_000;
export const CODES_PER_HOUR = 5;
// Wrong tries are counted per number and client (the caller's IP) over the hour, not per code: a code
// lives 10 minutes, well inside the hour, so this also caps each code at 5 tries from one client, and
// asking for a fresh code gives that client no fresh tries. Another client (the number's owner,
// asking from elsewhere) is not locked by them (docs/product.md, Sign-in).
export const MAX_WRONG_TRIES = 5;
// Across all clients the number is slowed, never locked: past this many wrong tries in the hour, one
// try per SLOWED_TRY_INTERVAL_MS (a guesser spread over many addresses gets a few more an hour).
// The client that asked for the number's latest code is never slowed (only its own lock holds it),
// so strangers' wrong tries give them no lever on the owner, who asks for a new code and enters it
// (docs/decisions/0016, after NIST SP 800-63B-4's throttling: limit the guesser, not the subscriber).
export const WRONG_TRIES_BEFORE_SLOWING = 10;
export const SLOWED_TRY_INTERVAL_MS = 5 * 60_000;
const WINDOW_MS = 60 * 60_000;

export function smsText(code: string): string {
  return `${code} is your Kavach verification code. It is valid for 10 minutes. Never share this code with anyone.`;
}

function hashCode(salt: string, code: string): string {
  return createHash("sha256").update(`${salt}:${code}`).digest("hex");
}

function seconds(ms: number): number {
  return Math.max(1, Math.ceil(ms / 1000));
}

function lockedError(retryAfterMs: number): HttpError {
  const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000));
  return new HttpError(
    429,
    `Too many wrong tries. Ask for a new code in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
    { retry_after_s: seconds(retryAfterMs) },
  );
}

/** Milliseconds until this client may try the number again, or 0 when it is not locked out. */
function wrongTryLockMs(ctx: ApiContext, mobileNo: string, client: string): number {
  const now = ctx.now();
  const tries = sqlValues(
    ctx.db,
    "SELECT created_at FROM otp_wrong_tries WHERE mobile_no = ? AND client = ? AND created_at > ? ORDER BY created_at DESC",
  ).all(mobileNo, client, now - WINDOW_MS) as number[];
  if (tries.length < MAX_WRONG_TRIES) return 0;
  // Unlocked once the try that made the count reach the limit drops out of the window.
  return tries[MAX_WRONG_TRIES - 1]! + WINDOW_MS - now;
}

/** Milliseconds until anyone may try the number again while it is slowed, or 0. */
function slowedMs(ctx: ApiContext, mobileNo: string): number {
  const now = ctx.now();
  const tries = sqlValues(
    ctx.db,
    "SELECT created_at FROM otp_wrong_tries WHERE mobile_no = ? AND created_at > ? ORDER BY created_at DESC",
  ).all(mobileNo, now - WINDOW_MS) as number[];
  if (tries.length < WRONG_TRIES_BEFORE_SLOWING) return 0;
  return Math.max(0, tries[0]! + SLOWED_TRY_INTERVAL_MS - now);
}

function slowedError(waitMs: number): HttpError {
  const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
  return new HttpError(
    429,
    `Too many wrong tries for this number. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
    { retry_after_s: seconds(waitMs) },
  );
}

/** Makes, stores (hashed) and texts a new code, within the resend wait and the hourly cap. */
export async function sendCode(ctx: ApiContext, mobileNo: string, client: string): Promise<void> {
  const code = String(randomInt(0, 10 ** CODE_LENGTH)).padStart(CODE_LENGTH, "0");
  writeTransaction(ctx.db, () => {
    const now = ctx.now();
    const lockMs = wrongTryLockMs(ctx, mobileNo, client);
    if (lockMs > 0) throw lockedError(lockMs);
    const recent = sqlValues(
      ctx.db,
      "SELECT created_at FROM otp_codes WHERE mobile_no = ? AND created_at > ? ORDER BY created_at ASC",
    ).all(mobileNo, now - WINDOW_MS) as number[];
    // The hourly cap comes first: waiting 30 s would only lead to this answer anyway.
    if (recent.length >= CODES_PER_HOUR) {
      const retryMs = recent[recent.length - CODES_PER_HOUR]! + WINDOW_MS - now;
      throw new HttpError(429, "Too many codes requested for this number. Try again in an hour.", {
        retry_after_s: seconds(retryMs),
      });
    }
    const latest = recent[recent.length - 1];
    if (latest !== undefined && now - latest < RESEND_WAIT_MS) {
      const wait = seconds(latest + RESEND_WAIT_MS - now);
      throw new HttpError(429, `Please wait ${wait} seconds before asking for a new code.`, { retry_after_s: wait });
    }
    const salt = randomBytes(16).toString("hex");
    sql(
      ctx.db,
      "INSERT INTO otp_codes (mobile_no, code_hash, salt, created_at, expires_at, client) VALUES (?, ?, ?, ?, ?, ?)",
    ).run(mobileNo, hashCode(salt, code), salt, now, now + CODE_TTL_MS, client);
  });
  ctx.log({ event: "otp_sent", mobile: maskMobile(mobileNo) });
  await ctx.sms.send(mobileNo, smsText(code));
}

/**
 * The test clock, for one number only: its codes are dated `ms` earlier, as if that long had passed
 * for it, so a test passes the resend wait without waiting and nobody else's clock moves.
 */
export function ageCodes(ctx: ApiContext, mobileNo: string, ms: number): number {
  return sql(
    ctx.db,
    "UPDATE otp_codes SET created_at = created_at - ?, expires_at = expires_at - ? WHERE mobile_no = ?",
  ).run(ms, ms, mobileNo).changes;
}

interface CodeRow {
  id: number;
  code_hash: string;
  salt: string;
  expires_at: number;
  used_at: number | null;
  /** Who asked for the code (docs/decisions/0016). */
  client: string;
}

/** Checks a code against the number's latest one. Throws the contract's message on any failure. */
export function verifyCode(ctx: ApiContext, mobileNo: string, code: string, client: string): void {
  // Decided inside the transaction, thrown after it: throwing inside would roll back the wrong try.
  const failure = writeTransaction(ctx.db, (): { reason: string; error: HttpError } | null => {
    const now = ctx.now();
    const lockMs = wrongTryLockMs(ctx, mobileNo, client);
    if (lockMs > 0) return { reason: "locked", error: lockedError(lockMs) };
    const latest = sql(
      ctx.db,
      "SELECT id, code_hash, salt, expires_at, used_at, client FROM otp_codes WHERE mobile_no = ? ORDER BY id DESC LIMIT 1",
    ).get(mobileNo) as CodeRow | undefined;
    // The number is slowed for everyone but the client that asked for its latest code.
    const slowMs = latest?.client === client ? 0 : slowedMs(ctx, mobileNo);
    if (slowMs > 0) return { reason: "slowed", error: slowedError(slowMs) };
    // A used code counts as none: codes are single use.
    if (latest === undefined || latest.used_at !== null) {
      return { reason: "no_code", error: new HttpError(400, "Ask for a code first.") };
    }
    if (now >= latest.expires_at) {
      return { reason: "expired", error: new HttpError(400, "This code has expired. Ask for a new one.") };
    }
    const expected = Buffer.from(latest.code_hash, "hex");
    const given = Buffer.from(hashCode(latest.salt, code), "hex");
    if (!timingSafeEqual(expected, given)) {
      sql(ctx.db, "INSERT INTO otp_wrong_tries (mobile_no, client, created_at) VALUES (?, ?, ?)").run(
        mobileNo,
        client,
        now,
      );
      const lockAfter = wrongTryLockMs(ctx, mobileNo, client);
      if (lockAfter > 0) return { reason: "wrong_code_locked", error: lockedError(lockAfter) };
      const used = sqlValues(
        ctx.db,
        "SELECT COUNT(*) FROM otp_wrong_tries WHERE mobile_no = ? AND client = ? AND created_at > ?",
      ).get(mobileNo, client, now - WINDOW_MS) as number;
      const left = MAX_WRONG_TRIES - used;
      return {
        reason: "wrong_code",
        error: new HttpError(400, `The code is incorrect. ${left} ${left === 1 ? "try" : "tries"} left.`),
      };
    }
    sql(ctx.db, "UPDATE otp_codes SET used_at = ? WHERE id = ?").run(now, latest.id);
    // Knowing the code proves the number; earlier typos no longer count against it.
    sql(ctx.db, "DELETE FROM otp_wrong_tries WHERE mobile_no = ?").run(mobileNo);
    return null;
  });
  if (failure !== null) {
    ctx.log({ level: "warn", event: "otp_verify_failed", mobile: maskMobile(mobileNo), reason: failure.reason });
    throw failure.error;
  }
}
