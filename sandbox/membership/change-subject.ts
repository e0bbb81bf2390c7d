// Who a change is about (docs/product.md, Changes during the year): a joiner, a leaver or a family event,
// checked against the census as it is now, and saved to it once confirmed.
import type { ApiContext } from "../shared/context";
import { longDate } from "../shared/dates";
import { HttpError } from "../shared/envelope";
import {
  COVERS,
  type ReadyRow,
  type Rejection,
  type SavedMember,
  SPOUSE_MIN_AGE,
  ageOn,
  bandLabel,
  checkJoiner,
  readRow,
} from "./census";
import { type PaidMembership, insertMembers } from "./members";
import { sql, sqlValues } from "../store/statements";
import { type PersonInput, type ChangeRequest, dateError } from "./change-rules";

export interface Subject {
  employeeCode: string;
  band: string;
  range: string;
  /** A family event that widens the employee's cover: the cover they leave. */
  fromRange?: string;
  /** The monthly price the change is priced on: a joiner's cover, or the step up to a wider family cover. */
  unit: number;
  /** The people to save to the census when confirmed (none for a leaver). */
  ready: ReadyRow[];
  /** The people the change names, as kept with it. */
  named: PersonInput[];
}

const rowsNeedFixing = (rejected: Rejection[]) => new HttpError(422, "Some rows need fixing", { rejected });

/** One employee's family as saved, read by their code alone (a batch of thousands never reads the whole list). */
function familyOf(ctx: ApiContext, orderId: string, code: string): SavedMember[] {
  return sql(
    ctx.db,
    "SELECT employee_code, full_name, date_of_birth, relationship, band, range_code AS range FROM members WHERE order_id = ? AND employee_code = ?",
  ).all(orderId, code) as SavedMember[];
}

/**
 * An employee's first day of cover: if added during the year, the day their premium was received (or, for
 * an addition quoted before that rule, the day they joined), else the cover's start.
 */
function firstDayOfCover(ctx: ApiContext, m: PaidMembership, code: string): string {
  const joined = sqlValues(
    ctx.db,
    `SELECT MAX(COALESCE(json_extract(price, '$.cover_from'), effective_date)) FROM membership_changes
      WHERE order_id = ? AND employee_code = ? AND kind = 'add' AND status = 'confirmed' AND event IS NULL`,
  ).get(m.order.order_id, code) as string | null;
  return joined !== null && joined > m.coverStart ? joined : m.coverStart;
}

/** A saved employee of this membership still covered, or 404 (another company's is not found either). */
function coveredEmployee(ctx: ApiContext, m: PaidMembership, code: string) {
  const family = familyOf(ctx, m.order.order_id, code);
  const employee = family.find((s) => s.relationship === "self");
  if (employee === undefined) throw new HttpError(404, "There is no such employee in your team.");
  const removed = sql(
    ctx.db,
    "SELECT 1 FROM membership_changes WHERE order_id = ? AND employee_code = ? AND kind = 'remove' AND status = 'confirmed'",
  ).get(m.order.order_id, code);
  if (removed !== undefined) throw new HttpError(409, "This employee has already been removed.");
  return { employee, family };
}

/** What a change is about, checked against the census as it is now (docs/product.md, Changes during the year). */
export function subject(ctx: ApiContext, m: PaidMembership, req: ChangeRequest, today: string): Subject {
  const unitOf = (band: string, range: string) =>
    m.contents.people.find((p) => p.band === band && p.range === range)?.unit_monthly_paise;
  if (req.kind === "add") {
    const unit = unitOf(req.band, req.range);
    if (unit === undefined) {
      throw new HttpError(422, "No cover was bought for that age band and family cover.", { field: "range" });
    }
    // The employee's date of joining is the change's effective date.
    const rows = req.members.map((r, i) => ({
      ...r,
      row_number: i + 1,
      date_of_joining: i === 0 ? req.effective_date : r.date_of_joining,
    }));
    // Only the joiner's own code can clash with someone saved.
    const code = typeof rows[0]?.employee_code === "string" ? rows[0].employee_code.trim() : "";
    const checked = checkJoiner(rows, familyOf(ctx, m.order.order_id, code), {
      band: req.band,
      range: req.range,
      joinedOn: req.effective_date,
      today,
    });
    if (checked.rejected.length > 0) throw rowsNeedFixing(checked.rejected);
    const { ready } = checked;
    return {
      employeeCode: ready[0]!.member.employee_code,
      band: req.band,
      range: req.range,
      unit,
      ready,
      named: req.members,
    };
  }
  const { employee, family } = coveredEmployee(ctx, m, req.employee_code);
  const unit = unitOf(employee.band, employee.range)!;
  if (req.kind === "remove") {
    // Never a credit for days before the leaver was covered (docs/product.md, Changes during the year).
    const first = firstDayOfCover(ctx, m, employee.employee_code);
    if (req.effective_date < first)
      throw dateError(`The last day cannot be before their first day of cover (${longDate(first)}).`);
    return {
      employeeCode: employee.employee_code,
      band: employee.band,
      range: employee.range,
      unit,
      ready: [],
      named: family,
    };
  }
  return familyEvent(m, req, employee, family, unit, unitOf, today);
}

