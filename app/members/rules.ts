import { z } from "zod";
import { normaliseMobile } from "~/validation/fields";

/**
 * The row rules of the member census (docs/api-contract.md, Members, policy and e-cards), mirrored
 * from the API with its words: the app checks a row before sending it, the API checks it again
 * with what was bought (bands, family covers, counts), and a test keeps the two in step.
 */

export const MEMBER_COLUMNS = [
  "employee_code",
  "full_name",
  "gender",
  "date_of_birth",
  "relationship",
  "mobile",
  "email",
  "date_of_joining",
] as const;
export type MemberColumn = (typeof MEMBER_COLUMNS)[number];

export const GENDERS = ["male", "female", "other"] as const;
export const RELATIONSHIPS = ["self", "spouse", "son", "daughter"] as const;
export type Relationship = (typeof RELATIONSHIPS)[number];

/** What a person reads for each column: the form's labels and the results table. */
export const COLUMN_LABELS: Record<MemberColumn, string> = {
  employee_code: "Employee code",
  full_name: "Full name",
  gender: "Gender",
  date_of_birth: "Date of birth",
  relationship: "Relationship",
  mobile: "Mobile",
  email: "Email",
  date_of_joining: "Date of joining",
};

export const RELATIONSHIP_LABELS: Record<Relationship, string> = {
  self: "Employee",
  spouse: "Spouse",
  son: "Son",
  daughter: "Daughter",
};

export const CELL_MAX = 200;

export const MEMBER_MESSAGES = {
  employeeCode: "Enter the employee code (letters, digits, - _ / .)",
  fullName: "Enter the full name",
  gender: "Gender must be male, female or other",
  dateOfBirth: "Enter a real date of birth",
  relationship: "Relationship must be self, spouse, son or daughter",
  mobile: "Enter a 10-digit mobile number starting with 6, 7, 8 or 9",
  email: "Enter a valid email address",
  dateOfJoining: "Enter the date of joining",
  cellTooLong: "Keep this under 200 characters",
} as const;

/** A row as read from a file or a form: every cell a string, dates already ISO where they could be read. */
export type RawMemberRow = Record<MemberColumn, string>;

/** A row the API is sent: normalised values, empty optional cells as null. */
export interface MemberInput {
  employee_code: string;
  full_name: string;
  gender: (typeof GENDERS)[number];
  date_of_birth: string;
  relationship: Relationship;
  mobile: string | null;
  email: string | null;
  date_of_joining: string | null;
}

