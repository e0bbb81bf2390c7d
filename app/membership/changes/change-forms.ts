import { z } from "zod";
import { addDays, formatDate } from "~/utils/dates";
import type { MemberColumn, MemberInput, RawMemberRow } from "~/membership/census/rules";
import { checkMemberRow } from "~/membership/census/rules";

/**
 * The forms of /membership/changes (docs/product.md, Changes during the year): a joiner with the
 * dependants their family cover takes, a leaver, a family event. One schema per form, parsed by the
 * action and, on a hydrated page, by the browser; the dates are judged against `today` in India with the
 * API's words (a test keeps the two in step), the people by the census's row rules.
 */

/** How far back a change's date may go. */
export const BACKDATE_DAYS = 30;

export const DEPENDANTS = ["spouse", "child1", "child2"] as const;
export type Dependant = (typeof DEPENDANTS)[number];
export type Joiner = "self" | Dependant;

/** The columns each person of the joiner form carries; the date of joining is the change's own date. */
export const JOINER_COLUMNS: Record<Joiner, readonly MemberColumn[]> = {
  self: ["employee_code", "full_name", "gender", "date_of_birth", "mobile", "email"],
  spouse: ["full_name", "gender", "date_of_birth"],
  child1: ["full_name", "relationship", "date_of_birth"],
  child2: ["full_name", "relationship", "date_of_birth"],
};

const changeMessages = (today: string) => {
  const oldest = formatDate(addDays(today, -BACKDATE_DAYS));
  return {
    joinerFuture: "Add a joiner from their date of joining: it cannot be in the future.",
    joinerBack: `The date of joining must be within the last ${BACKDATE_DAYS} days (on or after ${oldest}).`,
    leaverBack: `The last day must be within the last ${BACKDATE_DAYS} days (on or after ${oldest}).`,
    eventFuture: "The date of the event cannot be in the future.",
    eventBack: `A family event is added within ${BACKDATE_DAYS} days of it (on or after ${oldest}).`,
    cover: "Choose the age band and family cover",
    employeeCode: "Enter the employee code (letters, digits, - _ / .)",
    reason: "Say why the employee leaves.",
    reasonLong: "Keep this under 200 characters",
    dependant: "Choose who joins the family",
  };
};

const ISO = /^\d{4}-\d{2}-\d{2}$/;
const isRealDate = (d: string) => ISO.test(d) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d);
const EMPLOYEE_CODE = /^[A-Za-z0-9\-_/.]{1,40}$/;

/** A change's date: real, not after today, not more than 30 days back (with the form's own words). */
function changeDate(today: string, future: string | null, back: string) {
  const oldest = addDays(today, -BACKDATE_DAYS);
  return z
    .string({ required_error: "Enter the date" })
    .refine(isRealDate, "Enter a real date")
    .refine((d) => future === null || !isRealDate(d) || d <= today, future ?? "")
    .refine((d) => !isRealDate(d) || d >= oldest, back);
}

const text = z.string().max(300).optional();
const person = z.object(Object.fromEntries(JOINER_COLUMNS.child1.concat(JOINER_COLUMNS.self).map((c) => [c, text])));
type PersonFields = z.infer<typeof person>;

/** A person of the joiner form as a census row: a dependant takes the employee's code, a child's gender its relationship. */
function rawRow(who: Joiner, fields: PersonFields, employeeCode: string, joinedOn: string): RawMemberRow {
  const cell = (c: MemberColumn) => fields[c] ?? "";
  const relationship = who === "self" ? "self" : who === "spouse" ? "spouse" : cell("relationship");
  return {
    employee_code: who === "self" ? cell("employee_code") : employeeCode,
    full_name: cell("full_name"),
    gender:
      who === "self" || who === "spouse"
        ? cell("gender")
        : relationship === "son"
          ? "male"
          : relationship === "daughter"
            ? "female"
            : "",
    date_of_birth: cell("date_of_birth"),
    relationship,
    mobile: who === "self" ? cell("mobile") : "",
    email: who === "self" ? cell("email") : "",
    date_of_joining: who === "self" ? joinedOn : "",
  };
}

