// Claims, as the sandbox TPA handles them (docs/product.md, Claims; decision 0046): a cashless intimation
// taken through pre-authorisation to settlement, a reimbursement settled in full, in part or refused. Every
// rule is the API's own (the member is of the caller's family, the dates within their cover, something left
// of the sum insured, one open intimation per admission); the app's forms mirror them. The TPA acts on its
// own clock: each claim's next step is due at `next_at`, and is taken when anyone next reads the family's
// claims; with the test clock every step is due at once.
import { type ApiContext, iso } from "../shared/context";
import { addDays, istDate, longDate } from "../shared/dates";
import { writeTransaction } from "../store/db";
import { HttpError } from "../shared/envelope";
import { EXCLUSIONS } from "../catalog/policy-wording";
import { escapeHtml, formatRupees } from "../shared/html";
import { withDataNotice } from "../catalog/privacy-notice";
import { SELLER } from "../shared/seller";
import { sql, sqlValues } from "../store/statements";
import { TPA } from "../catalog/catalog";
import { type Family, type FamilyCover, familyCover, familyMember, memberCoverEnd } from "./employee";
import { hospitalById } from "./hospitals";
import type { CheckedDocument } from "./documents";

/** The sandbox TPA's turnaround (sample): pre-authorisation within an hour, as the e-card promises. */
export const PREAUTH_MS = 60 * 60_000;
/** The final bill is cleared within three hours of the discharge request (sandbox/policy-wording.ts). */
export const SETTLE_MS = 3 * 60 * 60_000;
/** A reimbursement is assessed within a day (sample; IRDAI allows 30 days). */
export const REVIEW_MS = 24 * 60 * 60_000;
/** The e-card's cashless steps: a planned admission is told at least 48 hours ahead. */
export const PLANNED_NOTICE_DAYS = 2;
/** An emergency admission is told within 24 hours. */
export const EMERGENCY_WINDOW_MS = 24 * 60 * 60_000;
/** A reimbursement is sent within 30 days of discharge (sandbox/policy-wording.ts, REIMBURSEMENT_STEPS). */
export const REIMBURSEMENT_DAYS = 30;
/** The sample rule for non-payable items in a hospital bill: above this, a share is deducted. */
export const NON_MEDICAL_FROM_PAISE = 10_000_00;
export const NON_MEDICAL_SHARE = 0.05;
/** An out-patient bill is paid only this close to a covered stay (sandbox/policy-wording.ts, EXCLUSIONS). */
const BEFORE_STAY_DAYS = 30;
const AFTER_STAY_DAYS = 60;

export const CLAIM_STATUSES = ["intimated", "queried", "approved", "submitted", "settled", "refused"] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];

interface ClaimRow {
  claim_id: string;
  seq: number;
  order_id: string;
  employee_code: string;
  member_id: string;
  kind: "cashless" | "reimbursement";
  admission: "planned" | "emergency" | null;
  care: "inpatient" | "daycare" | "outpatient" | null;
  hospital_id: string | null;
  hospital_name: string;
  treatment_from: string;
  treatment_to: string | null;
  reason: string;
  claimed_paise: number;
  status: ClaimStatus;
  approved_paise: number | null;
  paid_paise: number | null;
  deductions: string;
  query: string | null;
  refusal: string | null;
  next_at: number | null;
  created_at: number;
  updated_at: number;
}

export interface Deduction {
  reason: string;
  paise: number;
}

/** The excluded treatments the sample TPA recognises in a reason, each with the wording's own words. */
const EXCLUDED: ReadonlyArray<readonly [RegExp, string]> = [
  [/\b(cosmetic|plastic surgery|liposuction|rhinoplasty|botox|hair transplant)\b/i, EXCLUSIONS[1]],
  [/\b(spectacles|contact lens(es)?|hearing aids?)\b/i, EXCLUSIONS[2]],
  [/\b(infertility|ivf)\b/i, EXCLUSIONS[4]],
];