export interface RowProblem {
  column: MemberColumn;
  value: string;
  message: string;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_FIRST = /^(\d{1,2})[-/](\d{1,2})[-/](\d{4})$/;

function isoIfReal(y: number, m: number, d: number): string | null {
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return date.toISOString().slice(0, 10);
}

/**
 * A date as people write it in India or as ISO: DD-MM-YYYY, DD/MM/YYYY or YYYY-MM-DD, to ISO; the
 * value unchanged when it is none of these or not a real day (the rules then say so).
 */
export function normaliseDate(value: string): string {
  const text = value.trim();
  const iso = ISO_DATE.exec(text);
  if (iso) return isoIfReal(Number(iso[1]), Number(iso[2]), Number(iso[3])) ?? text;
  const dayFirst = DAY_FIRST.exec(text);
  if (dayFirst) return isoIfReal(Number(dayFirst[3]), Number(dayFirst[2]), Number(dayFirst[1])) ?? text;
  return text;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const EMPLOYEE_CODE = /^[A-Za-z0-9\-_/.]{1,40}$/;
const MOBILE = /^[6-9]\d{9}$/;

/** A real day in YYYY-MM-DD, not after `today`: 1985-02-30 is no day, even in the right shape. */
const isRealPastDate = (today: string) => (value: string) => {
  const iso = ISO_DATE.exec(value);
  return iso !== null && isoIfReal(Number(iso[1]), Number(iso[2]), Number(iso[3])) === value && value <= today;
};

/**
 * The zod schema of one row against `today` (YYYY-MM-DD in India): its issues carry the column in
 * `path[0]` and the API's message. Cells over 200 characters are checkMemberRow's to report.
 */
export function memberRowSchema(today: string) {
  const realPast = isRealPastDate(today);
  const issue = (ctx: z.RefinementCtx, column: MemberColumn, message: string) =>
    ctx.addIssue({ code: z.ZodIssueCode.custom, path: [column], message });
  // Every column is read first and checked after, so that one row's problems are all named at once.
  return z
    .object({
      employee_code: z.string().trim(),
      full_name: z.string().trim(),
      gender: z.string().trim().toLowerCase(),
      date_of_birth: z.string().trim().transform(normaliseDate),
      relationship: z.string().trim().toLowerCase(),
      mobile: z.string().trim().transform(normaliseMobile),
      email: z.string().trim(),
      date_of_joining: z.string().trim().transform(normaliseDate),
    })
    .superRefine((row, ctx) => {
      if (!EMPLOYEE_CODE.test(row.employee_code)) issue(ctx, "employee_code", MEMBER_MESSAGES.employeeCode);
      if (row.full_name === "") issue(ctx, "full_name", MEMBER_MESSAGES.fullName);
      if (!(GENDERS as readonly string[]).includes(row.gender)) issue(ctx, "gender", MEMBER_MESSAGES.gender);
      if (!realPast(row.date_of_birth)) issue(ctx, "date_of_birth", MEMBER_MESSAGES.dateOfBirth);
      if (!(RELATIONSHIPS as readonly string[]).includes(row.relationship))
        issue(ctx, "relationship", MEMBER_MESSAGES.relationship);
      const employee = row.relationship === "self";
      if ((employee || row.mobile !== "") && !MOBILE.test(row.mobile)) issue(ctx, "mobile", MEMBER_MESSAGES.mobile);
      if ((employee || row.email !== "") && !EMAIL.test(row.email)) issue(ctx, "email", MEMBER_MESSAGES.email);
      if (employee && !realPast(row.date_of_joining)) issue(ctx, "date_of_joining", MEMBER_MESSAGES.dateOfJoining);
    })
    .transform((row): MemberInput => ({
      employee_code: row.employee_code,
      full_name: row.full_name,
      gender: row.gender as MemberInput["gender"],
      date_of_birth: row.date_of_birth,
      relationship: row.relationship as Relationship,
      mobile: row.mobile || null,
      email: row.email ? row.email.toLowerCase() : null,
      date_of_joining: row.relationship === "self" ? row.date_of_joining : null,
    }));
}

/** A zod schema is a tree of objects: one per day, not one per row of a 10,000-row file. */
let cached: { today: string; schema: ReturnType<typeof memberRowSchema> } | null = null;
function schemaFor(today: string) {
  if (cached?.today !== today) cached = { today, schema: memberRowSchema(today) };
  return cached.schema;
}

/**
 * One row checked: the value to send, or its problems, one per column, in column order. A cell over
 * 200 characters is that column's only problem.
 */
export function checkMemberRow(
  raw: RawMemberRow,
  today: string,
): { ok: true; member: MemberInput } | { ok: false; problems: RowProblem[] } {
  const long = MEMBER_COLUMNS.filter((c) => raw[c].length > CELL_MAX);
  const result = schemaFor(today).safeParse(raw);
  if (result.success && long.length === 0) return { ok: true, member: result.data };
  const byColumn = new Map<MemberColumn, string>();
  for (const column of long) byColumn.set(column, MEMBER_MESSAGES.cellTooLong);
  if (!result.success)
    for (const issue of result.error.issues) {
      const column = issue.path[0] as MemberColumn;
      if (!byColumn.has(column)) byColumn.set(column, issue.message);
    }
  const problems = MEMBER_COLUMNS.filter((c) => byColumn.has(c)).map((column) => ({
    column,
    value: raw[column].length > CELL_MAX ? `${raw[column].slice(0, 40)}…` : raw[column],
    message: byColumn.get(column)!,
  }));
  return { ok: false, problems };
}
