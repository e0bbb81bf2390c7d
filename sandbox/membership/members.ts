// The member census of a paid membership (docs/product.md, Members, policy and e-cards): what is saved,
// the checks kept for 30 minutes until confirmed, and the summary the membership shows. Members belong to
// the paid order of the caller's cart, so every look-up is scoped to the caller's company.
import { randomUUID } from "node:crypto";
import { rangeRelations } from "../catalog/catalog";
import {
  type CheckedMember,
  type Purchase,
  type ReadyRow,
  type Rejection,
  type RowInput,
  type SavedMember,
  checkCensus,
} from "./census";
import { type ApiContext, iso } from "../shared/context";
import { istDate } from "../shared/dates";
import { HttpError } from "../shared/envelope";
import { coverEndDate, coverHasEnded } from "../shared/cover-dates";
import type { OrderContents } from "../checkout/order-contents";
import { type OrderRow, coverStartOf, findOrder, parseContents } from "../checkout/orders";
import { issuePolicy, policyJson, policyOf } from "./policy";
import { sql, sqlValues } from "../store/statements";
import { checkCensusOffThread } from "../threads/thread-pool";
import { writeTransaction } from "../store/db";

/** How long a checked upload waits for its confirm. */
export const CHECK_TTL_MS = 30 * 60_000;

export interface PaidMembership {
  cartId: number;
  order: OrderRow;
  contents: OrderContents;
  coverStart: string;
  coverEnd: string;
}

export interface MemberRow extends CheckedMember {
  member_id: string;
  /** Stored as not issued or issued; answered expired once the cover has ended. */
  e_card_status: "not_issued" | "issued" | "expired";
  /** A leaver's and their family's last day of cover, once the removal is confirmed. */
  cover_ended_on: string | null;
  created_at: number;
}

/** The caller's paid membership, or 404: the census starts once the payment is in. */
export function paidMembership(ctx: ApiContext, cartId: number): PaidMembership {
  const orderId = sqlValues(
    ctx.db,
    // A renewal counts once paid: while its payment is pending, the period it renews is the membership.
    `SELECT order_id FROM orders WHERE cart_id = ? AND (status = 'paid' OR (status = 'pending' AND renewal_of IS NULL))
       ORDER BY seq DESC LIMIT 1`,
  ).get(cartId) as string | undefined;
  // findOrder settles a pending payment whose time has come.
  const order = orderId === undefined ? undefined : findOrder(ctx, orderId);
  const contents = order === undefined ? null : parseContents(order);
  if (order === undefined || order.status !== "paid" || order.paid_at === null || contents === null) {
    throw new HttpError(404, "No paid membership");
  }
  const coverStart = coverStartOf({ ...order, paid_at: order.paid_at });
  return { cartId, order, contents, coverStart, coverEnd: coverEndDate(coverStart) };
}

export function purchaseOf(ctx: ApiContext, m: PaidMembership): Purchase {
  return { coverStart: m.coverStart, today: istDate(ctx.now()), people: m.contents.people };
}

const MEMBER_COLUMNS = `member_id, employee_code, full_name, gender, date_of_birth, relationship, mobile, email,
  date_of_joining, band, range_code AS range, age_on_cover_start, e_card_status, cover_ended_on, created_at`;

export function savedMembers(ctx: ApiContext, orderId: string): SavedMember[] {
  return sql(
    ctx.db,
    "SELECT employee_code, full_name, date_of_birth, relationship, band, range_code AS range FROM members WHERE order_id = ?",
  ).all(orderId) as SavedMember[];
}

/** Members in the order they were named: each employee's family together, employee first. */
const MEMBER_ORDER = "ORDER BY employee_code, relationship <> 'self', seq";

export function membersOf(ctx: ApiContext, orderId: string): MemberRow[] {
  return sql(ctx.db, `SELECT ${MEMBER_COLUMNS} FROM members WHERE order_id = ? ${MEMBER_ORDER}`).all(
    orderId,
  ) as MemberRow[];
}

/** One employee's family, the employee first. */
export function familyOf(ctx: ApiContext, orderId: string, employeeCode: string): MemberRow[] {
  return sql(
    ctx.db,
    `SELECT ${MEMBER_COLUMNS} FROM members WHERE order_id = ? AND employee_code = ? ${MEMBER_ORDER}`,
  ).all(orderId, employeeCode) as MemberRow[];
}