function exclusionFor(reason: string): string | null {
  return EXCLUDED.find(([words]) => words.test(reason))?.[1] ?? null;
}

const rupees = (paise: number) => formatRupees(paise);

/** What is left of the family's sum insured: paid claims and approvals still open count against it. */
export function sumInsuredLeft(ctx: ApiContext, family: Family, sumInsuredPaise: number, except = ""): number {
  const used = sqlValues(
    ctx.db,
    `SELECT COALESCE(SUM(CASE WHEN status = 'settled' THEN paid_paise WHEN status = 'approved' THEN approved_paise ELSE 0 END), 0)
       FROM claims WHERE order_id = ? AND employee_code = ? AND claim_id <> ?`,
  ).get(family.orderId, family.employeeCode, except) as number;
  return Math.max(0, sumInsuredPaise - used);
}

/** A message sent to the employee at a step: by email and by SMS, after the step is saved. */
interface Notice {
  claimId: string;
  subject: string;
  lines: string[];
  sms: string;
}

function nextClaimId(ctx: ApiContext): { id: string; seq: number } {
  const seq = sqlValues(ctx.db, "SELECT COALESCE(MAX(seq), 0) + 1 FROM claims").get() as number;
  const year = istDate(ctx.now()).slice(0, 4);
  return { id: `CL-${year}-${String(seq).padStart(6, "0")}`, seq };
}

function addEvent(ctx: ApiContext, claimId: string, status: ClaimStatus, note: string): void {
  const position = sqlValues(ctx.db, "SELECT COALESCE(MAX(position), 0) + 1 FROM claim_events WHERE claim_id = ?").get(
    claimId,
  ) as number;
  sql(ctx.db, "INSERT INTO claim_events (claim_id, position, status, note, at) VALUES (?, ?, ?, ?, ?)").run(
    claimId,
    position,
    status,
    note,
    ctx.now(),
  );
}

/** When the TPA acts next: after `ms`, or at once on the test clock. */
function dueAfter(ctx: ApiContext, ms: number, notBefore = 0): number {
  return ctx.testClock ? ctx.now() : Math.max(ctx.now() + ms, notBefore);
}

/** The first instant of the day after an IST date: a planned stay is settled once it can have ended. */
function dayAfter(date: string): number {
  return Date.parse(`${addDays(date, 1)}T00:00:00+05:30`);
}

function memberCoveredOn(cover: FamilyCover, memberId: string, dates: string[]) {
  const member = familyMember(cover, memberId);
  const from = cover.coverStart(member);
  const to = memberCoverEnd(cover, member);
  if (dates.some((d) => d < from || d > to)) {
    throw new HttpError(
      400,
      `${member.full_name} is covered from ${longDate(from)} to ${longDate(to)}: the dates must fall within that.`,
    );
  }
  return member;
}

function requireSomethingLeft(ctx: ApiContext, family: Family, cover: FamilyCover): number {
  const left = sumInsuredLeft(ctx, family, cover.policy.sum_insured_inr * 100);
  if (left === 0) throw new HttpError(400, "Your family's sum insured for this policy year is used up.");
  return left;
}

export interface IntimationInput {
  member_id: string;
  hospital_id: string;
  admission: "planned" | "emergency";
  admission_date: string;
  /** Emergencies only: the hour of the admission, IST (HH:MM). */
  admission_time?: string;
  reason: string;
  estimate_paise: number;
}

