// Changes during the year to a paid membership (docs/product.md, Changes during the year): a joiner added
// or a leaver removed, each with an effective date; quoted first, then confirmed once (or paid for). The
// rules it meets are in change-rules.ts, its price in change-pricing.ts, who it is about in
// change-subject.ts, how it is kept in change-store.ts and what it does to monthly charges in change-charges.ts.
import { randomUUID } from "node:crypto";
import { creditAvailable, issueChangeDocuments } from "../billing/change-documents";
import type { ApiContext } from "../shared/context";
import { recordEndorsement } from "./endorsements";
import { istDate, longDate } from "../shared/dates";
import { HttpError } from "../shared/envelope";
import type { Rejection } from "./census";
import type { PaidMembership } from "./members";
import { sql } from "../store/statements";
import { writeTransaction } from "../store/db";
import { type ChangeRequest, type ChangePrice, checkDates, checkHeadcount, checkTeamNamed } from "./change-rules";
import { priceOf, type Basis, basisOf, withMonthly } from "./change-pricing";
import { type Subject, subject, applyToCensus } from "./change-subject";
import {
  type ChangeRow,
  changeJson,
  type ChangeJson,
  removeExpiredQuotes,
  personShown,
  requestOf,
  findChange,
} from "./change-store";

/** Checks and prices a change and keeps the quote; nothing about the membership changes yet. */
export function quoteChange(ctx: ApiContext, m: PaidMembership, req: ChangeRequest): ChangeJson {
  return writeTransaction(ctx.db, () => {
    checkTeamNamed(ctx, m);
    removeExpiredQuotes(ctx, m.order.order_id);
    return quoteOne(ctx, m, req, basisOf(ctx, m));
  });
}

export type BatchQuote =
  { change: ChangeJson } | { error: { status: number; message: string; field?: string; rejected?: Rejection[] } };

/**
 * Quotes many changes in one transaction (an upload, docs/decisions/0042): each is checked and priced on its
 * own, exactly as one quote is, and answered in order with its change or its refusal. The quotes share
 * the batch's id, which "confirm all" names.
 */
export function quoteChanges(
  ctx: ApiContext,
  m: PaidMembership,
  reqs: readonly ChangeRequest[],
): { batch_id: string; results: BatchQuote[] } {
  const batchId = randomUUID();
  return writeTransaction(ctx.db, () => {
    checkTeamNamed(ctx, m);
    removeExpiredQuotes(ctx, m.order.order_id);
    const basis = basisOf(ctx, m);
    const results = reqs.map((req): BatchQuote => {
      try {
        return { change: quoteOne(ctx, m, req, basis, batchId) };
      } catch (error) {
        if (!(error instanceof HttpError)) throw error;
        const data = (error.data ?? {}) as { field?: string; rejected?: Rejection[] };
        return { error: { status: error.status, message: error.message, ...data } };
      }
    });
    return { batch_id: batchId, results };
  });
}

function quoteOne(
  ctx: ApiContext,
  m: PaidMembership,
  req: ChangeRequest,
  basis: Basis,
  batchId: string | null = null,
): ChangeJson {
  const now = ctx.now();
  const today = istDate(now);
  checkDates(req, m, today, basis);
  const s = subject(ctx, m, req, today);
  checkHeadcount(basis, req.kind);
  const row: ChangeRow = {
    change_id: `KVC-${randomUUID()}`,
    order_id: m.order.order_id,
    kind: req.kind === "remove" ? "remove" : "add",
    employee_code: s.employeeCode,
    band: s.band,
    range_code: s.range,
    effective_date: req.effective_date,
    reason: req.kind === "remove" ? req.reason : null,
    priced_on: today,
    price: JSON.stringify(withMonthly(priceOf(req, s.unit, m, today), basis, m)),
    status: "quoted",
    quoted_at: now,
    confirmed_at: null,
    confirmed_by: null,
    members: JSON.stringify(req.kind === "remove" ? s.named.map(personShown) : s.named),
    event: req.kind === "family" ? req.event : null,
    from_range: s.fromRange ?? null,
  };
  sql(
    ctx.db,
    `INSERT INTO membership_changes (change_id, order_id, kind, employee_code, band, range_code, effective_date, reason,
      priced_on, price, status, quoted_at, confirmed_at, confirmed_by, members, event, from_range, batch_id)
     VALUES (@change_id, @order_id, @kind, @employee_code, @band, @range_code, @effective_date, @reason,
      @priced_on, @price, @status, @quoted_at, @confirmed_at, @confirmed_by, @members, @event, @from_range, @batch_id)`,
  ).run({ ...row, batch_id: batchId });
  return changeJson(row);
}

