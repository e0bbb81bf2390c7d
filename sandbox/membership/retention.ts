// Members' personal data kept no longer than stated (docs/product.md, Personal data; decision 0039): for
// the policy year and then RETENTION_YEARS after the policy ends, the time the insurer needs for claims to
// be made, reopened and audited. Then the sandbox erases it: the members of the census, the joiners kept
// with the changes, any census check left, and the outbox's emails to those employees. Tax
// documents stay (they name the company and employee codes, and GST law keeps them 72 months).
import type { ApiContext } from "../shared/context";
import { removeExpiredQuotes } from "./change-store";
import { sendPreDebitNotices } from "../billing/pre-debit";
import { addDays, addMonths, istDate } from "../shared/dates";
import { writeTransaction } from "../store/db";
import { coverEndDate } from "../shared/cover-dates";
import { RETENTION_YEARS } from "../catalog/privacy-notice";
import { sql, sqlValues } from "../store/statements";

/** How often the embedded API looks for memberships to erase; it also looks once when it starts. */
export const RETENTION_SWEEP_MS = 6 * 60 * 60 * 1000;

export interface Erasure {
  order_id: string;
  erased_on: string;
  policy_ended_on: string;
  members: number;
}

/** The first day a policy that ended on `policyEnd` may no longer hold its members' details. */
export function eraseFrom(policyEnd: string): string {
  return addDays(addMonths(policyEnd, 12 * RETENTION_YEARS), 1);
}

/** The last day of a paid membership's cover: its year, or the end of the last month paid when cancelled. */
function policyEnd(paidAt: number, cancelledCoverEnd: string | null): string {
  return cancelledCoverEnd ?? coverEndDate(istDate(paidAt));
}

/** Erases every membership whose time is up; answers what it erased (counts only). */
export function purgeExpiredMembers(ctx: ApiContext): Erasure[] {
  const today = istDate(ctx.now());
  const held = sql(
    ctx.db,
    `SELECT o.order_id, o.paid_at, c.cover_ends_on FROM orders o
       LEFT JOIN mandate_cancellations c ON c.order_id = o.order_id
      WHERE o.paid_at IS NOT NULL AND EXISTS (SELECT 1 FROM members m WHERE m.order_id = o.order_id)`,
  ).all() as { order_id: string; paid_at: number; cover_ends_on: string | null }[];
  const erased: Erasure[] = [];
  for (const row of held) {
    const ended = policyEnd(row.paid_at, row.cover_ends_on);
    if (today < eraseFrom(ended)) continue;
    const erasure = erase(ctx, row.order_id, ended, today);
    // Another worker's sweep may have erased it in the meantime.
    if (erasure === null) continue;
    erased.push(erasure);
    // An opaque order id and a count: no member's name, email or mobile reaches the log.
    ctx.log({ event: "members_erased", order_id: row.order_id, members: erasure.members, policy_ended_on: ended });
  }
  return erased;
}

function erase(ctx: ApiContext, orderId: string, ended: string, today: string): Erasure | null {
  return writeTransaction(ctx.db, () => {
    const emails = sqlValues(ctx.db, "SELECT DISTINCT email FROM members WHERE order_id = ? AND email IS NOT NULL").all(
      orderId,
    ) as string[];
    const members = sql(ctx.db, "DELETE FROM members WHERE order_id = ?").run(orderId).changes;
    if (members === 0) return null;
    sql(ctx.db, "UPDATE membership_changes SET members = NULL WHERE order_id = ? AND members IS NOT NULL").run(orderId);
    sql(ctx.db, "DELETE FROM census_checks WHERE order_id = ?").run(orderId);
    // Their claims are health data: they go with them, their steps and documents too (decision 0046).
    sql(ctx.db, "DELETE FROM claims WHERE order_id = ?").run(orderId);
    sql(ctx.db, "DELETE FROM employee_sessions WHERE order_id = ?").run(orderId);
    // The outbox's emails to those employees go too, unless another membership still covers the address
    // (one pass over the members left, rather than one for each address).
    const stillHeld = new Set(
      sqlValues(ctx.db, "SELECT DISTINCT email FROM members WHERE email IS NOT NULL").all() as string[],
    );
    for (const email of emails) {
      if (stillHeld.has(email)) continue;
      const ids = sqlValues(ctx.db, "SELECT id FROM email_outbox WHERE to_address = ?").all(email) as number[];
      for (const id of ids) {
        sql(ctx.db, "DELETE FROM email_attachments WHERE email_id = ?").run(id);
        sql(ctx.db, "DELETE FROM email_outbox WHERE id = ?").run(id);
      }
    }
    sql(
      ctx.db,
      `INSERT INTO member_erasures (order_id, erased_on, policy_ended_on, members, erased_at) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (order_id) DO UPDATE SET erased_on = excluded.erased_on, members = member_erasures.members + excluded.members,
           erased_at = excluded.erased_at`,
    ).run(orderId, today, ended, members, ctx.now());
    return { order_id: orderId, erased_on: today, policy_ended_on: ended, members };
  });
}

/**
 * Runs the purge now and every RETENTION_SWEEP_MS, with the removal of expired quotes (a joiner's quote
 * holds their details; docs/decisions/0042); answers a function that stops it.
 */
export function scheduleRetention(ctx: ApiContext, everyMs = RETENTION_SWEEP_MS): () => void {
  const sweep = () => {
    try {
      purgeExpiredMembers(ctx);
      writeTransaction(ctx.db, () => removeExpiredQuotes(ctx, null));
      // Each monthly charge's pre-debit notice, once, two days ahead (docs/product.md, Cancelling the monthly mandate).
      writeTransaction(ctx.db, () => sendPreDebitNotices(ctx));
    } catch (error) {
      // A busy or failing database is tried again at the next sweep; the API keeps serving.
      ctx.log({
        level: "error",
        event: "retention_sweep_failed",
        error: error instanceof Error ? error.message : "unknown",
      });
    }
  };
  sweep();
  const timer = setInterval(sweep, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
