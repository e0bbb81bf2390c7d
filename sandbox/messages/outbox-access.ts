// Who may read the sandbox's outbox (decision 0040). The SMS and emails it keeps are real people's
// (codes, e-cards with dates of birth, invoices with GSTINs), so nobody reads them without saying who
// they are, in production as in development:
// - whoever holds the outbox key set at start (SANDBOX_OUTBOX_KEY; in development one is made under
//   the data folder) reads every message: the developer, a tester, the tests. It is sent as the
//   `X-Sandbox-Outbox-Key` header, or once in the page's address, which keeps it in a cookie of its
//   own (HttpOnly, SameSite=Strict, only for /dev) and sends the browser on without it;
// - a caller with a live API token reads only what was sent to them: SMS to their mobile number,
//   email to the address on their cart.
import { createHash, timingSafeEqual } from "node:crypto";
import type { Request } from "express";
import { parse as parseCookies } from "cookie";
import type { ApiContext } from "../shared/context";
import { sqlValues } from "../store/statements";
import { callerOf } from "../accounts/tokens";

export const OUTBOX_KEY_HEADER = "x-sandbox-outbox-key";
export const OUTBOX_KEY_COOKIE = "kavach_outbox";

/** Everything, or only what was sent to one person, or nothing. */
export type OutboxReader = { all: true } | { all: false; mobileNo: string; emails: string[] } | null;

/** Whether `given` is the key, compared in constant time (both hashed: equal lengths). */
export function isOutboxKey(ctx: ApiContext, given: string | undefined): boolean {
  if (!ctx.outboxKey || !given) return false;
  const digest = (value: string) => createHash("sha256").update(value).digest();
  return timingSafeEqual(digest(given), digest(ctx.outboxKey));
}

export function outboxReader(ctx: ApiContext, req: Request): OutboxReader {
  const header = req.get(OUTBOX_KEY_HEADER);
  const cookie = parseCookies(req.get("cookie") ?? "")[OUTBOX_KEY_COOKIE];
  if (isOutboxKey(ctx, header) || isOutboxKey(ctx, cookie)) return { all: true };
  const mobileNo = callerOf(ctx, req);
  if (mobileNo === null) return null;
  const email = sqlValues(ctx.db, "SELECT admin_email FROM carts WHERE mobile_no = ?").get(mobileNo) as
    string | null | undefined;
  return { all: false, mobileNo, emails: email ? [email] : [] };
}
