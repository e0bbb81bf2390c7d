import { z } from "zod";
import type { MemberColumn, MemberInput, RawMemberRow } from "~/membership/census/rules";
import { FAMILY_COVERS, checkMemberRow } from "~/membership/census/rules";

/**
 * The people of one family as a form asks for them (docs/product.md, The member census; Changes during the
 * year): an employee and the dependants their family cover allows, each a group of fields named
 * `<person>.<column>`. One schema, checked by the census's row rules, for the census's add form and
 * the changes' joiner form, parsed by the action and, on a hydrated page, by the browser (Conform).
 */

export const PEOPLE = ["self", "spouse", "child1", "child2"] as const;
export type Person = (typeof PEOPLE)[number];
export type Dependant = Exclude<Person, "self">;

export const PERSON_LABELS: Record<Person, string> = {
  self: "Employee",
  spouse: "Spouse",
  child1: "First child",
  child2: "Second child",
};

/**
 * The columns each person's fields carry; the rest come from the employee or the person. A joiner's
 * date of joining is not asked: it is the change's own date (`joining: "dated"`).
 */
const PERSON_COLUMNS: Record<Person, readonly MemberColumn[]> = {
  self: ["employee_code", "full_name", "gender", "date_of_birth", "mobile", "email", "date_of_joining"],
  spouse: ["full_name", "gender", "date_of_birth"],
  child1: ["full_name", "relationship", "date_of_birth"],
  child2: ["full_name", "relationship", "date_of_birth"],
};

/** Whether the form asks the employee's date of joining, or the date is the change's own. */
export type Joining = "asked" | "dated";

export function personColumns(person: Person, joining: Joining): readonly MemberColumn[] {
  const columns = PERSON_COLUMNS[person];
  return joining === "asked" ? columns : columns.filter((c) => c !== "date_of_joining");
}

/** Which dependants a company's family covers let an employee have: the widest cover bought. */
export function dependantsAllowed(rangesBought: readonly string[]): Dependant[] {
  const widest = [...FAMILY_COVERS].reverse().find((c) => rangesBought.includes(c.range));
  if (widest === undefined) return [];
  const children: Dependant[] = (["child1", "child2"] as const).slice(0, widest.children);
  return [...(widest.spouses > 0 ? (["spouse"] as const) : []), ...children];
}

const text = z.string().max(300).optional();
const personFields = z.object(Object.fromEntries(PERSON_COLUMNS.self.concat("relationship").map((c) => [c, text])));
type PersonFields = z.infer<typeof personFields>;

/** A person's fields as a census row: a dependant takes the employee's code, a child's gender its relationship. */
function personRow(person: Person, fields: PersonFields, employeeCode: string, joinedOn: string): RawMemberRow {
  const cell = (c: MemberColumn) => fields[c] ?? "";
  const relationship = person === "self" ? "self" : person === "spouse" ? "spouse" : cell("relationship");
  return {
    employee_code: person === "self" ? cell("employee_code") : employeeCode,
    full_name: cell("full_name"),
    gender:
      person === "self" || person === "spouse"
        ? cell("gender")
        : relationship === "son"
          ? "male"
          : relationship === "daughter"
            ? "female"
            : "",
    date_of_birth: cell("date_of_birth"),
    relationship,
    mobile: person === "self" ? cell("mobile") : "",
    email: person === "self" ? cell("email") : "",
    date_of_joining: person === "self" ? joinedOn : "",
  };
}

/**
 * The family's fields beside the form's own (`extra`), checked by the census's row rules against
 * `today`: the employee, and each allowed dependant whose name was given. A person's problem is an
 * issue on that person's field. The answer adds `people` and `members`: `people[i]` is the person of
 * `members[i]`, for the API's answers by position. With `joining: "dated"` the employee's date of
 * joining is the caller's to judge and set: a valid stand-in keeps its rule out of the row's here.
 */
export function peopleSchema<Extra extends z.ZodRawShape>(
  today: string,
  allowed: readonly Dependant[],
  joining: Joining,
  extra: Extra,
) {
  return z
    .object({
      ...extra,
      self: personFields.optional(),
      spouse: personFields.optional(),
      child1: personFields.optional(),
      child2: personFields.optional(),
    })
    .transform((form, ctx) => {
      const family = form as unknown as Partial<Record<Person, PersonFields>>;
      const employeeCode = (family.self?.employee_code ?? "").trim();
      const people: Person[] = ["self", ...allowed.filter((d) => (family[d]?.full_name ?? "").trim() !== "")];
      const members: MemberInput[] = [];
      for (const person of people) {
        const fields = family[person] ?? {};
        const joinedOn = joining === "asked" ? (fields.date_of_joining ?? "") : today;
        const checked = checkMemberRow(personRow(person, fields, employeeCode, joinedOn), today);
        if (checked.ok) members.push(checked.member);
        else
          for (const p of checked.problems)
            if (personColumns(person, joining).includes(p.column))
              ctx.addIssue({ code: "custom", path: [person, p.column], message: p.message });
      }
      return { ...form, people, members };
    });
}
