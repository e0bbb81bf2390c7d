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

/**
 * The family covers from smallest, with the dependants each takes (docs/product.md, Member census):
 * the app's one copy, for the add form, the joiner form and the changes upload.
 */
export const FAMILY_COVERS = [
  { range: "1A", spouses: 0, children: 0 },
  { range: "2A", spouses: 1, children: 0 },
  { range: "2A+2C", spouses: 1, children: 2 },
] as const;

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

/** The number in `text[from, to)` when every character there is an ASCII digit, else -1. */
function digits(text: string, from: number, to: number): number {
  let n = 0;
  for (let i = from; i < to; i += 1) {
    const c = text.charCodeAt(i) - 48;
    if (c < 0 || c > 9) return -1;
    n = n * 10 + c;
  }
  return n;
}

const pad2 = (n: number) => (n < 10 ? `0${n}` : String(n));

/** The day as YYYY-MM-DD when it is a real one (years 100 to 9999, as a Date reads them), else null. */
function isoIfReal(y: number, m: number, d: number): string | null {
  if (y < 100 || m < 1 || m > 12 || d < 1) return null;
  const leap = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  const last = m === 2 ? (leap ? 29 : 28) : m === 4 || m === 6 || m === 9 || m === 11 ? 30 : 31;
  if (d > last) return null;
  return `${y < 1000 ? String(y).padStart(4, "0") : y}-${pad2(m)}-${pad2(d)}`;
}

/** YYYY-MM-DD read as numbers, or null when the text is not in that shape. */
function isoParts(text: string): [number, number, number] | null {
  if (text.length !== 10 || text[4] !== "-" || text[7] !== "-") return null;
  const y = digits(text, 0, 4);
  const m = digits(text, 5, 7);
  const d = digits(text, 8, 10);
  return y < 0 || m < 0 || d < 0 ? null : [y, m, d];
}

const isSeparator = (c: string | undefined) => c === "-" || c === "/";

/** D-M-YYYY or DD/MM/YYYY (either separator, one or two digits for day and month) as numbers, or null. */
function dayFirstParts(text: string): [number, number, number] | null {
  const dayEnd = isSeparator(text[1]) ? 1 : isSeparator(text[2]) ? 2 : -1;
  if (dayEnd === -1) return null;
  const monthStart = dayEnd + 1;
  const monthEnd = isSeparator(text[monthStart + 1])
    ? monthStart + 1
    : isSeparator(text[monthStart + 2])
      ? monthStart + 2
      : -1;
  if (monthEnd === -1 || text.length !== monthEnd + 5) return null;
  const d = digits(text, 0, dayEnd);
  const m = digits(text, monthStart, monthEnd);
  const y = digits(text, monthEnd + 1, monthEnd + 5);
  return d < 0 || m < 0 || y < 0 ? null : [y, m, d];
}

/**
 * A date as people write it in India or as ISO: DD-MM-YYYY, DD/MM/YYYY or YYYY-MM-DD, to ISO; the
 * value unchanged when it is none of these or not a real day (the rules then say so). Read by
 * character, without a regular expression or a Date: a file has two dates a row.
 */
export function normaliseDate(value: string): string {
  const text = value.trim();
  const parts = isoParts(text) ?? dayFirstParts(text);
  return parts ? (isoIfReal(parts[0], parts[1], parts[2]) ?? text) : text;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const EMPLOYEE_CODE = /^[A-Za-z0-9\-_/.]{1,40}$/;
const MOBILE = /^[6-9]\d{9}$/;

/** A real day in YYYY-MM-DD, not after `today`: 1985-02-30 is no day, even in the right shape. */
function isRealPastDate(value: string, today: string): boolean {
  const parts = isoParts(value);
  return parts !== null && isoIfReal(parts[0], parts[1], parts[2]) === value && value <= today;
}

const isGender = (value: string): value is MemberInput["gender"] =>
  value === "male" || value === "female" || value === "other";
const isRelationship = (value: string): value is Relationship =>
  value === "self" || value === "spouse" || value === "son" || value === "daughter";

/**
 * One row checked against `today` (YYYY-MM-DD in India): the value to send, or its problems, one per
 * column, in column order, with the API's words. Every column is read and checked, so that one row's
 * problems are all named at once; a cell over 200 characters is that column's only problem. Plain
 * checks, no schema: a file runs this 10,000 times within the upload's time budget.
 */
export function checkMemberRow(
  raw: RawMemberRow,
  today: string,
): { ok: true; member: MemberInput } | { ok: false; problems: RowProblem[] } {
  const employee_code = raw.employee_code.trim();
  const full_name = raw.full_name.trim();
  const gender = raw.gender.trim().toLowerCase();
  const date_of_birth = normaliseDate(raw.date_of_birth);
  const relationship = raw.relationship.trim().toLowerCase();
  const mobile = normaliseMobile(raw.mobile.trim());
  const email = raw.email.trim();
  const date_of_joining = normaliseDate(raw.date_of_joining);
  const employee = relationship === "self";
  const failed: Record<MemberColumn, string | null> = {
    employee_code: EMPLOYEE_CODE.test(employee_code) ? null : MEMBER_MESSAGES.employeeCode,
    full_name: full_name === "" ? MEMBER_MESSAGES.fullName : null,
    gender: isGender(gender) ? null : MEMBER_MESSAGES.gender,
    date_of_birth: isRealPastDate(date_of_birth, today) ? null : MEMBER_MESSAGES.dateOfBirth,
    relationship: isRelationship(relationship) ? null : MEMBER_MESSAGES.relationship,
    mobile: (employee || mobile !== "") && !MOBILE.test(mobile) ? MEMBER_MESSAGES.mobile : null,
    email: (employee || email !== "") && !EMAIL.test(email) ? MEMBER_MESSAGES.email : null,
    date_of_joining: employee && !isRealPastDate(date_of_joining, today) ? MEMBER_MESSAGES.dateOfJoining : null,
  };
  let problems: RowProblem[] | null = null;
  for (const column of MEMBER_COLUMNS) {
    const value = raw[column];
    const message = value.length > CELL_MAX ? MEMBER_MESSAGES.cellTooLong : failed[column];
    if (message === null) continue;
    (problems ??= []).push({
      column,
      value: value.length > CELL_MAX ? `${value.slice(0, 40)}…` : value,
      message,
    });
  }
  if (problems) return { ok: false, problems };
  return {
    ok: true,
    member: {
      employee_code,
      full_name,
      gender: gender as MemberInput["gender"],
      date_of_birth,
      relationship: relationship as Relationship,
      mobile: mobile || null,
      email: email ? email.toLowerCase() : null,
      date_of_joining: employee ? date_of_joining : null,
    },
  };
}
