import type { MemberColumn, MemberInput, RawMemberRow, Relationship } from "./rules";
import { FAMILY_COVERS, MEMBER_COLUMNS, checkMemberRow } from "./rules";

/**
 * The add-one form: an employee and the dependants their family cover allows (docs/product.md,
 * Member census), each person a group of fields named `<person>.<column>`.
 */

export const PEOPLE = ["self", "spouse", "child1", "child2"] as const;
export type Person = (typeof PEOPLE)[number];

export const PERSON_LABELS: Record<Person, string> = {
  self: "Employee",
  spouse: "Spouse",
  child1: "First child",
  child2: "Second child",
};

/** The columns each person's fields carry; the rest come from the employee or the person. */
export const PERSON_COLUMNS: Record<Person, readonly MemberColumn[]> = {
  self: ["employee_code", "full_name", "gender", "date_of_birth", "mobile", "email", "date_of_joining"],
  spouse: ["full_name", "gender", "date_of_birth"],
  child1: ["full_name", "relationship", "date_of_birth"],
  child2: ["full_name", "relationship", "date_of_birth"],
};

/** Which dependants a company's family covers let an employee have: the widest cover bought. */
export function dependantsAllowed(rangesBought: readonly string[]): Person[] {
  const widest = [...FAMILY_COVERS].reverse().find((c) => rangesBought.includes(c.range));
  if (widest === undefined) return [];
  const children: Person[] = (["child1", "child2"] as const).slice(0, widest.children);
  return [...(widest.spouses > 0 ? (["spouse"] as const) : []), ...children];
}

export type FieldErrors = Partial<Record<string, string>>;
export type FormValues = Record<string, string>;

export const fieldName = (person: Person, column: MemberColumn) => `${person}.${column}`;

const cell = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

function rawRow(form: FormData, person: Person, employee: RawMemberRow): RawMemberRow {
  const own = Object.fromEntries(MEMBER_COLUMNS.map((c) => [c, cell(form, fieldName(person, c))])) as RawMemberRow;
  if (person === "self") return { ...own, relationship: "self" };
  const relationship: Relationship | string = person === "spouse" ? "spouse" : own.relationship;
  return {
    ...own,
    employee_code: employee.employee_code,
    relationship,
    gender:
      person === "spouse" ? own.gender : relationship === "son" ? "male" : relationship === "daughter" ? "female" : "",
  };
}

/**
 * The rows the form describes, checked by the app's rules: the employee, and each dependant whose
 * name was given. `people[i]` is the person of `rows[i]`, for the API's answers by position.
 */
export function readAddForm(
  form: FormData,
  allowed: readonly Person[],
  today: string,
): { values: FormValues; people: Person[]; rows: MemberInput[]; errors: FieldErrors } {
  const values: FormValues = {};
  for (const person of PEOPLE)
    for (const column of PERSON_COLUMNS[person])
      values[fieldName(person, column)] = cell(form, fieldName(person, column)).slice(0, 300);
  const employee = rawRow(form, "self", {} as RawMemberRow);
  const people: Person[] = ["self", ...allowed.filter((p) => cell(form, fieldName(p, "full_name")).trim() !== "")];
  const rows: MemberInput[] = [];
  const errors: FieldErrors = {};
  for (const person of people) {
    const checked = checkMemberRow(person === "self" ? employee : rawRow(form, person, employee), today);
    if (checked.ok) rows.push(checked.member);
    else
      for (const p of checked.problems)
        if (PERSON_COLUMNS[person].includes(p.column)) errors[fieldName(person, p.column)] ??= p.message;
  }
  return { values, people, rows, errors };
}