/**
 * The membership's credit a yearly addition uses: all of its total the credit covers (decision 0026), of
 * the credit no other open payment has reserved (decision 0042); 0 for every other change.
 */
export function creditFor(ctx: ApiContext, m: PaidMembership, row: ChangeRow): number {
  const price = JSON.parse(row.price) as ChangePrice;
  if (row.kind !== "add" || price.policy !== "yearly" || price.total_paise <= 0) return 0;
  return Math.min(creditAvailable(ctx, m.order.order_id, row.change_id), price.total_paise);
}

/**
 * What an addition asks the payment sandbox for before it is made (no cover before premium): yearly, its
 * total less the credit it uses; monthly, the part-month to the next charge; 0 for every other change,
 * made by a confirm.
 */
export function amountDue(ctx: ApiContext, m: PaidMembership, row: ChangeRow): number {
  const price = JSON.parse(row.price) as ChangePrice;
  if (row.kind !== "add" || price.total_paise <= 0) return 0;
  if (price.policy === "monthly") return price.due_now?.total_paise ?? 0;
  return price.total_paise - creditFor(ctx, m, row);
}

export type Requote = { ok: false; fresh: ChangeJson; pricedOn: string };
/** `row`: the change as priced again, when only the mandate's new total moved (confirmed together). */
export type Recheck = { ok: true; subject: Subject; row?: ChangeRow } | Requote;

/**
 * A quoted change checked and priced again as of now; a different price (the amount, the days, the charge
 * it starts from) is quoted afresh, never applied silently. The caller's transaction.
 */
export function recheck(
  ctx: ApiContext,
  m: PaidMembership,
  row: ChangeRow,
  basis = basisOf(ctx, m),
  { together = false, asOf }: { together?: boolean; asOf?: string } = {},
): Recheck {
  // A payment that settles later was made on `asOf`: its premium was received that day, as priced then.
  const today = asOf ?? istDate(ctx.now());
  const req = requestOf(row);
  checkDates(req, m, today, basis);
  checkHeadcount(basis, req.kind);
  const s = subject(ctx, m, req, today);
  const price = withMonthly(priceOf(req, s.unit, m, today), basis, m);
  if (JSON.stringify(price) === row.price) return { ok: true, subject: s };
  // Confirmed together, monthly changes move the mandate's total one after another: what each change
  // costs is as quoted, so only that total is brought up to date (docs/decisions/0042).
  const quoted = JSON.parse(row.price) as ChangePrice;
  if (together && JSON.stringify({ ...price, new_monthly_paise: quoted.new_monthly_paise }) === row.price) {
    const fresh = JSON.stringify(price);
    sql(ctx.db, "UPDATE membership_changes SET price = ? WHERE change_id = ?").run(fresh, row.change_id);
    return { ok: true, subject: s, row: { ...row, price: fresh } };
  }
  return { ok: false, fresh: quoteOne(ctx, m, req, basis), pricedOn: row.priced_on };
}

export const requoted = (r: Requote) =>
  new HttpError(
    409,
    `The price has changed since it was quoted on ${longDate(r.pricedOn)}: it is now shown again. Check it and confirm.`,
    { change: r.fresh },
  );

/**
 * Makes a rechecked change: saved to the census and confirmed, with its documents and, once the policy is
 * issued, its endorsement. The caller's transaction.
 */
