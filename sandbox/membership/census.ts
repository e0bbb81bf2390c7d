// The rules of the member census (docs/product.md, Members, policy and e-cards): every row of an upload
// or of the add-one form is checked here against what was bought and what is already named. Pure: the
// caller reads the purchase and the saved members once, and every look-up is a Map or Set in memory, so
// 10,000 rows are checked without a query per row.

export const GENDERS = ["male", "female", "other"] as const;
export const RELATIONSHIPS = ["self", "spouse", "son", "daughter"] as const;
/** Family covers from smallest to largest, with the dependants each takes in. */
export const COVERS: Record<string, { order: number; spouses: number; children: number; refusal: string }> = {
  "1A": { order: 0, spouses: 0, children: 0, refusal: "Employee only cover (1A) takes no dependants" },
  "2A": { order: 1, spouses: 1, children: 0, refusal: "Employee and spouse cover (2A) takes no children" },
  "2A+2C": { order: 2, spouses: 1, children: 2, refusal: "Cover 2A+2C takes one spouse and up to two children" },
};
export const MAX_CELL = 200;
export const MAX_ROWS = 10_000;
export const EMPLOYEE_AGES = { min: 18, max: 65 };
/** Children are covered until they turn 25. */
export const CHILD_AGE_LIMIT = 25;
export const SPOUSE_MIN_AGE = 18;

export const CENSUS_MESSAGES = {
  employee_code: "Enter the employee code (letters, digits, - _ / .)",
  full_name: "Enter the full name",
  gender: "Gender must be male, female or other",
  date_of_birth: "Enter a real date of birth",
  relationship: "Relationship must be self, spouse, son or daughter",
  mobile: "Enter a 10-digit mobile number starting with 6, 7, 8 or 9",
  email: "Enter a valid email address",
  date_of_joining: "Enter the date of joining",
  too_long: `Keep this under ${MAX_CELL} characters`,
} as const;

export const COLUMNS = [
  "employee_code",
  "full_name",
  "gender",
  "date_of_birth",
  "relationship",
  "mobile",
  "email",
  "date_of_joining",
] as const;
export type Column = (typeof COLUMNS)[number];

export interface MemberInput {
  employee_code: string;
  full_name: string;
  gender: (typeof GENDERS)[number];
  date_of_birth: string;
  relationship: (typeof RELATIONSHIPS)[number];
  mobile: string | null;
  email: string | null;
  date_of_joining: string | null;
}

export interface CheckedMember extends MemberInput {
  band: string;
  range: string;
  age_on_cover_start: number;
}

export type RowInput = { row_number: number } & Partial<Record<Column, string | null>>;
export interface Rejection {
  row_number: number;
  column: Column;
  value: string;
  message: string;
}
export interface ReadyRow {
  row_number: number;
  member: CheckedMember;
}

/** What the saved census already holds, as the checks need it. */
export interface SavedMember {
  employee_code: string;
  full_name: string;
  date_of_birth: string;
  relationship: string;
  band: string;
  range: string;
}

export interface Purchase {
  /** The cover start date, YYYY-MM-DD (IST). */
  coverStart: string;
  /** Today in IST: no date of birth or joining after it. */
  today: string;
  /** What was bought: employees per band and family cover. */
  people: { band: string; band_label: string; range: string; range_label: string; count: number }[];
}

