// The emails of an issued policy (docs/product.md, Members, policy and e-cards): to each employee with an
// email, their family's e-cards as one PDF; to the admin, the certificate of insurance. Sent after the
// issuing transaction has committed, claimed once like the invoice email (sandbox/billing/invoices.ts), so a
// failed send never loses the policy and two confirms never send twice.
import { networkHospitalsUrl } from "../catalog/catalog";
import type { ApiContext } from "../shared/context";
import { istDate, longDate } from "../shared/dates";
import { escapeHtml } from "../shared/html";
import { type MemberRow, membersOf } from "./members";
import { type CertificateData, certificateOf } from "./certificate";
import { awaitSending, trackSending } from "../messages/emails-in-flight";
import { drawCertificatePdf, drawECardsPdf } from "../threads/thread-pool";
import { cardsFor } from "./policy-pdf";
import { type PolicyData, policyOf } from "./policy";
import { withDataNotice } from "../catalog/privacy-notice";
import { SELLER } from "../shared/seller";
import { sql } from "../store/statements";

const key = (orderId: string) => `policy:${orderId}`;

function html(lines: string[]): string {
  return `<p>${lines
    .filter((l) => l !== "")
    .map(escapeHtml)
    .join("</p>\n<p>")}</p>`;
}

export function queuePolicyEmails(ctx: ApiContext, orderId: string, adminEmail: string): void {
  const claimed = sql(
    ctx.db,
    "UPDATE policies SET email_status = 'sending' WHERE order_id = ? AND email_status IS NULL",
  ).run(orderId).changes;
  if (claimed !== 1) return;
  const policy = policyOf(ctx, orderId)!;
  const members = membersOf(ctx, orderId);
  const sending = sendAll(ctx, certificateOf(ctx, orderId)!, members, adminEmail).then(
    (failures) => {
      sql(ctx.db, "UPDATE policies SET email_status = ? WHERE order_id = ?").run(
        failures === 0 ? "sent" : "failed",
        orderId,
      );
      // Counts only: no address or name reaches the log (docs/product.md, Personal data).
      ctx.log({ event: "policy_emailed", policy_number: policy.policy_number, failures });
    },
    (error: unknown) => {
      sql(ctx.db, "UPDATE policies SET email_status = 'failed' WHERE order_id = ?").run(orderId);
      ctx.log({
        level: "error",
        event: "policy_email_failed",
        policy_number: policy.policy_number,
        error: error instanceof Error ? error.name : "unknown",
      });
    },
  );
  trackSending(ctx, key(orderId), sending);
}

/** Sends every email, each on its own: one failure does not stop the others. Answers how many failed. */
async function sendAll(
  ctx: ApiContext,
  certificate: CertificateData,
  members: readonly MemberRow[],
  adminEmail: string,
): Promise<number> {
  const p = certificate.policy;
  let failures = 0;
  const attempt = async (send: () => Promise<void>) => {
    try {
      await send();
    } catch {
      failures += 1;
    }
  };
  const period = `${longDate(p.period.from)} to ${longDate(p.period.to)}`;
  await attempt(async () => {
    const lines = [
      `The group health policy for ${p.policyholder.name} is issued: policy number ${p.policy_number}, cover from ${period}.`,
      "",
      `The certificate of insurance is attached. ${p.employees} employees and ${p.lives} lives are covered; every employee with an email address has been sent their family's e-cards.`,
      "",
      `Questions: ${SELLER.support_email} or ${SELLER.support_phone}.`,
    ];
    await ctx.email.send({
      to: adminEmail,
      subject: `Your policy is issued: ${p.policy_number}`,
      text: lines.join("\n"),
      html: html(lines),
      attachments: [
        {
          filename: "certificate-of-insurance.pdf",
          contentType: "application/pdf",
          content: await drawCertificatePdf(certificate),
        },
      ],
    });
  });
  const families = new Map<string, MemberRow[]>();
  for (const m of members) families.set(m.employee_code, [...(families.get(m.employee_code) ?? []), m]);
  for (const family of families.values()) await attempt(() => sendFamilyCards(ctx, p, family));
  return failures;
}

/**
 * One employee's family's e-cards, as one PDF, to the employee's email (none without one): at issue, and
 * for a joiner once their addition is confirmed (docs/product.md, Changes during the year).
 */
export async function sendFamilyCards(
  ctx: ApiContext,
  p: PolicyData,
  family: readonly MemberRow[],
  /** A correction (docs/product.md, Corrections): what was corrected, said first, and the cards issued again. */
  corrected?: string,
): Promise<void> {
  const employee = family.find((m) => m.relationship === "self");
  if (employee?.email == null) return;
  const period = `${longDate(p.period.from)} to ${longDate(p.period.to)}`;
  const lines = withDataNotice([
    `Dear ${employee.full_name},`,
    "",
    ...(corrected === undefined
      ? []
      : [
          `${p.policyholder.name} has corrected ${corrected}. Your e-cards are issued again with the corrected details.`,
          "",
        ]),
    `${p.policyholder.name} has insured you${family.length > 1 ? " and your family" : ""} under group health policy ${p.policy_number} with ${p.insurer.name}, from ${period}.`,
    `Your e-cards are attached (${family.length} ${family.length === 1 ? "card" : "cards"}). Show one at a network hospital for cashless treatment; the cashless helpline is ${p.tpa.cashless_helpline}.`,
    "",
    `Questions: ${SELLER.support_email} or ${SELLER.support_phone}.`,
  ]);
  await ctx.email.send({
    to: employee.email,
    subject:
      corrected === undefined
        ? `Your health insurance e-cards: policy ${p.policy_number}`
        : `Your details are corrected and your e-cards issued again: policy ${p.policy_number}`,
    text: lines.join("\n"),
    html: html(lines),
    attachments: [
      {
        filename: "e-cards.pdf",
        contentType: "application/pdf",
        content: await drawECardsPdf(
          p,
          cardsFor(family, family),
          istDate(ctx.now()),
          networkHospitalsUrl(ctx.publicOrigin),
        ),
      },
    ],
  });
}

/** Waits up to `ms` for a policy's emails, so a confirm answer finds them in the outbox. */
export async function awaitPolicyEmails(ctx: ApiContext, orderId: string, ms: number): Promise<void> {
  await awaitSending(ctx, key(orderId), ms);
}