/** A cashless admission told to the TPA: its number, and what to carry, come back at once. */
export async function intimate(ctx: ApiContext, family: Family, input: IntimationInput): Promise<string> {
  const hospital = hospitalById(input.hospital_id);
  if (hospital === undefined) throw new HttpError(400, "Choose a hospital from the network list.");
  if (!hospital.cashless) {
    throw new HttpError(
      400,
      `${hospital.name} takes the e-card for reimbursement only: pay the bill there and claim it back, or choose a cashless hospital.`,
    );
  }
  const today = istDate(ctx.now());
  if (input.admission === "planned" && input.admission_date < addDays(today, PLANNED_NOTICE_DAYS)) {
    throw new HttpError(
      400,
      `Tell the TPA at least 48 hours before a planned admission: choose ${longDate(addDays(today, PLANNED_NOTICE_DAYS))} or later, or intimate it as an emergency once admitted.`,
    );
  }
  if (input.admission === "emergency") {
    if (input.admission_time === undefined) throw new HttpError(400, "Give the time of the emergency admission.");
    const admittedAt = Date.parse(`${input.admission_date}T${input.admission_time}:00+05:30`);
    if (admittedAt > ctx.now()) throw new HttpError(400, "An emergency admission is intimated once it has happened.");
    if (admittedAt < ctx.now() - EMERGENCY_WINDOW_MS) {
      throw new HttpError(
        400,
        `An emergency admission is intimated within 24 hours of it. Call the TPA on ${TPA.cashless_helpline}, or pay the bill and claim it back.`,
      );
    }
  }
  const notices: Notice[] = [];
  const id = writeTransaction(ctx.db, () => {
    const cover = familyCover(ctx, family);
    const member = memberCoveredOn(cover, input.member_id, [input.admission_date]);
    requireSomethingLeft(ctx, family, cover);
    const open = sqlValues(
      ctx.db,
      "SELECT claim_id FROM claims WHERE member_id = ? AND treatment_from = ? AND kind = 'cashless' AND status IN ('intimated', 'queried', 'approved')",
    ).get(member.member_id, input.admission_date) as string | undefined;
    if (open !== undefined) {
      throw new HttpError(409, `This admission is already intimated: ${open}. Its page shows where it stands.`);
    }
    const { id, seq } = nextClaimId(ctx);
    const now = ctx.now();
    sql(
      ctx.db,
      `INSERT INTO claims (claim_id, seq, order_id, employee_code, member_id, kind, admission, hospital_id, hospital_name,
         treatment_from, reason, claimed_paise, status, next_at, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, 'cashless', ?, ?, ?, ?, ?, ?, 'intimated', ?, ?, ?)`,
    ).run(
      id,
      seq,
      family.orderId,
      family.employeeCode,
      member.member_id,
      input.admission,
      hospital.hospital_id,
      hospital.name,
      input.admission_date,
      input.reason,
      input.estimate_paise,
      dueAfter(ctx, PREAUTH_MS),
      now,
      now,
    );
    addEvent(
      ctx,
      id,
      "intimated",
      `Intimated: ${member.full_name}'s ${input.admission} admission at ${hospital.name} on ${longDate(input.admission_date)}.`,
    );
    notices.push({
      claimId: id,
      subject: `Cashless claim ${id}: intimation received`,
      lines: [
        `Your intimation for ${member.full_name}'s admission at ${hospital.name} on ${longDate(input.admission_date)} is received. Your intimation number is ${id}.`,
        `At the hospital's insurance desk, show ${member.full_name}'s e-card and a photo ID (Aadhaar, PAN card, passport or driving licence), and give this number.`,
        "The TPA answers the hospital's request for pre-authorisation within an hour.",
      ],
      sms: `Kavach: cashless intimation ${id} received for ${hospital.name}. Carry the e-card and a photo ID.`,
    });
    return id;
  });
  await advanceClaims(ctx, family, notices);
  return id;
}

export interface ReimbursementInput {
  member_id: string;
  care: "inpatient" | "daycare" | "outpatient";
  hospital_name: string;
  treatment_from: string;
  treatment_to: string;
  reason: string;
  amount_paise: number;
}