const CODE = /^[A-Za-z0-9\-_/.]{1,40}$/;
const MOBILE = /^[6-9]\d{9}$/;
// Deliberately plain: one @, no spaces, a dot in the domain (the app's zod mirrors it).
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function realDate(value: string): boolean {
  const m = ISO_DATE.exec(value);
  if (m === null) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < 1900) return false;
  const t = new Date(Date.UTC(y, mo - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === mo - 1 && t.getUTCDate() === d;
}

/** Completed years on `on`: a birthday on `on` counts. */
export function ageOn(dateOfBirth: string, on: string): number {
  // Both are checked YYYY-MM-DD: compare as numbers, no Date per row.
  const years = Number(on.slice(0, 4)) - Number(dateOfBirth.slice(0, 4));
  return on.slice(5) < dateOfBirth.slice(5) ? years - 1 : years;
}

/** +91 98765 43210, 091-9876543210, 09876543210 → 9876543210; anything else is left to fail the rule. */
export function normaliseMobile(value: string): string {
  const digits = value.replace(/[\s\-()]/g, "");
  const m = /^(?:\+?91|0)?(\d{10})$/.exec(digits);
  return m === null ? digits : m[1]!;
}

// One formatter for every date: making one per call (toLocaleDateString) costs more than the rules it serves.
const SHORT_DATE = new Intl.DateTimeFormat("en-GB", {
  day: "2-digit",
  month: "short",
  year: "numeric",
  timeZone: "UTC",
});

/** "02 Jun 2025", as the age messages name the cover start date. */
export function shortDate(date: string): string {
  return SHORT_DATE.format(new Date(`${date}T00:00:00Z`));
}

export function bandBounds(code: string): { min: number; max: number } | null {
  const m = /^(\d+)-(\d+)$/.exec(code);
  return m === null ? null : { min: Number(m[1]), max: Number(m[2]) };
}

const personKey = (m: { full_name: string; date_of_birth: string; employee_code: string }) =>
  `${m.full_name.trim().toLowerCase()}\u0000${m.date_of_birth}\u0000${m.employee_code}`;

/** Row-level rules: each problem of a row, or the member it names. */
export function readRow(row: RowInput, today: string): { member: MemberInput } | { problems: Rejection[] } {
  const problems: Rejection[] = [];
  const cell = (column: Column) => {
    const raw = row[column];
    return typeof raw === "string" ? raw.trim() : "";
  };
  const fail = (column: Column, message: string) =>
    problems.push({ row_number: row.row_number, column, value: cell(column), message });
  for (const column of COLUMNS) {
    if (cell(column).length > MAX_CELL) fail(column, CENSUS_MESSAGES.too_long);
  }
  if (problems.length > 0) return { problems };

  const code = cell("employee_code");
  if (!CODE.test(code)) fail("employee_code", CENSUS_MESSAGES.employee_code);
  const name = cell("full_name");
  if (name === "") fail("full_name", CENSUS_MESSAGES.full_name);
  const gender = cell("gender").toLowerCase();
  if (!(GENDERS as readonly string[]).includes(gender)) fail("gender", CENSUS_MESSAGES.gender);
  const dob = cell("date_of_birth");
  if (!realDate(dob) || dob > today) fail("date_of_birth", CENSUS_MESSAGES.date_of_birth);
  const relationship = cell("relationship").toLowerCase();
  if (!(RELATIONSHIPS as readonly string[]).includes(relationship)) fail("relationship", CENSUS_MESSAGES.relationship);
  const self = relationship === "self";
  const mobileRaw = cell("mobile");
  const mobile = mobileRaw === "" ? null : normaliseMobile(mobileRaw);
  if ((self && mobile === null) || (mobile !== null && !MOBILE.test(mobile))) fail("mobile", CENSUS_MESSAGES.mobile);
  const email = cell("email") === "" ? null : cell("email");
  if ((self && email === null) || (email !== null && !EMAIL.test(email))) fail("email", CENSUS_MESSAGES.email);
  const joinedRaw = cell("date_of_joining");
  // Dependants have no date of joining: whatever a file says there is not kept.
  const joined = self ? joinedRaw : null;
  if (self && (!realDate(joinedRaw) || joinedRaw > today)) fail("date_of_joining", CENSUS_MESSAGES.date_of_joining);
  if (problems.length > 0) return { problems };
  return {
    member: {
      employee_code: code,
      full_name: name,
      gender: gender as MemberInput["gender"],
      date_of_birth: dob,
      relationship: relationship as MemberInput["relationship"],
      mobile,
      email,
      date_of_joining: joined,
    },
  };
}

interface Family {
  /** Row number in this batch, or 0 for an employee already saved. */
  row: number;
  band: string;
  /** Fixed for a saved employee; chosen below for one in this batch. */
  range: string | null;
  spouses: number;
  children: number;
  /** Dependant rows of this batch provisionally accepted for the family. */
  dependants: number[];
}

/**
 * Checks rows against the purchase and the saved census. Every row is either ready (with its band,
 * family cover and age) or rejected with a reason per column; a row's rejections come in row order.
 */
export function checkCensus(
  rows: readonly RowInput[],
  saved: readonly SavedMember[],
  purchase: Purchase,
): { ready: ReadyRow[]; rejected: Rejection[]; rejectedRows: number } {
  const rejected: Rejection[] = [];
  const rejectedRows = new Set<number>();
  const members = new Map<number, MemberInput>();
  const reject = (row: number, column: Column, message: string) => {
    const m = members.get(row)!;
    rejected.push({ row_number: row, column, value: String(m[column] ?? ""), message });
    rejectedRows.add(row);
    members.delete(row);
  };
  for (const row of rows) {
    const read = readRow(row, purchase.today);
    if ("problems" in read) {
      rejected.push(...read.problems);
      rejectedRows.add(row.row_number);
    } else members.set(row.row_number, read.member);
  }

  // Duplicates: against the saved census, then against earlier rows.
  const savedPersons = new Set(saved.map(personKey));
  const savedEmployees = new Set(saved.filter((s) => s.relationship === "self").map((s) => s.employee_code));
  const batchPersons = new Map<string, number>();
  const batchEmployees = new Map<string, number>();
  for (const [row, m] of [...members]) {
    const key = personKey(m);
    const sameRow = batchPersons.get(key);
    if (savedPersons.has(key)) reject(row, "full_name", "This person is already on the list");
    else if (sameRow !== undefined) reject(row, "full_name", `Same person as row ${sameRow}`);
    else if (m.relationship === "self" && savedEmployees.has(m.employee_code))
      reject(row, "employee_code", "An employee with this code is already on the list");
    else if (m.relationship === "self" && batchEmployees.has(m.employee_code))
      reject(row, "employee_code", `Same employee code as row ${batchEmployees.get(m.employee_code)}`);
    else {
      batchPersons.set(key, row);
      if (m.relationship === "self") batchEmployees.set(m.employee_code, row);
    }
  }

  const cutOff = shortDate(purchase.coverStart);
  const ages = new Map<number, number>();
  for (const [row, m] of members) ages.set(row, ageOn(m.date_of_birth, purchase.coverStart));
  const boughtIn = new Map<string, { range: string; range_label: string; band_label: string; count: number }[]>();
  for (const p of purchase.people) {
    if (p.count <= 0) continue;
    const list = boughtIn.get(p.band) ?? [];
    list.push(p);
    boughtIn.set(p.band, list);
  }
  for (const list of boughtIn.values()) list.sort((a, b) => COVERS[a.range]!.order - COVERS[b.range]!.order);
  const bounds = [...new Set(["18-35", "36-45", "46-55", "56-65", ...purchase.people.map((p) => p.band)])]
    .map((code) => ({ code, range: bandBounds(code) }))
    .filter((b) => b.range !== null);
  const bandOf = (age: number) => bounds.find((b) => age >= b.range!.min && age <= b.range!.max)?.code;

  // Families: the saved ones, then the employees of this batch (in their band).
  const families = new Map<string, Family>();
  for (const s of saved) {
    if (s.relationship !== "self") continue;
    families.set(s.employee_code, { row: 0, band: s.band, range: s.range, spouses: 0, children: 0, dependants: [] });
  }
  for (const s of saved) {
    const f = families.get(s.employee_code);
    if (f === undefined || s.relationship === "self") continue;
    if (s.relationship === "spouse") f.spouses += 1;
    else f.children += 1;
  }
  for (const [row, m] of [...members]) {
    if (m.relationship !== "self") continue;
    const age = ages.get(row)!;
    if (age < EMPLOYEE_AGES.min || age > EMPLOYEE_AGES.max) {
      reject(
        row,
        "date_of_birth",
        `Aged ${age} on the cover start date (${cutOff}): cover is for employees aged ${EMPLOYEE_AGES.min} to ${EMPLOYEE_AGES.max}`,
      );
      continue;
    }
    const band = bandOf(age);
    if (band === undefined || !boughtIn.has(band)) {
      const label = purchase.people.find((p) => p.band === band)?.band_label ?? bandLabel(band ?? String(age));
      reject(
        row,
        "date_of_birth",
        `Aged ${age} on the cover start date (${cutOff}): no cover was bought for the ${label} band`,
      );
      continue;
    }
    families.set(m.employee_code, { row, band, range: null, spouses: 0, children: 0, dependants: [] });
  }

  // Dependants: their employee must be named; each within what a family cover can take.
  for (const [row, m] of [...members]) {
    if (m.relationship === "self") continue;
    const f = families.get(m.employee_code);
    if (f === undefined) {
      const employeeRow = batchEmployees.get(m.employee_code);
      reject(
        row,
        "employee_code",
        employeeRow !== undefined
          ? `Its employee (row ${employeeRow}) needs fixing first`
          : `No employee with code ${m.employee_code} is on the list or in these rows: add the employee (relationship self) first`,
      );
      continue;
    }
    const age = ages.get(row)!;
    const largest = f.range ?? boughtIn.get(f.band)!.at(-1)!.range;
    const cover = COVERS[largest]!;
    if (m.relationship === "spouse") {
      if (cover.spouses === 0) reject(row, "relationship", COVERS["1A"]!.refusal);
      else if (age < SPOUSE_MIN_AGE)
        reject(row, "date_of_birth", `A spouse must be ${SPOUSE_MIN_AGE} or older on the cover start date (${cutOff})`);
      else if (f.spouses >= cover.spouses) reject(row, "relationship", "Only one spouse per employee");
      else {
        f.spouses += 1;
        f.dependants.push(row);
      }
    } else if (cover.children === 0)
      reject(row, "relationship", cover.spouses === 0 ? COVERS["1A"]!.refusal : cover.refusal);
    else if (age >= CHILD_AGE_LIMIT)
      reject(
        row,
        "date_of_birth",
        `Aged ${age} on the cover start date (${cutOff}): children are covered until they turn ${CHILD_AGE_LIMIT}`,
      );
    else if (f.children >= cover.children) reject(row, "relationship", `Up to ${cover.children} children per employee`);
    else {
      f.children += 1;
      f.dependants.push(row);
    }
  }

  // Counts: each employee of this batch takes the smallest family cover bought in their band that fits
  // their family and still has a place (docs/product.md, Members, policy and e-cards).
  const named = new Map<string, number>();
  const slot = (band: string, range: string) => `${band}\u0000${range}`;
  for (const s of saved) {
    if (s.relationship === "self") named.set(slot(s.band, s.range), (named.get(slot(s.band, s.range)) ?? 0) + 1);
  }
  for (const f of families.values()) {
    if (f.row === 0 || !members.has(f.row)) continue;
    const need = f.children > 0 ? 2 : f.spouses > 0 ? 1 : 0;
    const fitting = boughtIn.get(f.band)!.filter((b) => COVERS[b.range]!.order >= need);
    const free = fitting.find((b) => (named.get(slot(f.band, b.range)) ?? 0) < b.count);
    if (free === undefined) {
      const first = fitting[0]!;
      const total = fitting.reduce((sum, b) => sum + b.count, 0);
      reject(
        f.row,
        "employee_code",
        `Only ${total} employees were bought for ${first.band_label}, ${fitting.map((b) => b.range).join(" or ")}: this would be ${total + 1}`,
      );
      for (const d of f.dependants) reject(d, "employee_code", `Its employee (row ${f.row}) needs fixing first`);
      continue;
    }
    f.range = free.range;
    named.set(slot(f.band, free.range), (named.get(slot(f.band, free.range)) ?? 0) + 1);
  }

  const ready: ReadyRow[] = [];
  for (const [row, m] of members) {
    const f = families.get(m.employee_code)!;
    ready.push({
      row_number: row,
      member: { ...m, band: f.band, range: f.range!, age_on_cover_start: ages.get(row)! },
    });
  }
  ready.sort((a, b) => a.row_number - b.row_number);
  rejected.sort((a, b) => a.row_number - b.row_number);
  return { ready, rejected, rejectedRows: rejectedRows.size };
}

export function bandLabel(code: string): string {
  return code.replace("-", "–") + " years";
}

/**
 * A joiner during the year and the dependants their family cover takes (docs/product.md, Changes during
 * the year): the census's row rules, then ages on the date of joining (not the cover start: the joiner's
 * age when their cover begins) against the band and family cover chosen from those bought.
 */
export function checkJoiner(
  rows: readonly RowInput[],
  saved: readonly SavedMember[],
  joiner: { band: string; range: string; joinedOn: string; today: string },
): { ready: ReadyRow[]; rejected: Rejection[] } {
  const rejected: Rejection[] = [];
  const members: { row: number; m: MemberInput }[] = [];
  for (const row of rows) {
    const read = readRow(row, joiner.today);
    if ("problems" in read) rejected.push(...read.problems);
    else members.push({ row: row.row_number, m: read.member });
  }
  const fail = (row: number, m: MemberInput, column: Column, message: string) =>
    rejected.push({ row_number: row, column, value: String(m[column] ?? ""), message });
  const first = rows[0]?.row_number;
  const employee = members.find((p) => p.row === first)?.m;
  const cover = COVERS[joiner.range]!;
  const bounds = bandBounds(joiner.band);
  const on = shortDate(joiner.joinedOn);
  const seen = new Map<string, number>();
  let spouses = 0;
  let children = 0;
  for (const { row, m } of members) {
    const age = ageOn(m.date_of_birth, joiner.joinedOn);
    const key = personKey(m);
    if (row === first) {
      if (m.relationship !== "self")
        fail(row, m, "relationship", "The first person is the employee (relationship self)");
      else if (saved.some((s) => s.relationship === "self" && s.employee_code === m.employee_code))
        fail(row, m, "employee_code", "An employee with this code is already on the list");
      else if (bounds !== null && (age < bounds.min || age > bounds.max))
        fail(
          row,
          m,
          "date_of_birth",
          `Aged ${age} on the date of joining (${on}): the ${bandLabel(joiner.band)} band is for ages ${bounds.min} to ${bounds.max}`,
        );
    } else if (m.relationship === "self") fail(row, m, "relationship", "Only the first person is the employee");
    else if (employee !== undefined && m.employee_code !== employee.employee_code)
      fail(row, m, "employee_code", "A dependant has their employee’s code");
    else if (seen.has(key)) fail(row, m, "full_name", `Same person as row ${seen.get(key)}`);
    else if (m.relationship === "spouse") {
      if (cover.spouses === 0) fail(row, m, "relationship", cover.refusal);
      else if (age < SPOUSE_MIN_AGE)
        fail(row, m, "date_of_birth", `A spouse must be ${SPOUSE_MIN_AGE} or older on the date of joining (${on})`);
      else if (++spouses > cover.spouses) fail(row, m, "relationship", "Only one spouse per employee");
    } else if (cover.children === 0) fail(row, m, "relationship", cover.refusal);
    else if (age >= CHILD_AGE_LIMIT)
      fail(
        row,
        m,
        "date_of_birth",
        `Aged ${age} on the date of joining (${on}): children are covered until they turn ${CHILD_AGE_LIMIT}`,
      );
    else if (++children > cover.children) fail(row, m, "relationship", `Up to ${cover.children} children per employee`);
    seen.set(key, row);
  }
  rejected.sort((a, b) => a.row_number - b.row_number);
  if (rejected.length > 0) return { ready: [], rejected };
  return {
    rejected,
    ready: members.map(({ row, m }) => ({
      row_number: row,
      member: {
        ...m,
        band: joiner.band,
        range: joiner.range,
        age_on_cover_start: ageOn(m.date_of_birth, joiner.joinedOn),
      },
    })),
  };
}
