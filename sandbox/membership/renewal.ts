// Renewal (docs/product.md, Renewal; docs/decisions/0051): the window before a policy period ends, the
// quote for the next period from the members covered today re-banded by age on the renewal date, the
// renewal order paid at the gateway as a purchase is, and the next period it issues with the census kept.
import {
  findPlan,
  listBands,
  listCoverages,
  listPlans,
  listRanges,
  rateFor,
  resolveCoverages,
} from "../catalog/catalog";
import { type Policy, type Quote, computeQuote, taxRegimeFor, unitMonthlyPaise } from "../catalog/pricing";
import { type OrderRow, coverStartOf, findOrder, orderJson, parseContents } from "../checkout/orders";
import type { OrderContents } from "../checkout/order-contents";
import type { ApiContext } from "../shared/context";
import { coverEndDate, coverHasEnded } from "../shared/cover-dates";
import { addDays, istDate } from "../shared/dates";
import { HttpError } from "../shared/envelope";
import { writeTransaction } from "../store/db";
import { gatewayId } from "../store/ids";
import { sql, sqlValues } from "../store/statements";
import { ageOn, bandBounds } from "./census";
import { type MemberRow, type PaidMembership, memberInserter, membersOf } from "./members";
import { issuePolicy } from "./policy";
import { queuePolicyEmails } from "./policy-email";

/** The renewal is offered from this many days before the last day of cover. */
export const RENEWAL_OPENS_DAYS = 45;
/** After the last day of cover, the renewal stays open this many days; then a new purchase is needed. */
export const GRACE_DAYS = 30;

export type RenewalState = "not_open" | "open" | "grace" | "closed";

/** Whole days from `from` to `to` (negative when `to` is earlier). */
function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

export interface RenewalWindow {
  state: RenewalState;
  opens_on: string;
  cover_end_date: string;
  renewal_date: string;
  grace_ends_on: string;
  /** Days from today to the last day of cover: 0 on it, negative once it has passed. */
  days_to_end: number;
}

export function renewalWindow(coverEnd: string, today: string): RenewalWindow {
  const opensOn = addDays(coverEnd, -RENEWAL_OPENS_DAYS);
  const graceEndsOn = addDays(coverEnd, GRACE_DAYS);
  const state: RenewalState =
    today < opensOn ? "not_open" : !coverHasEnded(coverEnd, today) ? "open" : today <= graceEndsOn ? "grace" : "closed";
  return {
    state,
    opens_on: opensOn,
    cover_end_date: coverEnd,
    renewal_date: addDays(coverEnd, 1),
    grace_ends_on: graceEndsOn,
    days_to_end: daysBetween(today, coverEnd),
  };
}

/** The renewal's window for the membership's period, and the renewal order if one was made. */
export function renewalOf(ctx: ApiContext, m: PaidMembership) {
  const window = renewalWindow(m.coverEnd, istDate(ctx.now()));
  const order = renewalOrderOf(ctx, m.order.order_id);
  return {
    ...window,
    order: order === undefined ? null : { ...orderJson(ctx, order), cover_starts_on: order.cover_starts_on },
  };
}

function renewalOrderOf(ctx: ApiContext, orderId: string): OrderRow | undefined {
  const id = sqlValues(
    ctx.db,
    "SELECT order_id FROM orders WHERE renewal_of = ? AND status <> 'superseded' ORDER BY seq DESC LIMIT 1",
  ).get(orderId) as string | undefined;
  return id === undefined ? undefined : findOrder(ctx, id);
}

/** The band of an age among the catalogue's, or undefined past the oldest. */
function bandOfAge(ctx: ApiContext, age: number): string | undefined {
  return listBands(ctx.db).find((b) => {
    const bounds = bandBounds(b.code);
    return bounds !== null && age >= bounds.min && age <= bounds.max;
  })?.code;
}

export interface RenewalLine {
  employee_code: string;
  full_name: string;
  range: string;
  range_label: string;
  lives: number;
  age_on_renewal: number;
  band_before: string;
  band_before_label: string;
  band_after: string | null;
  band_after_label: string | null;
  moved_band: boolean;
  monthly_before_paise: number;
  monthly_after_paise: number | null;
}