/** A bill already paid, with its documents: saved whole, or (any rule broken) not at all. */
export async function fileReimbursement(
  ctx: ApiContext,
  family: Family,
  input: ReimbursementInput,
  documents: CheckedDocument[],
): Promise<string> {
  const today = istDate(ctx.now());
  if (input.treatment_to < input.treatment_from)
    throw new HttpError(400, "The last day of treatment is before the first.");
  if (input.treatment_to > today) throw new HttpError(400, "A bill is claimed once the treatment is over.");
  if (input.treatment_to < addDays(today, -REIMBURSEMENT_DAYS)) {
    throw new HttpError(400, `A bill is claimed within ${REIMBURSEMENT_DAYS} days of the treatment's last day.`);
  }
  const notices: Notice[] = [];
  const id = writeTransaction(ctx.db, () => {
    const cover = familyCover(ctx, family);
    const member = memberCoveredOn(cover, input.member_id, [input.treatment_from, input.treatment_to]);
    requireSomethingLeft(ctx, family, cover);
    const { id, seq } = nextClaimId(ctx);
    const now = ctx.now();
    sql(
      ctx.db,
      `INSERT INTO claims (claim_id, seq, order_id, employee_code, member_id, kind, care, hospital_name, treatment_from,
         treatment_to, reason, claimed_paise, status, next_at, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, 'reimbursement', ?, ?, ?, ?, ?, ?, 'submitted', ?, ?, ?)`,
    ).run(
      id,
      seq,
      family.orderId,
      family.employeeCode,
      member.member_id,
      input.care,
      input.hospital_name,
      input.treatment_from,
      input.treatment_to,
      input.reason,
      input.amount_paise,
      dueAfter(ctx, REVIEW_MS),
      now,
      now,
    );
    const insert = sql(
      ctx.db,
      "INSERT INTO claim_documents (claim_id, position, file_name, content_type, size, content) VALUES (?, ?, ?, ?, ?, ?)",
    );
    documents.forEach((d, i) => insert.run(id, i + 1, d.fileName, d.contentType, d.bytes.length, d.bytes));
    addEvent(
      ctx,
      id,
      "submitted",
      `Submitted: ${member.full_name}'s bill of ${rupees(input.amount_paise)} from ${input.hospital_name}, with ${documents.length} document${documents.length === 1 ? "" : "s"}.`,
    );
    notices.push({
      claimId: id,
      subject: `Reimbursement claim ${id}: received`,
      lines: [
        `Your claim for ${member.full_name}'s bill of ${rupees(input.amount_paise)} from ${input.hospital_name} is received, with ${documents.length} document${documents.length === 1 ? "" : "s"}. Its number is ${id}.`,
        "The TPA assesses it within a day and pays the approved amount into your bank account.",
      ],
      sms: `Kavach: reimbursement claim ${id} for ${rupees(input.amount_paise)} received.`,
    });
    return id;
  });
  await advanceClaims(ctx, family, notices);
  return id;
}

/** The employee's answer to the TPA's query: the request goes back to the TPA with it. */
export async function answerQuery(ctx: ApiContext, family: Family, claimId: string, answer: string): Promise<void> {
  writeTransaction(ctx.db, () => {
    const row = claimRow(ctx, family, claimId);
    if (row.status !== "queried") throw new HttpError(409, "The TPA has no question open on this claim.");
    sql(ctx.db, "UPDATE claims SET status = 'intimated', next_at = ?, updated_at = ? WHERE claim_id = ?").run(
      dueAfter(ctx, PREAUTH_MS),
      ctx.now(),
      claimId,
    );
    addEvent(ctx, claimId, "intimated", `You answered the TPA: ${answer}`);
  });
  await advanceClaims(ctx, family);
}

function claimRow(ctx: ApiContext, family: Family, claimId: string): ClaimRow {
  const row = sql(ctx.db, "SELECT * FROM claims WHERE claim_id = ? AND order_id = ? AND employee_code = ?").get(
    claimId,
    family.orderId,
    family.employeeCode,
  ) as ClaimRow | undefined;
  // Another family's claim is not found, exactly as one that does not exist.
  if (row === undefined) throw new HttpError(404, "There is no such claim.");
  return row;
}