export function memberOf(ctx: ApiContext, orderId: string, memberId: string): MemberRow | undefined {
  return sql(ctx.db, `SELECT ${MEMBER_COLUMNS} FROM members WHERE order_id = ? AND member_id = ?`).get(
    orderId,
    memberId,
  ) as MemberRow | undefined;
}

export function memberJson(m: MemberRow) {
  return { ...m, created_at: iso(m.created_at) };
}

/**
 * Places bought during the year per band and family cover (docs/product.md, Changes during the year): a
 * confirmed joiner is one more place, on top of those bought at purchase; a family event that widened an
 * employee's cover moves their place from the cover they left. A leaver's place stays bought (it was paid
 * for); the statement's "covered now" takes leavers off.
 */
export function placesAdded(ctx: ApiContext, orderId: string): (band: string, range: string) => number {
  const moved = sql(
    ctx.db,
    `SELECT band, range_code AS range, COUNT(*) AS n FROM membership_changes
       WHERE order_id = ? AND status = 'confirmed' AND kind = 'add' AND event IS NULL GROUP BY band, range_code
     UNION ALL
     SELECT band, range_code, COUNT(*) FROM membership_changes
       WHERE order_id = ? AND status = 'confirmed' AND from_range IS NOT NULL GROUP BY band, range_code
     UNION ALL
     SELECT band, from_range, -COUNT(*) FROM membership_changes
       WHERE order_id = ? AND status = 'confirmed' AND from_range IS NOT NULL GROUP BY band, from_range`,
  ).all(orderId, orderId, orderId) as { band: string; range: string; n: number }[];
  return (band, range) =>
    moved.filter((c) => c.band === band && c.range === range).reduce((total, c) => total + c.n, 0);
}

/**
 * Employees and lives bought and named, per band and family cover and in all. Bought counts the places
 * bought at purchase and during the year (placesAdded), so a joiner is named on top of the places
 * bought at purchase, never inside them, and the census, the membership and the statement agree.
 */
export function censusSummary(ctx: ApiContext, m: PaidMembership) {
  const lives = new Map(rangeRelations(ctx.db).map((r) => [r.range, r.relations.length]));
  const counts = sql(
    ctx.db,
    `SELECT band, range_code AS range, SUM(relationship = 'self') AS employees, COUNT(*) AS lives
       FROM members WHERE order_id = ? GROUP BY band, range_code`,
  ).all(m.order.order_id) as { band: string; range: string; employees: number; lives: number }[];
  const added = placesAdded(ctx, m.order.order_id);
  const byCover = m.contents.people.map((p) => {
    const named = counts.find((c) => c.band === p.band && c.range === p.range);
    const bought = p.count + added(p.band, p.range);
    return {
      band: p.band,
      band_label: p.band_label,
      range: p.range,
      range_label: p.range_label,
      employees_bought: bought,
      employees_named: named?.employees ?? 0,
      lives_bought: bought * (lives.get(p.range) ?? 1),
      lives_named: named?.lives ?? 0,
    };
  });
  const sum = (key: "employees_bought" | "employees_named" | "lives_bought" | "lives_named") =>
    byCover.reduce((total, c) => total + c[key], 0);
  return {
    by_cover: byCover,
    employees_bought: sum("employees_bought"),
    employees_named: sum("employees_named"),
    lives_bought: sum("lives_bought"),
    lives_named: sum("lives_named"),
    // Every employee bought is named; dependants are optional beyond that.
    complete: sum("employees_named") >= sum("employees_bought"),
  };
}

export function censusJson(ctx: ApiContext, m: PaidMembership, page = 1, pageSize = 50) {
  const total = sqlValues(ctx.db, "SELECT COUNT(*) FROM members WHERE order_id = ?").get(m.order.order_id) as number;
  const members = sql(
    ctx.db,
    `SELECT ${MEMBER_COLUMNS} FROM members WHERE order_id = ? ${MEMBER_ORDER} LIMIT ? OFFSET ?`,
  ).all(m.order.order_id, pageSize, (page - 1) * pageSize) as MemberRow[];
  const policy = policyOf(ctx, m.order.order_id);
  // An ended cover's e-cards are expired, whatever was issued (docs/product.md, Renewal).
  const ended = coverHasEnded(m.coverEnd, istDate(ctx.now()));
  return {
    members: members.map((r) =>
      memberJson(ended && r.e_card_status === "issued" ? { ...r, e_card_status: "expired" } : r),
    ),
    page,
    page_size: pageSize,
    total,
    summary: censusSummary(ctx, m),
    cover_start_date: m.coverStart,
    policy: policy === undefined ? null : policyJson(policy),
    // Set once the members' details have been erased, three years after the policy ended (sandbox/membership/retention.ts).
    erased:
      (sql(ctx.db, "SELECT erased_on, policy_ended_on FROM member_erasures WHERE order_id = ?").get(
        m.order.order_id,
      ) as { erased_on: string; policy_ended_on: string } | undefined) ?? null,
  };
}

