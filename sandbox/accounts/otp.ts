import { createHash, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import { type ApiContext, maskMobile } from "../shared/context";
import { HttpError } from "../shared/envelope";
import { countryIdSchema, mobileNoSchema } from "../shared/mobile";
import { writeTransaction } from "../store/db";
import { sql, sqlValues } from "../store/statements";

export const CODE_LENGTH = 4;
export const CODE_TTL_MS = 10 * 60_000;
export const RESEND_WAIT_MS = 30_000;
/** The number's shared hourly allowance, for requesters that never signed in to it (docs/product.md, Sign-in). */
export const CODES_PER_HOUR = 5;
/** The most of that shared allowance one address may spend, so one stranger cannot spend it all. */
export const CODES_PER_ADDRESS_PER_HOUR = 3;
// Wrong tries are counted per number and requester over the hour, not per code, so asking for a fresh
// code gives no fresh tries; a requester that never signed in to the number is also counted by its
// address, because device ids cost nothing to make (docs/decisions/0016, Update).
export const MAX_WRONG_TRIES = 5;
/** How long a device that signed in to a number keeps its own allowance for it after its last sign-in. */
export const DEVICE_MEMORY_MS = 180 * 24 * 60 * 60_000;
const WINDOW_MS = 60 * 60_000;

/** A number and the code texted to it: what an admin's and an employee's sign-in both send. */
export const codeProofSchema = z.object({
  mobile_no: mobileNoSchema,
  country_id: countryIdSchema,
  code: z
    .string({ required_error: "code is required." })
    .regex(new RegExp(`^\\d{${CODE_LENGTH}}$`), `Enter the ${CODE_LENGTH}-digit code.`),
});

/**
 * Who is asking, as far as the API can tell: the address (the peer, or the visitor a trusted proxy
 * names in X-Forwarded-For) and the device id the caller names in X-Device-Id, if any. A device id
 * is a secret the caller keeps (the app: in a sealed cookie); the API stores only its hash.
 */
export interface Caller {
  address: string;
  device?: string;
}

interface Requester {
  address: string;
  /** What codes and wrong tries are kept under: the named device (hashed), else the address. */
  key: string;
  /** Signed in to this number before: spends its own allowance, not the number's shared one. */
  known: boolean;
  deviceHash: string | null;
}

export function smsText(code: string): string {
  return `${code} is your Kavach verification code. It is valid for 10 minutes. Never share this code with anyone.`;
}

function hashCode(salt: string, code: string): string {
  return createHash("sha256").update(`${salt}:${code}`).digest("hex");
}

function seconds(ms: number): number {
  return Math.max(1, Math.ceil(ms / 1000));
}

/** A device id carries enough randomness (at least 22 base64url characters) to need no salt. */
function hashDevice(device: string): string {
  return createHash("sha256").update(device).digest("hex");
}

function requesterOf(ctx: ApiContext, mobileNo: string, caller: Caller): Requester {
  if (caller.device === undefined)
    return { address: caller.address, key: `address:${caller.address}`, known: false, deviceHash: null };
  const deviceHash = hashDevice(caller.device);
  const known =
    sqlValues(ctx.db, "SELECT 1 FROM otp_devices WHERE mobile_no = ? AND device_hash = ? AND signed_in_at > ?").get(
      mobileNo,
      deviceHash,
      ctx.now() - DEVICE_MEMORY_MS,
    ) !== undefined;
  return { address: caller.address, key: `device:${deviceHash}`, known, deviceHash };
}

function lockedError(retryAfterMs: number): HttpError {
  const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000));
  return new HttpError(
    429,
    `Too many wrong tries. Ask for a new code in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
    { retry_after_s: seconds(retryAfterMs) },
  );
}

/** Milliseconds until the oldest of the last `cap` events (newest first) leaves the hour, or 0 below the cap. */
function untilBelow(times: number[], cap: number, now: number): number {
  return times.length < cap ? 0 : times[cap - 1]! + WINDOW_MS - now;
}

/**
 * This requester's wrong tries at the number in the hour, and how long it is locked out (0: not).
 * Its own count; and for a requester that never signed in here, its address's count as well.
 */
function wrongTries(ctx: ApiContext, mobileNo: string, who: Requester): { count: number; lockMs: number } {
  const now = ctx.now();
  const since = now - WINDOW_MS;
  const own = sqlValues(
    ctx.db,
    "SELECT created_at FROM otp_wrong_tries WHERE mobile_no = ? AND requester = ? AND created_at > ? ORDER BY created_at DESC",
  ).all(mobileNo, who.key, since) as number[];
  const fromAddress = who.known
    ? []
    : (sqlValues(
        ctx.db,
        "SELECT created_at FROM otp_wrong_tries WHERE mobile_no = ? AND client = ? AND own_allowance = 0 AND created_at > ? ORDER BY created_at DESC",
      ).all(mobileNo, who.address, since) as number[]);
  return {
    count: Math.max(own.length, fromAddress.length),
    lockMs: Math.max(untilBelow(own, MAX_WRONG_TRIES, now), untilBelow(fromAddress, MAX_WRONG_TRIES, now)),
  };
}

/**
 * Makes, stores (hashed) and texts a new code for this requester, within the allowance it spends (the
 * resend wait and the hourly cap): a known device its own, anyone else the number's shared one and
 * their address's share of it (docs/decisions/0016, Update).
 */
export async function sendCode(ctx: ApiContext, mobileNo: string, caller: Caller): Promise<void> {
  const code = String(randomInt(0, 10 ** CODE_LENGTH)).padStart(CODE_LENGTH, "0");
  writeTransaction(ctx.db, () => {
    const now = ctx.now();
    const who = requesterOf(ctx, mobileNo, caller);
    const { lockMs } = wrongTries(ctx, mobileNo, who);
    if (lockMs > 0) throw lockedError(lockMs);
    const sent = (where: string, ...values: Array<string | number>) =>
      sqlValues(
        ctx.db,
        `SELECT created_at FROM otp_codes WHERE mobile_no = ? AND created_at > ? AND ${where} ORDER BY created_at DESC`,
      ).all(mobileNo, now - WINDOW_MS, ...values) as number[];
    const spent = who.known ? sent("requester = ? AND own_allowance = 1", who.key) : sent("own_allowance = 0");
    const allowances: Array<[number[], number]> = who.known
      ? [[spent, CODES_PER_HOUR]]
      : [
          [spent, CODES_PER_HOUR],
          [sent("own_allowance = 0 AND client = ?", who.address), CODES_PER_ADDRESS_PER_HOUR],
        ];
    // The hourly cap comes first: waiting 30 s would only lead to this answer anyway.
    const capMs = Math.max(...allowances.map(([times, cap]) => untilBelow(times, cap, now)));
    if (capMs > 0) {
      throw new HttpError(429, "Too many codes requested for this number. Try again in an hour.", {
        retry_after_s: seconds(capMs),
      });
    }
    // The resend wait runs within the allowance spent: a known device's own codes, else the number's shared ones.
    const [latest] = spent;
    if (latest !== undefined && now - latest < RESEND_WAIT_MS) {
      const wait = seconds(latest + RESEND_WAIT_MS - now);
      throw new HttpError(429, `Please wait ${wait} seconds before asking for a new code.`, { retry_after_s: wait });
    }
    const salt = randomBytes(16).toString("hex");
    sql(
      ctx.db,
      `INSERT INTO otp_codes (mobile_no, code_hash, salt, created_at, expires_at, client, requester, own_allowance)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(mobileNo, hashCode(salt, code), salt, now, now + CODE_TTL_MS, who.address, who.key, who.known ? 1 : 0);
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
}