/** An out-patient bill is paid when it falls within 30 days before or 60 days after a covered stay. */
function nearCoveredStay(ctx: ApiContext, row: ClaimRow): boolean {
  return (
    sqlValues(
      ctx.db,
      `SELECT 1 FROM claims WHERE member_id = ? AND status = 'settled' AND paid_paise > 0 AND claim_id <> ?
         AND (kind = 'cashless' OR care IN ('inpatient', 'daycare'))
         AND treatment_from <= ? AND COALESCE(treatment_to, treatment_from) >= ?`,
    ).get(
      row.member_id,
      row.claim_id,
      addDays(row.treatment_from, BEFORE_STAY_DAYS),
      addDays(row.treatment_from, -AFTER_STAY_DAYS),
    ) !== undefined
  );
}

/** One step the TPA takes on a claim whose time has come; answers the notice it sends. */
function takeStep(ctx: ApiContext, family: Family, row: ClaimRow, sumInsuredPaise: number): Notice {
  const left = sumInsuredLeft(ctx, family, sumInsuredPaise, row.claim_id);
  const update = (set: string, ...values: Array<string | number | null>) =>
    sql(ctx.db, `UPDATE claims SET ${set}, updated_at = ? WHERE claim_id = ?`).run(...values, ctx.now(), row.claim_id);
  const notice = (subject: string, line: string, sms: string): Notice => ({
    claimId: row.claim_id,
    subject: `${row.kind === "cashless" ? "Cashless" : "Reimbursement"} claim ${row.claim_id}: ${subject}`,
    lines: [line],
    sms: `Kavach: claim ${row.claim_id} ${sms}`,
  });
  const refuse = (reason: string): Notice => {
    update("status = 'refused', refusal = ?, paid_paise = 0, next_at = NULL", reason);
    addEvent(ctx, row.claim_id, "refused", `Refused: ${reason}`);
    return notice("refused", `The TPA has refused the claim: ${reason}`, "is refused. The reason is on its page.");
  };

  if (row.status === "intimated") {
    const excluded = exclusionFor(row.reason);
    if (excluded !== null) return refuse(`not covered by the policy wording: ${excluded}`);
    if (left === 0) return refuse("your family's sum insured for this policy year is used up.");
    // A query answered: the family pays what the sum insured left does not.
    if (row.claimed_paise > left && row.query === null) {
      const query = `The hospital's estimate of ${rupees(row.claimed_paise)} is more than the ${rupees(left)} left of your family's sum insured. Confirm that you will pay the difference at discharge, and the TPA will approve ${rupees(left)}.`;
      update("status = 'queried', query = ?, next_at = NULL", query);
      addEvent(ctx, row.claim_id, "queried", `Query from the TPA: ${query}`);
      return notice("a question from the TPA", query, "has a question from the TPA. Answer it on the claim's page.");
    }
    const approved = Math.min(row.claimed_paise, left);
    update(
      "status = 'approved', approved_paise = ?, next_at = ?",
      approved,
      dueAfter(ctx, SETTLE_MS, dayAfter(row.treatment_from)),
    );
    const line = `Pre-authorisation approved for ${rupees(approved)} at ${row.hospital_name}. The hospital bills the TPA directly; pay only what is not covered.`;
    addEvent(ctx, row.claim_id, "approved", line);
    return notice(`approved for ${rupees(approved)}`, line, `is approved for ${rupees(approved)}.`);
  }

  if (row.status === "approved") {
    const paid = Math.min(row.approved_paise ?? 0, left);
    const deductions: Deduction[] =
      paid < (row.approved_paise ?? 0)
        ? [{ reason: "Beyond your family's sum insured left", paise: (row.approved_paise ?? 0) - paid }]
        : [];
    update("status = 'settled', paid_paise = ?, deductions = ?, next_at = NULL", paid, JSON.stringify(deductions));
    const line = `Settled: the TPA paid ${row.hospital_name} ${rupees(paid)}.`;
    addEvent(ctx, row.claim_id, "settled", line);
    return notice(`settled for ${rupees(paid)}`, line, `is settled: ${rupees(paid)} paid to the hospital.`);
  }

  // A reimbursement, assessed.
  const excluded = exclusionFor(row.reason);
  if (excluded !== null) return refuse(`not covered by the policy wording: ${excluded}`);
  if (row.care === "outpatient" && !nearCoveredStay(ctx, row))
    return refuse(`not covered by the policy wording: ${EXCLUSIONS[0]}`);
  if (left === 0) return refuse("your family's sum insured for this policy year is used up.");
  const deductions: Deduction[] = [];
  if (row.care !== "outpatient" && row.claimed_paise > NON_MEDICAL_FROM_PAISE) {
    deductions.push({
      reason:
        "Non-medical items in the bill (registration, toiletries, attendant's food), which the wording does not pay: 5% of the bill, the sample TPA's rule",
      paise: Math.round(row.claimed_paise * NON_MEDICAL_SHARE),
    });
  }
  const payable = row.claimed_paise - deductions.reduce((sum, d) => sum + d.paise, 0);
  if (payable > left) deductions.push({ reason: "Beyond your family's sum insured left", paise: payable - left });
  const paid = Math.min(payable, left);
  update("status = 'settled', paid_paise = ?, deductions = ?, next_at = NULL", paid, JSON.stringify(deductions));
  const part = deductions.length > 0;
  const line = part
    ? `Settled in part: ${rupees(paid)} of ${rupees(row.claimed_paise)} paid into your bank account; ${deductions.map((d) => `${rupees(d.paise)} deducted (${d.reason})`).join("; ")}.`
    : `Settled in full: ${rupees(paid)} paid into your bank account.`;
  addEvent(ctx, row.claim_id, "settled", line);
  return notice(`settled for ${rupees(paid)}`, line, `is settled: ${rupees(paid)} paid into your bank account.`);
}