function refuseIfIssued(ctx: ApiContext, m: PaidMembership): void {
  if (policyOf(ctx, m.order.order_id) !== undefined) {
    throw new HttpError(409, "The policy is issued; add joiners from Changes during the year");
  }
}

/**
 * Saves members on an order, each numbered after the last saved anywhere (KVM-000001 on): the census's,
 * a joiner's and a renewal's members are numbered alike.
 */
export function memberInserter(ctx: ApiContext, orderId: string): (member: CheckedMember) => void {
  let seq = sqlValues(ctx.db, "SELECT COALESCE(MAX(seq), 0) FROM members").get() as number;
  const insert = sql(
    ctx.db,
    `INSERT INTO members (member_id, seq, order_id, employee_code, full_name, gender, date_of_birth, relationship,
       mobile, email, date_of_joining, band, range_code, age_on_cover_start, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  return (r) => {
    seq += 1;
    insert.run(
      `KVM-${String(seq).padStart(6, "0")}`,
      seq,
      orderId,
      r.employee_code,
      r.full_name,
      r.gender,
      r.date_of_birth,
      r.relationship,
      r.mobile,
      r.email,
      r.date_of_joining,
      r.band,
      r.range,
      r.age_on_cover_start,
      ctx.now(),
    );
  };
}

export function insertMembers(ctx: ApiContext, orderId: string, ready: readonly ReadyRow[]): void {
  const insert = memberInserter(ctx, orderId);
  for (const { member } of ready) insert(member);
}

/** Saves rows and, if that names every employee bought, issues the policy: the caller's transaction. */
function saveAndMaybeIssue(ctx: ApiContext, m: PaidMembership, ready: readonly ReadyRow[]): boolean {
  insertMembers(ctx, m.order.order_id, ready);
  const summary = censusSummary(ctx, m);
  if (!summary.complete) return false;
  issuePolicy(ctx, {
    orderId: m.order.order_id,
    coverStart: m.coverStart,
    coverEnd: m.coverEnd,
    planName: m.contents.plan.name,
    sumInsuredInr: m.contents.plan.sum_insured_inr,
    company: m.contents.company,
    byCover: summary.by_cover,
  });
  return true;
}

/** Checks rows (saves nothing of the census) and keeps the ready ones for 30 minutes under a check id. */
/**
 * The census as saved, named cheaply: until the policy is issued it only grows (members are added, never
 * changed), so how many there are and the last one's number say whether it is the same census.
 */
function censusVersion(ctx: ApiContext, orderId: string): string {
  const v = sql(ctx.db, "SELECT COUNT(*) AS n, MAX(seq) AS last FROM members WHERE order_id = ?").get(orderId) as {
    n: number;
    last: number | null;
  };
  return `${v.n}:${v.last}`;
}

/**
 * Rows checked in a worker thread against the census as saved now (docs/decisions/0041): the check of
 * 10,000 rows is most of a second of CPU. `use` then answers that check inside the caller's transaction
 * if nothing was saved meanwhile and the day is the same, else checks again there, against the census
 * the transaction sees.
 */
async function checkedAhead(ctx: ApiContext, m: PaidMembership, rows: readonly RowInput[]) {
  const orderId = m.order.order_id;
  const version = censusVersion(ctx, orderId);
  const purchase = purchaseOf(ctx, m);
  const ahead = await checkCensusOffThread(rows, savedMembers(ctx, orderId), purchase);
  return {
    use(now: PaidMembership): ReturnType<typeof checkCensus> {
      const current = purchaseOf(ctx, now);
      if (censusVersion(ctx, orderId) === version && current.today === purchase.today) return ahead;
      return checkCensus(rows, savedMembers(ctx, orderId), current);
    },
  };
}

export async function checkRows(ctx: ApiContext, cartId: number, rows: readonly RowInput[]) {
  const before = paidMembership(ctx, cartId);
  refuseIfIssued(ctx, before);
  const checked = await checkedAhead(ctx, before, rows);
  return writeTransaction(ctx.db, () => {
    const m = paidMembership(ctx, cartId);
    refuseIfIssued(ctx, m);
    const result = checked.use(m);
    const now = ctx.now();
    sql(ctx.db, "DELETE FROM census_checks WHERE expires_at <= ?").run(now);
    const checkId = randomUUID();
    sql(
      ctx.db,
      "INSERT INTO census_checks (check_id, order_id, ready, created_at, expires_at) VALUES (?, ?, ?, ?, ?)",
    ).run(checkId, m.order.order_id, JSON.stringify(result.ready), now, now + CHECK_TTL_MS);
    return {
      check_id: checkId,
      ready: result.ready,
      rejected: result.rejected,
      ready_count: result.ready.length,
      rejected_count: result.rejectedRows,
      // Rows whose person is saved already: not problems, so a corrected file can be uploaded again.
      skipped: result.skipped,
    };
  });
}

type CheckRow = { ready: string; expires_at: number; added: number | null };
const readCheck = (ctx: ApiContext, checkId: string, orderId: string) =>
  sql(ctx.db, "SELECT ready, expires_at, added FROM census_checks WHERE check_id = ? AND order_id = ?").get(
    checkId,
    orderId,
  ) as CheckRow | undefined;
const readyRows = (check: CheckRow) =>
  (JSON.parse(check.ready) as ReadyRow[]).map((r) => ({ ...r.member, row_number: r.row_number }));

/**
 * Saves exactly the ready rows of a check, re-checked against the census as it is now, in one IMMEDIATE
 * transaction. A second confirm of the same check answers the same count and saves nothing again.
 */
export async function confirmCheck(
  ctx: ApiContext,
  cartId: number,
  checkId: string,
): Promise<{ added: number; issued: boolean; m: PaidMembership }> {
  const before = paidMembership(ctx, cartId);
  const pending = readCheck(ctx, checkId, before.order.order_id);
  // The re-check, in a thread, of a check still to confirm; the transaction decides whether it stands.
  const checked =
    pending !== undefined && pending.added === null && policyOf(ctx, before.order.order_id) === undefined
      ? await checkedAhead(ctx, before, readyRows(pending))
      : undefined;
  return writeTransaction(ctx.db, () => {
    const m = paidMembership(ctx, cartId);
    const check = readCheck(ctx, checkId, m.order.order_id);
    if (check === undefined || (check.added === null && check.expires_at <= ctx.now())) {
      throw new HttpError(404, "This check has expired (checks are kept for 30 minutes): upload the file again");
    }
    if (check.added !== null) return { added: check.added, issued: false, m };
    refuseIfIssued(ctx, m);
    const again =
      checked?.use(m) ?? checkCensus(readyRows(check), savedMembers(ctx, m.order.order_id), purchaseOf(ctx, m));
    if (again.rejected.length > 0) {
      throw new HttpError(409, "Some rows are no longer ready: check the file again", { rejected: again.rejected });
    }
    const issued = saveAndMaybeIssue(ctx, m, again.ready);
    // The rows are saved now: the check keeps only its count, so a second confirm answers the same.
    sql(ctx.db, "UPDATE census_checks SET ready = '[]', confirmed_at = ?, added = ? WHERE check_id = ?").run(
      ctx.now(),
      again.ready.length,
      checkId,
    );
    return { added: again.ready.length, issued, m };
  });
}

/** The add-one form: an employee and their dependants, checked and saved at once, or nothing saved. */
export function addMembers(
  ctx: ApiContext,
  cartId: number,
  rows: readonly Omit<RowInput, "row_number">[],
): { added: number; issued: boolean; m: PaidMembership } {
  return writeTransaction(ctx.db, () => {
    const m = paidMembership(ctx, cartId);
    refuseIfIssued(ctx, m);
    const result = checkCensus(
      rows.map((r, i) => ({ ...r, row_number: i + 1 })),
      savedMembers(ctx, m.order.order_id),
      purchaseOf(ctx, m),
    );
    // A form adds someone new: the very person saved already is a refusal here, not a row to skip.
    const rejected: Rejection[] = [
      ...result.skipped.map((r) => ({ ...r, message: "This person is already on the list" })),
      ...result.rejected,
    ].sort((a, b) => a.row_number - b.row_number);
    if (rejected.length > 0) throw new HttpError(422, "Some rows need fixing", { rejected });
    const issued = saveAndMaybeIssue(ctx, m, result.ready);
    return { added: result.ready.length, issued, m };
  });
}