export function joinerSchema(today: string, dependants: readonly Dependant[]) {
  const m = changeMessages(today);
  return z
    .object({
      intent: z.literal("add"),
      cover: z.string({ required_error: m.cover }).regex(/^[\w-]{1,20}\|[\w+]{1,20}$/, m.cover),
      effective_date: changeDate(today, m.joinerFuture, m.joinerBack),
      self: person.optional(),
      spouse: person.optional(),
      child1: person.optional(),
      child2: person.optional(),
    })
    .transform((form, ctx) => {
      const joinedOn = form.effective_date;
      const employeeCode = (form.self?.employee_code ?? "").trim();
      const people: Joiner[] = ["self", ...dependants.filter((d) => (form[d]?.full_name ?? "").trim() !== "")];
      const members: MemberInput[] = [];
      for (const who of people) {
        // The date of joining is judged above; here a valid stand-in keeps its rule out of the row's.
        const checked = checkMemberRow(rawRow(who, form[who] ?? {}, employeeCode, today), today);
        if (checked.ok)
          members.push(who === "self" ? { ...checked.member, date_of_joining: joinedOn } : checked.member);
        else
          for (const p of checked.problems)
            if (JOINER_COLUMNS[who].includes(p.column))
              ctx.addIssue({ code: "custom", path: [who, p.column], message: p.message });
      }
      const [band, range] = form.cover.split("|") as [string, string];
      return { band, range, effective_date: joinedOn, members, people };
    });
}

export function leaverSchema(today: string) {
  const m = changeMessages(today);
  return z.object({
    intent: z.literal("remove"),
    employee_code: z.string({ required_error: m.employeeCode }).trim().regex(EMPLOYEE_CODE, m.employeeCode),
    // A last day after today is the API's to judge: it knows the period paid for.
    effective_date: changeDate(today, null, m.leaverBack),
    reason: z.string({ required_error: m.reason }).trim().min(1, m.reason).max(200, m.reasonLong),
  });
}

export const FAMILY_DEPENDANTS = ["spouse", "son", "daughter"] as const;

export function familySchema(today: string) {
  const m = changeMessages(today);
  return z
    .object({
      intent: z.literal("family"),
      employee_code: z.string({ required_error: m.employeeCode }).trim().regex(EMPLOYEE_CODE, m.employeeCode),
      dependant: z.enum(FAMILY_DEPENDANTS, { errorMap: () => ({ message: m.dependant }) }),
      effective_date: changeDate(today, m.eventFuture, m.eventBack),
      full_name: text,
      gender: text,
      date_of_birth: text,
    })
    .transform((form, ctx) => {
      const spouse = form.dependant === "spouse";
      // A newborn is born on the day of the event: their date of birth is that date.
      const raw: RawMemberRow = {
        employee_code: form.employee_code,
        full_name: form.full_name ?? "",
        gender: spouse ? (form.gender ?? "") : form.dependant === "son" ? "male" : "female",
        date_of_birth: spouse ? (form.date_of_birth ?? "") : form.effective_date,
        relationship: form.dependant,
        mobile: "",
        email: "",
        date_of_joining: "",
      };
      const checked = checkMemberRow(raw, today);
      if (!checked.ok) {
        for (const p of checked.problems)
          // A newborn's date of birth is not asked: the event's date is judged above.
          if (p.column === "full_name" || (spouse && (p.column === "gender" || p.column === "date_of_birth")))
            ctx.addIssue({ code: "custom", path: [p.column], message: p.message });
        return z.NEVER;
      }
      return {
        employee_code: form.employee_code,
        event: spouse ? ("marriage" as const) : ("birth" as const),
        effective_date: form.effective_date,
        member: checked.member,
      };
    });
}