/**
 * Takes every step of the family's claims whose time has come, oldest claim first, each once (the
 * IMMEDIATE transaction reads what is due inside it), then sends what each step tells the employee.
 */
export async function advanceClaims(ctx: ApiContext, family: Family, earlier: Notice[] = []): Promise<void> {
  const notices = [...earlier];
  let cover: FamilyCover | undefined;
  writeTransaction(ctx.db, () => {
    for (let round = 0; round < 4; round++) {
      const due = sql(
        ctx.db,
        "SELECT * FROM claims WHERE order_id = ? AND employee_code = ? AND next_at IS NOT NULL AND next_at <= ? ORDER BY seq",
      ).all(family.orderId, family.employeeCode, ctx.now()) as ClaimRow[];
      if (due.length === 0) break;
      cover ??= familyCover(ctx, family);
      for (const row of due) notices.push(takeStep(ctx, family, row, cover.policy.sum_insured_inr * 100));
    }
  });
  if (notices.length === 0) return;
  cover ??= familyCover(ctx, family);
  await sendNotices(ctx, cover, notices);
}

async function sendNotices(ctx: ApiContext, cover: FamilyCover, notices: Notice[]): Promise<void> {
  const link = `${ctx.publicOrigin}/cover/claims`;
  const sends: Array<Promise<void> | void> = [];
  for (const n of notices) {
    if (cover.mobile !== null) sends.push(ctx.sms.send(cover.mobile, `${n.sms} ${link}/${n.claimId}`));
    if (cover.email !== null) {
      // Every email to an employee carries the personal-data notice (docs/decisions/0039).
      const lines = withDataNotice([
        `Dear ${cover.employee.full_name},`,
        "",
        ...n.lines,
        "",
        `Where it stands, step by step: ${link}/${n.claimId}`,
        `Questions: the TPA on ${TPA.cashless_helpline} (24 hours), or ${SELLER.support_email}.`,
      ]);
      sends.push(
        ctx.email.send({
          to: cover.email,
          subject: n.subject,
          text: lines.join("\n"),
          html: lines.map((l) => (l === "" ? "" : `<p>${escapeHtml(l)}</p>`)).join("\n"),
          attachments: [],
        }),
      );
    }
  }
  for (const result of await Promise.allSettled(sends)) {
    if (result.status === "rejected") {
      ctx.log({ level: "error", event: "claim_notice_failed", error: String(result.reason) });
    }
  }
}