/**
 * Checks a code against the latest one this requester asked for: never against a code someone else
 * asked for, so another's newer code voids nothing and each try is a guess at one code. Throws the
 * contract's message on any failure. A right code with a device id remembers the device for the number.
 */
export function verifyCode(ctx: ApiContext, mobileNo: string, code: string, caller: Caller): void {
  // Decided inside the transaction, thrown after it: throwing inside would roll back the wrong try.
  const failure = writeTransaction(ctx.db, (): { reason: string; error: HttpError } | null => {
    const now = ctx.now();
    const who = requesterOf(ctx, mobileNo, caller);
    const before = wrongTries(ctx, mobileNo, who);
    if (before.lockMs > 0) return { reason: "locked", error: lockedError(before.lockMs) };
    const latest = sql(
      ctx.db,
      "SELECT id, code_hash, salt, expires_at, used_at FROM otp_codes WHERE mobile_no = ? AND requester = ? ORDER BY id DESC LIMIT 1",
    ).get(mobileNo, who.key) as CodeRow | undefined;
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
      sql(
        ctx.db,
        "INSERT INTO otp_wrong_tries (mobile_no, client, requester, own_allowance, created_at) VALUES (?, ?, ?, ?, ?)",
      ).run(mobileNo, who.address, who.key, who.known ? 1 : 0, now);
      const after = wrongTries(ctx, mobileNo, who);
      if (after.lockMs > 0) return { reason: "wrong_code_locked", error: lockedError(after.lockMs) };
      const left = MAX_WRONG_TRIES - after.count;
      return {
        reason: "wrong_code",
        error: new HttpError(400, `The code is incorrect. ${left} ${left === 1 ? "try" : "tries"} left.`),
      };
    }
    sql(ctx.db, "UPDATE otp_codes SET used_at = ? WHERE id = ?").run(now, latest.id);
    // Knowing the code proves the number: the asker's earlier typos no longer count against it.
    // Strangers' tries still count, so an owner's sign-in gives a guesser no fresh tries.
    sql(ctx.db, "DELETE FROM otp_wrong_tries WHERE mobile_no = ? AND requester = ?").run(mobileNo, who.key);
    if (who.deviceHash !== null) {
      sql(
        ctx.db,
        `INSERT INTO otp_devices (mobile_no, device_hash, signed_in_at) VALUES (?, ?, ?)
         ON CONFLICT (mobile_no, device_hash) DO UPDATE SET signed_in_at = excluded.signed_in_at`,
      ).run(mobileNo, who.deviceHash, now);
    }
    // Devices are remembered no longer than DEVICE_MEMORY_MS after their last sign-in, whichever number.
    sql(ctx.db, "DELETE FROM otp_devices WHERE signed_in_at <= ?").run(now - DEVICE_MEMORY_MS);
    return null;
  });
  if (failure !== null) {
    ctx.log({ level: "warn", event: "otp_verify_failed", mobile: maskMobile(mobileNo), reason: failure.reason });
    throw failure.error;
  }
}