/** Employees covered today (a leaver whose last day has passed is not), each with their family. */
function coveredFamilies(ctx: ApiContext, m: PaidMembership): { employee: MemberRow; family: MemberRow[] }[] {
  const today = istDate(ctx.now());
  const covered = membersOf(ctx, m.order.order_id).filter(
    (r) => r.cover_ended_on === null || r.cover_ended_on >= today,
  );
  return covered
    .filter((r) => r.relationship === "self")
    .map((employee) => ({ employee, family: covered.filter((r) => r.employee_code === employee.employee_code) }));
}

/** The admin's choice for the next period; what is left out stays as this period has it. */
export interface RenewalChoice {
  plan_id?: string;
  /** The optional benefits chosen; the required ones are always in. */
  coverages?: readonly string[];
}

/** The next period's plan and benefits: this period's, or the ones chosen from today's catalogue. */
function nextCover(ctx: ApiContext, c: OrderContents, choice: RenewalChoice) {
  const plan = choice.plan_id === undefined ? c.plan : findPlan(ctx.db, choice.plan_id);
  if (plan === undefined) throw new HttpError(400, `Unknown plan: ${choice.plan_id}.`);
  const coverages =
    choice.coverages === undefined
      ? c.coverages
      : resolveCoverages(ctx.db, choice.coverages).map(({ id, name, monthly_paise }) => ({ id, name, monthly_paise }));
  return {
    plan: { plan_id: plan.plan_id, name: plan.name, sum_insured_inr: plan.sum_insured_inr },
    coverages,
  };
}

/**
 * The quote for the next period: the same plan and benefits unless the admin chooses others, each
 * employee re-banded by their age on the renewal date, line by line against this period, with GST. An
 * employee past the oldest band cannot be renewed and is listed apart. With it, what can be chosen:
 * the catalogue's plans and benefits, marked as this quote has them.
 */
export function renewalQuote(ctx: ApiContext, m: PaidMembership, choice: RenewalChoice = {}) {
  const window = renewalWindow(m.coverEnd, istDate(ctx.now()));
  const c = m.contents;
  const next = nextCover(ctx, c, choice);
  const addOns = next.coverages.map((cov) => cov.monthly_paise);
  const ranges = new Map(listRanges(ctx.db).map((r) => [r.code, r.label]));
  const bands = new Map(listBands(ctx.db).map((b) => [b.code, b.label]));
  const boughtUnit = new Map(c.people.map((p) => [`${p.band}\u0000${p.range}`, p.unit_monthly_paise]));
  const lines: RenewalLine[] = coveredFamilies(ctx, m).map(({ employee, family }) => {
    const age = ageOn(employee.date_of_birth, window.renewal_date);
    const after = bandOfAge(ctx, age) ?? null;
    const before =
      boughtUnit.get(`${employee.band}\u0000${employee.range}`) ??
      unitMonthlyPaise(rateFor(ctx.db, employee.band, employee.range, c.plan.sum_insured_inr), addOns);
    return {
      employee_code: employee.employee_code,
      full_name: employee.full_name,
      range: employee.range,
      range_label: ranges.get(employee.range) ?? employee.range,
      lives: family.length,
      age_on_renewal: age,
      band_before: employee.band,
      band_before_label: bands.get(employee.band) ?? employee.band,
      band_after: after,
      band_after_label: after === null ? null : (bands.get(after) ?? after),
      moved_band: after !== employee.band,
      monthly_before_paise: before,
      monthly_after_paise:
        after === null
          ? null
          : unitMonthlyPaise(rateFor(ctx.db, after, employee.range, next.plan.sum_insured_inr), addOns),
    };
  });
  const regime = taxRegimeFor(c.company.state_code, c.company.is_sez === 1);
  const group = (rows: { band: string; range: string; unit: number }[]): Quote => {
    const counts = new Map<string, { band: string; range: string; count: number; unit_monthly_paise: number }>();
    for (const r of rows) {
      const key = `${r.band}\u0000${r.range}`;
      const row = counts.get(key) ?? { band: r.band, range: r.range, count: 0, unit_monthly_paise: r.unit };
      row.count += 1;
      counts.set(key, row);
    }
    return computeQuote([...counts.values()], regime);
  };
  const renewed = lines.filter((l) => l.band_after !== null);
  return {
    ...window,
    cover_starts_on: window.renewal_date,
    cover_ends_on: coverEndDate(window.renewal_date),
    plan: next.plan,
    benefits: next.coverages.map((cov) => ({ id: cov.id, name: cov.name })),
    plan_before: c.plan,
    benefits_before: c.coverages.map((cov) => ({ id: cov.id, name: cov.name })),
    choices: {
      plans: listPlans(ctx.db).map((p) => ({ plan_id: p.plan_id, name: p.name, sum_insured_inr: p.sum_insured_inr })),
      coverages: listCoverages(ctx.db).map((cov) => ({
        id: cov.id,
        name: cov.name,
        monthly_paise: cov.monthly_paise,
        required: cov.is_required === 1,
        chosen: next.coverages.some((n) => n.id === cov.id),
      })),
    },
    tax_regime: regime,
    lines,
    moved_band: lines.filter((l) => l.moved_band && l.band_after !== null).length,
    not_renewable: lines.filter((l) => l.band_after === null).map((l) => l.employee_code),
    before: group(lines.map((l) => ({ band: l.band_before, range: l.range, unit: l.monthly_before_paise }))),
    after: group(renewed.map((l) => ({ band: l.band_after!, range: l.range, unit: l.monthly_after_paise! }))),
  };
}