/**
 * A spouse after marriage or a newborn for a covered employee: within their family cover, at no charge,
 * or on the smallest wider cover bought in their band, priced on the difference (docs/product.md,
 * Changes during the year).
 */
function familyEvent(
  m: PaidMembership,
  req: Extract<ChangeRequest, { kind: "family" }>,
  employee: { employee_code: string; band: string; range: string },
  family: { full_name: string; date_of_birth: string; relationship: string }[],
  unit: number,
  unitOf: (band: string, range: string) => number | undefined,
  today: string,
): Subject {
  const asked = { ...req.member, employee_code: employee.employee_code, row_number: 1 };
  const read = readRow(asked, today);
  if ("problems" in read) throw rowsNeedFixing(read.problems);
  const person = read.member;
  const fail = (column: "relationship" | "date_of_birth" | "full_name", message: string) =>
    rowsNeedFixing([{ row_number: 1, column, value: String(person[column]), message }]);
  const spouse = person.relationship === "spouse";
  if (req.event === "marriage" && !spouse) throw fail("relationship", "A marriage adds a spouse");
  if (req.event === "birth" && person.relationship !== "son" && person.relationship !== "daughter")
    throw fail("relationship", "A birth adds a son or a daughter");
  if (req.event === "birth" && person.date_of_birth !== req.effective_date)
    throw fail("date_of_birth", "A newborn’s date of birth is the date of the birth");
  const age = ageOn(person.date_of_birth, req.effective_date);
  if (spouse && age < SPOUSE_MIN_AGE)
    throw fail("date_of_birth", `A spouse must be ${SPOUSE_MIN_AGE} or older on the date of the marriage`);
  const same = (f: { full_name: string; date_of_birth: string }) =>
    f.full_name.trim().toLowerCase() === person.full_name.toLowerCase() && f.date_of_birth === person.date_of_birth;
  if (family.some(same)) throw fail("full_name", "This person is already on the list");
  const spouses = family.filter((f) => f.relationship === "spouse").length + (spouse ? 1 : 0);
  const children =
    family.filter((f) => f.relationship === "son" || f.relationship === "daughter").length + (spouse ? 0 : 1);
  const fits = (range: string) => COVERS[range]!.spouses >= spouses && COVERS[range]!.children >= children;
  const wider = m.contents.people
    .filter((p) => p.band === employee.band && COVERS[p.range] !== undefined && fits(p.range))
    .sort((a, b) => COVERS[a.range]!.order - COVERS[b.range]!.order)[0];
  const range = fits(employee.range) ? employee.range : wider?.range;
  if (range === undefined) {
    throw fail(
      "relationship",
      spouse
        ? `No family cover bought for the ${bandLabel(employee.band)} band takes a spouse`
        : `No family cover bought for the ${bandLabel(employee.band)} band takes another child`,
    );
  }
  return {
    employeeCode: employee.employee_code,
    band: employee.band,
    range,
    ...(range === employee.range ? {} : { fromRange: employee.range }),
    unit: range === employee.range ? 0 : unitOf(employee.band, range)! - unit,
    ready: [{ row_number: 1, member: { ...person, band: employee.band, range, age_on_cover_start: age } }],
    named: [req.member],
  };
}

/** A confirmed joiner or family event is named in the census; a family event may widen the employee's cover. */
export function applyToCensus(ctx: ApiContext, m: PaidMembership, s: Subject): void {
  if (s.ready.length === 0) return;
  insertMembers(ctx, m.order.order_id, s.ready);
  sql(ctx.db, "UPDATE members SET range_code = ? WHERE order_id = ? AND employee_code = ?").run(
    s.range,
    m.order.order_id,
    s.employeeCode,
  );
}
