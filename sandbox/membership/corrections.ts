// Self-serve corrections of a member's details (docs/product.md, Corrections; decision 0057): a name (a
// newborn's temporary one too), a date of birth, a gender, a mobile or an email, corrected by the admin.
// The census's own row rules and the plan's age limits apply; one that leaves the premium as it is is saved
// at once, recorded for the statement and, once the policy is issued, endorsed; one that would move the
// employee's age band changes the premium and is refused here with the reason (decision 0057).
import { randomUUID } from "node:crypto";
import { type ApiContext, iso } from "../shared/context";
import { istDate, longDate } from "../shared/dates";
import { coverHasEnded } from "../shared/cover-dates";
import { HttpError } from "../shared/envelope";
import { writeTransaction } from "../store/db";
import { sql } from "../store/statements";
import {
  CHILD_AGE_LIMIT,
  EMPLOYEE_AGES,
  type MemberInput,
  type Rejection,
  SPOUSE_MIN_AGE,
  ageOn,
  bandBounds,
  bandLabel,
  readRow,
} from "./census";
import { type MemberRow, type PaidMembership, familyOf, memberJson, memberOf } from "./members";
import { policyOf } from "./policy";
import { nextEndorsement } from "./endorsements";
import { policyNow } from "./certificate";
import { sendFamilyCards } from "./policy-email";
import { awaitSending, trackSending } from "../messages/emails-in-flight";
import { CORRECTABLE, type Correctable, FIELD_WORDS } from "./correction-fields";

export type CorrectionInput = Partial<Record<Correctable, string | null>>;

export interface CorrectionRow {
  correction_id: string;
  order_id: string;
  member_id: string;
  employee_code: string;
  relationship: string;
  fields: string;
  corrected_at: number;
  corrected_by: string;
  endorsement_number: string | null;
}

export function correctionJson(row: CorrectionRow) {
  return {
    correction_id: row.correction_id,
    member_id: row.member_id,
    employee_code: row.employee_code,
    relationship: row.relationship,
    fields: JSON.parse(row.fields) as Correctable[],
    corrected_at: iso(row.corrected_at),
    corrected_by: row.corrected_by,
    endorsement_number: row.endorsement_number,
  };
}
export type CorrectionJson = ReturnType<typeof correctionJson>;

const rowsNeedFixing = (rejected: Rejection[]) => new HttpError(422, "Some details need fixing", { rejected });

/**
 * The day a family's ages are read on: the employee's first day in the membership (their date of joining
 * when they joined during the year, else the cover's start), as the census and a joiner's quote read them.
 */
function ageDay(m: PaidMembership, employee: MemberRow): string {
  const joined = employee.date_of_joining;
  return joined !== null && joined > m.coverStart ? joined : m.coverStart;
}

/**
 * The plan's age rules for a corrected date of birth (docs/product.md, The member census): an employee
 * aged 18 to 65 and in the band their premium was priced on, a spouse 18 or older, a child under 25.
 */
function checkAge(m: PaidMembership, member: MemberRow, employee: MemberRow, person: MemberInput): void {
  const on = ageDay(m, employee);
  const age = ageOn(person.date_of_birth, on);
  const fail = (message: string) =>
    rowsNeedFixing([{ row_number: 1, column: "date_of_birth", value: person.date_of_birth, message }]);
  const aged = `Aged ${age} on ${longDate(on)}`;
  if (member.relationship === "self") {
    if (age < EMPLOYEE_AGES.min || age > EMPLOYEE_AGES.max)
      throw fail(`${aged}: cover is for employees aged ${EMPLOYEE_AGES.min} to ${EMPLOYEE_AGES.max}`);
    const bounds = bandBounds(member.band);
    if (bounds !== null && (age < bounds.min || age > bounds.max)) {
      // Another band is another premium: not a correction made here (decision 0057).
      throw fail(
        `${aged}: that moves them from the ${bandLabel(member.band)} band, which their premium was priced on, and changes the premium. Ask support to make this correction.`,
      );
    }
  } else if (member.relationship === "spouse") {
    if (age < SPOUSE_MIN_AGE) throw fail(`${aged}: a spouse must be ${SPOUSE_MIN_AGE} or older`);
  } else if (age >= CHILD_AGE_LIMIT) {
    throw fail(`${aged}: children are covered until they turn ${CHILD_AGE_LIMIT}`);
  }
}

/**
 * Corrects one member of this membership: another company's member, or an unknown one, is not found; a
 * member whose cover has ended is not corrected. Saves the member, the correction and its endorsement in
 * one IMMEDIATE transaction, then emails the employee their family's e-cards, issued again.
 */