export function makeChange(
  ctx: ApiContext,
  m: PaidMembership,
  row: ChangeRow,
  s: Subject,
  by: string,
  paid: { paymentId: string; creditPaise: number } | null = null,
): ChangeJson {
  const now = ctx.now();
  // The credit it uses: what its payment counted on, or, made by a confirm, what is free now.
  const creditPaise = paid?.creditPaise ?? creditFor(ctx, m, row);
  applyToCensus(ctx, m, s);
  sql(
    ctx.db,
    "UPDATE membership_changes SET status = 'confirmed', confirmed_at = ?, confirmed_by = ? WHERE change_id = ?",
  ).run(now, by, row.change_id);
  // Made: no payment of it holds credit any more (a later one is refunded whole).
  sql(ctx.db, "UPDATE change_payments SET credit_paise = 0 WHERE change_id = ?").run(row.change_id);
  const confirmed = changeJson({ ...row, status: "confirmed", confirmed_at: now, confirmed_by: by });
  issueChangeDocuments(ctx, { ...confirmed, payment_id: paid?.paymentId ?? null, credit_paise: creditPaise });
  recordEndorsement(ctx, row.change_id);
  return confirmed;
}

/**
 * Confirms a quoted change once, in an IMMEDIATE transaction: a second confirm of the same change answers
 * the change as confirmed. Confirmed on another day than it was priced, it is priced again; a different
 * price is refused with 409 and a fresh quote (kept: it is committed before the refusal), never charged
 * silently. A yearly addition with something to pay is made by its payment instead.
 */
export function confirmChange(ctx: ApiContext, m: PaidMembership, changeId: string, by: string): ChangeJson {
  const done = writeTransaction(ctx.db, (): ChangeJson | Requote => {
    const row = findChange(ctx, m, changeId);
    if (row.status === "confirmed") return changeJson(row);
    if (amountDue(ctx, m, row) > 0)
      throw new HttpError(409, "An addition is paid for before it is made: pay for it first.");
    const checked = recheck(ctx, m, row);
    return checked.ok ? makeChange(ctx, m, row, checked.subject, by) : checked;
  });
  if ("change_id" in done) return done;
  throw requoted(done);
}

export type BatchConfirm = { change: ChangeJson } | { error: { change_id: string; status: number; message: string } };

/** Made together by "confirm all": every change but an addition with something to pay, paid on its own page. */
export function confirmableTogether(change: { kind: string; price: string }): boolean {
  const price = JSON.parse(change.price) as ChangePrice;
  return !(change.kind === "add" && price.total_paise > 0);
}

/**
 * "Confirm all" for an upload's batch in one call (docs/decisions/0042): each change that needs no payment
 * confirmed exactly as `confirmChange` does, in a savepoint of its own, so one refused (a price moved) leaves
 * the others made; one confirmed already is answered as it is (a second submit makes nothing twice). The
 * employees covered and the monthly charge are carried from change to change rather than read again.
 * 410 when none of the batch is left (its quotes expired and were removed).
 */
export function confirmBatch(ctx: ApiContext, m: PaidMembership, batchId: string, by: string): BatchConfirm[] {
  // Removed for good, whatever the answer.
  writeTransaction(ctx.db, () => removeExpiredQuotes(ctx, m.order.order_id));
  return writeTransaction(ctx.db, () => {
    const rows = (
      sql(ctx.db, "SELECT * FROM membership_changes WHERE order_id = ? AND batch_id = ? ORDER BY rowid").all(
        m.order.order_id,
        batchId,
      ) as ChangeRow[]
    ).filter(confirmableTogether);
    if (rows.length === 0) throw new HttpError(410, "These changes have expired: upload the file again.");
    const basis = basisOf(ctx, m);
    return rows.map((row): BatchConfirm => {
      if (row.status === "confirmed") return { change: changeJson(row) };
      try {
        // A moved price is kept quoted afresh, as one confirm keeps it, and refused.
        const done = writeTransaction(ctx.db, (): ChangeJson | Requote => {
          const checked = recheck(ctx, m, row, basis, { together: true });
          return checked.ok ? makeChange(ctx, m, checked.row ?? row, checked.subject, by) : checked;
        });
        if (!("change_id" in done)) throw requoted(done);
        if (row.event === null) basis.employees += row.kind === "add" ? 1 : -1;
        basis.confirmedPaise += done.price.total_paise;
        return { change: done };
      } catch (error) {
        if (!(error instanceof HttpError)) throw error;
        return { error: { change_id: row.change_id, status: error.status, message: error.message } };
      }
    });
  });
}