type RenewalQuote = ReturnType<typeof renewalQuote>;

/** The renewal's order contents: this period's, with the re-banded people and the next period's bill. */
function renewalContents(
  ctx: ApiContext,
  c: OrderContents,
  quote: RenewalQuote,
  choice: RenewalChoice,
  policy: Policy,
): OrderContents {
  const bands = new Map(listBands(ctx.db).map((b) => [b.code, b.label]));
  const next = nextCover(ctx, c, choice);
  const addOns = next.coverages.reduce((sum, cov) => sum + cov.monthly_paise, 0);
  return {
    ...c,
    plan: next.plan,
    coverages: next.coverages,
    people: quote.after.lines.map((l) => ({
      band: l.band,
      band_label: bands.get(l.band) ?? l.band,
      range: l.range,
      range_label: quote.lines.find((q) => q.range === l.range)?.range_label ?? l.range,
      count: l.count,
      rate_paise: l.unit_monthly_paise - addOns,
      unit_monthly_paise: l.unit_monthly_paise,
    })),
    members: quote.after.members,
    tax_regime: quote.tax_regime,
    bill: quote.after[policy],
  };
}

/**
 * The renewal order for the quote as it stands with the admin's choice, paid at the sandbox gateway like
 * a purchase's. One open at a time: asking again gives back the open one while the quote is unchanged,
 * else replaces it.
 */