export function claimJson(ctx: ApiContext, row: ClaimRow, withDocuments: boolean) {
  const events = sql(ctx.db, "SELECT status, note, at FROM claim_events WHERE claim_id = ? ORDER BY position").all(
    row.claim_id,
  ) as { status: string; note: string; at: number }[];
  const documents = withDocuments
    ? (sql(
        ctx.db,
        "SELECT position, file_name, content_type, size FROM claim_documents WHERE claim_id = ? ORDER BY position",
      ).all(row.claim_id) as { position: number; file_name: string; content_type: string; size: number }[])
    : [];
  return {
    claim_id: row.claim_id,
    kind: row.kind,
    member_id: row.member_id,
    admission: row.admission,
    care: row.care,
    hospital_id: row.hospital_id,
    hospital_name: row.hospital_name,
    treatment_from: row.treatment_from,
    treatment_to: row.treatment_to,
    reason: row.reason,
    claimed_paise: row.claimed_paise,
    status: row.status,
    approved_paise: row.approved_paise,
    paid_paise: row.paid_paise,
    deductions: JSON.parse(row.deductions) as Deduction[],
    query: row.query,
    refusal: row.refusal,
    next_step_due_at: row.next_at === null ? null : iso(row.next_at),
    created_at: iso(row.created_at),
    events: events.map((e) => ({ ...e, at: iso(e.at) })),
    documents,
  };
}

export function familyClaims(ctx: ApiContext, family: Family) {
  const rows = sql(ctx.db, "SELECT * FROM claims WHERE order_id = ? AND employee_code = ? ORDER BY seq DESC").all(
    family.orderId,
    family.employeeCode,
  ) as ClaimRow[];
  return rows.map((r) => claimJson(ctx, r, false));
}

export function familyClaim(ctx: ApiContext, family: Family, claimId: string) {
  return claimJson(ctx, claimRow(ctx, family, claimId), true);
}

export function claimDocument(ctx: ApiContext, family: Family, claimId: string, position: number) {
  claimRow(ctx, family, claimId);
  const doc = sql(
    ctx.db,
    "SELECT file_name, content_type, content FROM claim_documents WHERE claim_id = ? AND position = ?",
  ).get(claimId, position) as { file_name: string; content_type: string; content: Buffer } | undefined;
  if (doc === undefined) throw new HttpError(404, "There is no such document.");
  return doc;
}

/** The family's sum insured for the policy year: what is paid, what approvals hold, what is left. */
export function sumInsuredJson(ctx: ApiContext, family: Family, cover: FamilyCover) {
  const total = cover.policy.sum_insured_inr * 100;
  const sums = sql(
    ctx.db,
    `SELECT COALESCE(SUM(CASE WHEN status = 'settled' THEN paid_paise ELSE 0 END), 0) AS paid,
            COALESCE(SUM(CASE WHEN status = 'approved' THEN approved_paise ELSE 0 END), 0) AS held
       FROM claims WHERE order_id = ? AND employee_code = ?`,
  ).get(family.orderId, family.employeeCode) as { paid: number; held: number };
  return {
    total_paise: total,
    paid_paise: sums.paid,
    held_paise: sums.held,
    left_paise: Math.max(0, total - sums.paid - sums.held),
  };
}
