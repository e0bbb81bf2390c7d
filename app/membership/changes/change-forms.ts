import { z } from "zod";
import { addDays, formatDate } from "~/utils/dates";
import type { RawMemberRow } from "~/membership/census/rules";
import { checkMemberRow } from "~/membership/census/rules";
import type { Dependant } from "~/membership/people/people";
import { peopleSchema } from "~/membership/people/people";

/**
 * The forms of /membership/changes (docs/product.md, Changes during the year): a joiner with the
 * dependants their family cover takes, a leaver, a family event. One schema per form, parsed by the
 * action and, on a hydrated page, by the browser; the dates are judged against `today` in India with the
 * API's words (a test keeps the two in step), the people by the census's row rules.
 */

/** How far back a change's date may go. */
export const BACKDATE_DAYS = 30;

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

/** A joiner and the dependants their family cover takes; the joiner's date of joining is the change's date. */
export function joinerSchema(today: string, dependants: readonly Dependant[]) {
  const m = changeMessages(today);
  return peopleSchema(today, dependants, "dated", {
    intent: z.literal("add"),
    cover: z.string({ required_error: m.cover }).regex(/^[\w-]{1,20}\|[\w+]{1,20}$/, m.cover),
    effective_date: changeDate(today, m.joinerFuture, m.joinerBack),
  }).transform(({ cover, effective_date, members, people }) => {
    const [band, range] = cover.split("|") as [string, string];
    return {
      band,
      range,
      effective_date,
      members: members.map((m) => (m.relationship === "self" ? { ...m, date_of_joining: effective_date } : m)),
      people,
    };
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
