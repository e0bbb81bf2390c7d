// The admin's view of claims (docs/product.md, Claims; decision 0046): how many, in what state, for how
// much, and the claims ratio a renewal is priced on. Never a member's name, a diagnosis or a document: under
// the DPDP Act the employer has no need for an employee's health data. A leaver is named by employee code
// only where a paid claim bears on their refund.
import type { ApiContext } from "../shared/context";
import { certificateOf } from "../membership/certificate";
import { istDate } from "../shared/dates";
import { cancellationOf, monthsPaidBy } from "../billing/mandate";
import type { PaidMembership } from "../membership/members";
import { sql, sqlValues } from "../store/statements";
import { CLAIM_STATUSES, advanceClaims } from "./claims";

export const CLAIMS_SAMPLE_NOTE =
  "Sample data: the sandbox TPA settles these claims by its own sample rules and turnaround (pre-authorisation within an hour, settlement within three hours of discharge, a reimbursement within a day).";

export async function employerClaimsSummary(ctx: ApiContext, m: PaidMembership) {
  const orderId = m.order.order_id;
  // The TPA's steps that are due are taken first, so the admin sees what the employees see.
  const waiting = sqlValues(
    ctx.db,
    "SELECT DISTINCT employee_code FROM claims WHERE order_id = ? AND next_at IS NOT NULL AND next_at <= ?",
  ).all(orderId, ctx.now()) as string[];
  for (const employeeCode of waiting) await advanceClaims(ctx, { orderId, employeeCode });

  const rows = sql(
    ctx.db,
    `SELECT status, COUNT(*) AS count, SUM(claimed_paise) AS claimed_paise, COALESCE(SUM(paid_paise), 0) AS paid_paise
       FROM claims WHERE order_id = ? GROUP BY status`,
  ).all(orderId) as { status: string; count: number; claimed_paise: number; paid_paise: number }[];
  const byStatus = CLAIM_STATUSES.map((status) => {
    const row = rows.find((r) => r.status === status);
    return {
      status,
      count: row?.count ?? 0,
      claimed_paise: row?.claimed_paise ?? 0,
      paid_paise: row?.paid_paise ?? 0,
    };
  }).filter((s) => s.count > 0);
  const count = byStatus.reduce((sum, s) => sum + s.count, 0);
  const claimed = byStatus.reduce((sum, s) => sum + s.claimed_paise, 0);
  const paid = byStatus.reduce((sum, s) => sum + s.paid_paise, 0);

  // The premium so far: the health insurance share of the purchase, without GST; a monthly policy's for the
  // months collected. Changes during the year are left out of this sample figure.
  const certificate = certificateOf(ctx, orderId);
  let premium = 0;
  if (certificate !== undefined) {
    const cancelled = cancellationOf(ctx, orderId);
    const months =
      certificate.premium.billing === "monthly"
        ? (cancelled?.months_paid ?? monthsPaidBy(m.coverStart, istDate(ctx.now())))
        : 1;
    premium = certificate.premium.premium_paise * months;
  }
  const leavers = sqlValues(
    ctx.db,
    `SELECT DISTINCT c.employee_code FROM claims c
       JOIN members m ON m.order_id = c.order_id AND m.employee_code = c.employee_code AND m.relationship = 'self'
      WHERE c.order_id = ? AND c.status = 'settled' AND c.paid_paise > 0 AND m.cover_ended_on IS NOT NULL
      ORDER BY c.employee_code`,
  ).all(orderId) as string[];
  return {
    count,
    claimed_paise: claimed,
    paid_paise: paid,
    by_status: byStatus,
    premium_paise: premium,
    claims_ratio_pct: premium === 0 ? null : Math.round((paid / premium) * 1000) / 10,
    leavers_with_paid_claims: leavers,
    sample: true,
    note: CLAIMS_SAMPLE_NOTE,
  };
}