export function correctMember(
  ctx: ApiContext,
  m: PaidMembership,
  memberId: string,
  input: CorrectionInput,
  by: string,
): { member: ReturnType<typeof memberJson>; correction: CorrectionJson } {
  const orderId = m.order.order_id;
  const done = writeTransaction(ctx.db, () => {
    const member = memberOf(ctx, orderId, memberId);
    if (member === undefined) throw new HttpError(404, "There is no such member in your team.");
    // An ended policy's papers stand as they were (docs/product.md, Renewal): its e-cards are expired.
    if (coverHasEnded(m.coverEnd, istDate(ctx.now())))
      throw new HttpError(
        409,
        `The cover ended on ${longDate(m.coverEnd)}: its members' details are no longer corrected.`,
      );
    if (member.cover_ended_on !== null) {
      throw new HttpError(
        409,
        `${member.full_name}'s cover ended on ${longDate(member.cover_ended_on)}: their details are no longer corrected.`,
      );
    }
    const family = familyOf(ctx, orderId, member.employee_code);
    const employee = family.find((f) => f.relationship === "self") ?? member;
    const asked = { ...pick(member), ...input };
    const read = readRow(
      {
        row_number: 1,
        employee_code: member.employee_code,
        relationship: member.relationship,
        date_of_joining: member.date_of_joining,
        ...asked,
      },
      istDate(ctx.now()),
    );
    if ("problems" in read) throw rowsNeedFixing(read.problems);
    const person = read.member;
    const fields = CORRECTABLE.filter((f) => (person[f] ?? null) !== (member[f] ?? null));
    if (fields.length === 0) throw new HttpError(422, "Nothing was changed: correct at least one detail.");
    if (fields.includes("date_of_birth")) checkAge(m, member, employee, person);
    const clash = family.some(
      (f) =>
        f.member_id !== member.member_id &&
        f.full_name.trim().toLowerCase() === person.full_name.toLowerCase() &&
        f.date_of_birth === person.date_of_birth,
    );
    if (clash) {
      throw rowsNeedFixing([
        { row_number: 1, column: "full_name", value: person.full_name, message: "This person is already on the list" },
      ]);
    }
    sql(
      ctx.db,
      `UPDATE members SET full_name = @full_name, gender = @gender, date_of_birth = @date_of_birth, mobile = @mobile,
         email = @email, age_on_cover_start = @age WHERE order_id = @order AND member_id = @id`,
    ).run({
      full_name: person.full_name,
      gender: person.gender,
      date_of_birth: person.date_of_birth,
      mobile: person.mobile,
      email: person.email,
      age: ageOn(person.date_of_birth, ageDay(m, employee)),
      order: orderId,
      id: member.member_id,
    });
    const policy = policyOf(ctx, orderId);
    const endorsement = policy === undefined ? null : nextEndorsement(ctx, policy.policy_number);
    const row: CorrectionRow = {
      correction_id: `KVX-${randomUUID()}`,
      order_id: orderId,
      member_id: member.member_id,
      employee_code: member.employee_code,
      relationship: member.relationship,
      fields: JSON.stringify(fields),
      corrected_at: ctx.now(),
      corrected_by: by,
      endorsement_number: endorsement?.number ?? null,
    };
    sql(
      ctx.db,
      `INSERT INTO member_corrections (correction_id, order_id, member_id, employee_code, relationship, fields,
         corrected_at, corrected_by, endorsement_number, policy_number, endorsement_seq)
       VALUES (@correction_id, @order_id, @member_id, @employee_code, @relationship, @fields, @corrected_at,
         @corrected_by, @endorsement_number, @policy_number, @endorsement_seq)`,
    ).run({ ...row, policy_number: policy?.policy_number ?? null, endorsement_seq: endorsement?.seq ?? null });
    if (endorsement !== null) {
      ctx.log({ event: "endorsement_issued", endorsement: endorsement.number, policy_number: policy!.policy_number });
    }
    return { row, member: memberOf(ctx, orderId, member.member_id)!, issued: policy !== undefined };
  });
  if (done.issued) queueCorrectionEmail(ctx, done.row);
  return { member: memberJson(done.member), correction: correctionJson(done.row) };
}

const pick = (member: MemberRow): CorrectionInput =>
  Object.fromEntries(CORRECTABLE.map((f) => [f, member[f]])) as CorrectionInput;

const key = (correctionId: string) => `correction:${correctionId}`;

/** What a correction's email says was corrected: "Asha Verma's date of birth". */
export function correctedWords(name: string, fields: readonly Correctable[]): string {
  const words = fields.map((f) => FIELD_WORDS[f]);
  const list = words.length === 1 ? words[0]! : `${words.slice(0, -1).join(", ")} and ${words.at(-1)!}`;
  return `${name}'s ${list}`;
}

/** The employee is emailed their family's e-cards, issued again with the corrected details (after the commit). */
function queueCorrectionEmail(ctx: ApiContext, row: CorrectionRow): void {
  const family = familyOf(ctx, row.order_id, row.employee_code).filter((f) => f.e_card_status === "issued");
  const member = family.find((f) => f.member_id === row.member_id);
  if (member === undefined) return;
  const what = correctedWords(member.full_name, JSON.parse(row.fields) as Correctable[]);
  const sending = sendFamilyCards(ctx, policyNow(ctx, row.order_id).policy, family, what).then(
    () => ctx.log({ event: "correction_emailed", correction_id: row.correction_id }),
    (error: unknown) =>
      ctx.log({
        level: "error",
        event: "correction_email_failed",
        correction_id: row.correction_id,
        error: error instanceof Error ? error.message : String(error),
      }),
  );
  trackSending(ctx, key(row.correction_id), sending);
}

export async function awaitCorrectionEmail(ctx: ApiContext, correctionId: string, ms: number): Promise<void> {
  await awaitSending(ctx, key(correctionId), ms);
}

/** The membership's corrections, oldest first, as the statement lists them. */
export function correctionsOf(ctx: ApiContext, m: PaidMembership): CorrectionJson[] {
  return (
    sql(ctx.db, "SELECT * FROM member_corrections WHERE order_id = ? ORDER BY corrected_at, correction_id").all(
      m.order.order_id,
    ) as CorrectionRow[]
  ).map(correctionJson);
}