export function createRenewalOrder(
  ctx: ApiContext,
  m: PaidMembership,
  choice: RenewalChoice,
  policy: Policy,
  callbackUrl: string,
) {
  return writeTransaction(ctx.db, () => {
    const quote = renewalQuote(ctx, m, choice);
    if (quote.state === "not_open") {
      throw new HttpError(409, `The renewal opens on ${quote.opens_on}.`);
    }
    if (quote.state === "closed") {
      throw new HttpError(409, `The renewal closed on ${quote.grace_ends_on}; buy a new membership instead.`);
    }
    const existing = renewalOrderOf(ctx, m.order.order_id);
    if (existing?.status === "paid") throw new HttpError(409, "This period is already renewed.");
    if (quote.after.members === 0) throw new HttpError(409, "Nobody covered today can be renewed.");
    const contents = renewalContents(ctx, m.contents, quote, choice, policy);
    const hash = JSON.stringify([
      contents.plan.plan_id,
      contents.coverages.map((cov) => cov.id),
      contents.people,
      contents.bill.total_paise,
      policy,
    ]);
    if (existing !== undefined && existing.contents_hash === hash) return existing;
    if (existing?.status === "pending") {
      throw new HttpError(409, "A payment for this renewal is still being processed. Try again in a minute.");
    }
    if (existing !== undefined) {
      sql(ctx.db, "UPDATE orders SET status = 'superseded', updated_at = ? WHERE order_id = ?").run(
        ctx.now(),
        existing.order_id,
      );
    }
    const orderId = gatewayId("order");
    const bill = contents.bill;
    sql(
      ctx.db,
      `INSERT INTO orders (order_id, cart_id, receipt, contents_hash, policy, amount_paise, premium_paise, tax_paise,
         callback_url, status, created_at, updated_at, contents, renewal_of, cover_starts_on)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'created', ?, ?, ?, ?, ?)`,
    ).run(
      orderId,
      m.cartId,
      `rcpt_${m.cartId}_renewal_${quote.renewal_date}_${orderId.slice(-8)}`,
      hash,
      policy,
      bill.total_paise,
      bill.premium_paise,
      bill.tax_paise,
      callbackUrl,
      ctx.now(),
      ctx.now(),
      JSON.stringify(contents),
      m.order.order_id,
      quote.renewal_date,
    );
    ctx.log({ event: "renewal_order_created", order_id: orderId, renews: m.order.order_id, policy });
    return findOrder(ctx, orderId)!;
  });
}

/**
 * Once a renewal order is paid: the census carried into the next period (each family in its new band,
 * nobody named again), the policy for that period issued with its e-cards, and the papers emailed.
 * Runs again harmlessly; answers whether it issued anything.
 */
export function completeRenewal(ctx: ApiContext, orderId: string): boolean {
  const order = findOrder(ctx, orderId);
  if (order?.status !== "paid" || order.renewal_of === null || order.paid_at === null) return false;
  const issued = writeTransaction(ctx.db, () => {
    if ((sqlValues(ctx.db, "SELECT COUNT(*) FROM policies WHERE order_id = ?").get(orderId) as number) > 0) {
      return false;
    }
    const previous = findOrder(ctx, order.renewal_of!)!;
    const start = coverStartOf({ ...order, paid_at: order.paid_at! });
    const contents = parseContents(order)!;
    const renewable = new Set(contents.people.map((p) => p.band));
    const bought = new Map<string, number>();
    const insert = memberInserter(ctx, orderId);
    const previousMembership = {
      cartId: order.cart_id,
      order: previous,
      contents: parseContents(previous)!,
      coverStart: coverStartOf({ ...previous, paid_at: previous.paid_at! }),
      coverEnd: addDays(start, -1),
    };
    for (const { employee, family } of coveredFamilies(ctx, previousMembership)) {
      const band = bandOfAge(ctx, ageOn(employee.date_of_birth, start));
      if (band === undefined || !renewable.has(band)) continue;
      const slot = `${band}\u0000${employee.range}`;
      bought.set(slot, (bought.get(slot) ?? 0) + 1);
      for (const r of family) insert({ ...r, band, age_on_cover_start: ageOn(r.date_of_birth, start) });
    }
    const lives = sql(
      ctx.db,
      "SELECT band, range_code AS range, SUM(relationship = 'self') AS employees, COUNT(*) AS lives FROM members WHERE order_id = ? GROUP BY band, range_code",
    ).all(orderId) as { band: string; range: string; employees: number; lives: number }[];
    issuePolicy(ctx, {
      orderId,
      coverStart: start,
      coverEnd: coverEndDate(start),
      planName: contents.plan.name,
      sumInsuredInr: contents.plan.sum_insured_inr,
      company: contents.company,
      byCover: contents.people.map((p) => {
        const named = lives.find((l) => l.band === p.band && l.range === p.range);
        return {
          band: p.band,
          band_label: p.band_label,
          range: p.range,
          range_label: p.range_label,
          employees_named: named?.employees ?? 0,
          lives_named: named?.lives ?? 0,
        };
      }),
    });
    ctx.log({ event: "renewal_issued", order_id: orderId, renews: previous.order_id });
    return true;
  });
  if (issued) queuePolicyEmails(ctx, orderId, parseContents(order)!.admin.email);
  return issued;
}
