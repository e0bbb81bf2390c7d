// The emails of an endorsement (docs/product.md, The policy's papers; decision 0038): to the admin, the
// certificate issued again with it; for a leaver, to the employee (when they have an email), the day their
// cover ends. Sent after the confirming transaction has committed, claimed once per endorsement like the
// policy's emails (sandbox/membership/policy-email.ts), so a failed send never undoes the change.
import { type CertificateData, certificateOf } from "./certificate";
import type { ApiContext } from "../shared/context";
import { longDate } from "../shared/dates";
import { awaitSending, trackSending } from "../messages/emails-in-flight";
import { type Endorsement, endorsementOfChange } from "./endorsements";
import { escapeHtml } from "../shared/html";
import { familyOf } from "./members";
import type { PolicyData } from "./policy";
import { drawCertificatePdf } from "../threads/thread-pool";
import { withDataNotice } from "../catalog/privacy-notice";
import { SELLER } from "../shared/seller";
import { sql } from "../store/statements";

const key = (changeId: string) => `endorsement:${changeId}`;

function html(lines: string[]): string {
  return `<p>${lines
    .filter((l) => l !== "")
    .map(escapeHtml)
    .join("</p>\n<p>")}</p>`;
}

/** Queues the emails of a change's endorsement, if it has one not yet claimed. */
export function queueEndorsementEmails(ctx: ApiContext, changeId: string): void {
  const endorsement = endorsementOfChange(ctx, changeId);
  if (endorsement === undefined) return;
  const claimed = sql(
    ctx.db,
    "UPDATE endorsements SET email_status = 'sending' WHERE change_id = ? AND email_status IS NULL",
  ).run(changeId).changes;
  if (claimed !== 1) return;
  const mark = (status: "sent" | "failed") =>
    sql(ctx.db, "UPDATE endorsements SET email_status = ? WHERE change_id = ?").run(status, changeId);
  const sending = send(ctx, endorsement).then(
    () => {
      mark("sent");
      // Numbers only: no name or address reaches the log (docs/product.md, Personal data).
      ctx.log({ event: "endorsement_emailed", endorsement: endorsement.number });
    },
    (error: unknown) => {
      mark("failed");
      ctx.log({
        level: "error",
        event: "endorsement_email_failed",
        endorsement: endorsement.number,
        error: error instanceof Error ? error.name : "unknown",
      });
    },
  );
  trackSending(ctx, key(changeId), sending);
}

/** Sends each email on its own: the leaver hears of their cover's end even if the admin's email failed. */
async function send(ctx: ApiContext, e: Endorsement): Promise<void> {
  const certificate = certificateOf(ctx, e.change.order_id)!;
  const results = await Promise.allSettled([
    sendCertificate(ctx, e, certificate),
    e.change.kind === "remove" ? sendCoverEnd(ctx, e, certificate.policy) : Promise.resolve(),
  ]);
  const failed = results.find((r) => r.status === "rejected");
  if (failed !== undefined) throw failed.reason;
}

async function sendCertificate(ctx: ApiContext, e: Endorsement, certificate: CertificateData): Promise<void> {
  const p = certificate.policy;
  const line = certificate.endorsements.find((l) => l.number === e.number)!;
  const lines = [
    `Endorsement ${e.number} to group health policy ${p.policy_number} of ${p.policyholder.name}, effective ${longDate(line.effective_date)}:`,
    line.description,
    "",
    `The certificate of insurance is issued again with it (attached): it lists every endorsement and the ${certificate.lives} lives covered today.`,
    "",
    `Questions: ${SELLER.support_email} or ${SELLER.support_phone}.`,
  ];
  await ctx.email.send({
    to: e.email_to,
    subject: `Certificate of insurance issued again: endorsement ${e.number}`,
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
}

/** A leaver is told the last day of their (and their family's) cover, and what is open to them. */
async function sendCoverEnd(ctx: ApiContext, e: Endorsement, p: PolicyData): Promise<void> {
  const family = familyOf(ctx, e.change.order_id, e.change.employee_code);
  const employee = family.find((m) => m.relationship === "self");
  if (employee?.email == null) return;
  const lastDay = longDate(e.change.effective_date);
  const others = family.filter((m) => m !== employee).map((m) => m.full_name);
  // Every email to an employee carries the personal-data notice (docs/decisions/0039).
  const lines = withDataNotice([
    `Dear ${employee.full_name},`,
    "",
    `Your health cover under ${p.policyholder.name}'s group health policy ${p.policy_number} with ${p.insurer.name} ends on ${lastDay}, your last day with the policy${others.length > 0 ? `; so does the cover of ${others.join(", ")}` : ""}.`,
    `Treatment up to and including ${lastDay} is covered as before; your e-cards are not valid after that day.`,
    `If you want to keep health cover, ask ${p.insurer.name} before ${lastDay} about continuing on an individual policy (migration) with credit for the time you were covered.`,
    "",
    `Questions: ${SELLER.support_email} or ${SELLER.support_phone}.`,
  ]);
  await ctx.email.send({
    to: employee.email,
    subject: `Your health cover ends on ${lastDay}: policy ${p.policy_number}`,
    text: lines.join("\n"),
    html: html(lines),
    attachments: [],
  });
}

/** Waits up to `ms` for an endorsement's emails, so a confirm answer finds them in the outbox. */
export async function awaitEndorsementEmails(ctx: ApiContext, changeId: string, ms: number): Promise<void> {
  await awaitSending(ctx, key(changeId), ms);
}
