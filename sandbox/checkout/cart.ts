import { z } from "zod";
import {
  type Company,
  type Coverage,
  type Plan,
  findCompany,
  UNDERWRITING,
  findPlan,
  listBands,
  listRanges,
  rangeRelations,
  rateFor,
  resolveCoverages,
} from "../catalog/catalog";
import { purchaseDocuments } from "../billing/suppliers";
import { SUM_INSURED_BASIS } from "../catalog/sum-insured";
import { checkGstin } from "../shared/gstin";
import { type ApiContext, iso } from "../shared/context";
import { HttpError, parseInput } from "../shared/envelope";
import { type Policy, type Quote, computeQuote, taxRegimeFor, unitMonthlyPaise } from "../catalog/pricing";
import { quoteWithItems } from "../catalog/quote-items";
import { writeTransaction } from "../store/db";
import { refuseIfTaken } from "../membership/access-requests";
import { sql, sqlValues } from "../store/statements";

const MAX_PEOPLE = 10_000;

const nameSchema = z
  .string()
  .trim()
  .min(1, "Enter the admin's name.")
  .max(80, "The name can be at most 80 characters.")
  .regex(/^[\p{L}\p{M} ]+$/u, "The name can have letters and spaces only.");
// docs/product.md, Checkout steps: the standard pattern, with a top-level part of 2 to 20 letters.
const emailSchema = z
  .string()
  .trim()
  .max(254, "The email address is too long.")
  .regex(/^[^\s@]+@[^\s@]+\.[A-Za-z]{2,20}$/, "Enter a valid email address.");
const employeesSchema = z
  .number({ invalid_type_error: "total_employees must be a number or null." })
  .int("Employees range can be from 2 to 10,000")
  .min(2, "Employees range can be from 2 to 10,000")
  .max(10_000, "Employees range can be from 2 to 10,000")
  .nullable()
  .optional()
  .transform((n) => n ?? null);

const peopleRowsSchema = z
  .array(
    z.object({
      band: z.string().max(20),
      range: z.string().max(20),
      count: z
        .number({ invalid_type_error: "count must be a whole number." })
        .int("count must be a whole number.")
        .min(0, "count cannot be negative.")
        .max(MAX_PEOPLE, "count can be at most 10,000."),
    }),
  )
  .max(100, "Too many rows.");

const UPDATE_TYPES = ["company", "admin", "plan", "people", "billing"] as const;

const updateSchema = z.discriminatedUnion(
  "type",
  [
    z.object({ type: z.literal("company"), item: z.object({ gstin: z.string().max(40) }) }),
    z.object({
      type: z.literal("admin"),
      item: z.object({
        name: nameSchema,
        email: emailSchema,
        total_employees: employeesSchema,
        // The buyer declares they may buy for the company (docs/product.md, One membership per company).
        authorised: z.literal(true, {
          errorMap: () => ({ message: "Confirm that you are authorised to buy cover for this company." }),
        }),
      }),
    }),
    z.object({
      type: z.literal("plan"),
      item: z.object({
        plan_id: z.string().min(1, "plan_id is required.").max(100),
        coverage_ids: z.array(z.string().max(100)).max(20),
      }),
    }),
    z.object({
      type: z.literal("people"),
      item: z.object({
        rows: peopleRowsSchema,
      }),
    }),
    z.object({
      type: z.literal("billing"),
      item: z.object({
        policy: z.enum(["monthly", "yearly"], { errorMap: () => ({ message: "policy must be monthly or yearly." }) }),
      }),
    }),
  ],
  {
    errorMap: (issue, ctx) => ({
      message:
        issue.code === "invalid_union_discriminator"
          ? `type must be one of ${UPDATE_TYPES.join(", ")}.`
          : ctx.defaultError,
    }),
  },
);

export type CartUpdate = z.infer<typeof updateSchema>;

export function parseCartUpdate(body: unknown): CartUpdate {
  return parseInput(updateSchema, body);
}

export interface PeopleRow {
  band: string;
  range: string;
  count: number;
}

export interface CartDetails {
  id: number;
  company: Company | null;
  admin: { name: string; email: string; total_employees: number | null } | null;
  plan: (Plan & { coverages: Coverage[] }) | null;
  people: { rows: PeopleRow[]; total: number } | null;
  billing: { policy: Policy } | null;
  quote: Quote | null;
  updatedAt: number;
}

interface CartRow {
  id: number;
  company_gstin: string | null;
  admin_name: string | null;
  admin_email: string | null;
  admin_total_employees: number | null;
  plan_id: string | null;
  billing_policy: Policy | null;
  updated_at: number;
}

/** One cart per user: created on first use. */
export function cartIdFor(ctx: ApiContext, mobileNo: string): number {
  const now = ctx.now();
  sql(
    ctx.db,
    "INSERT INTO carts (mobile_no, created_at, updated_at) VALUES (?, ?, ?) ON CONFLICT(mobile_no) DO NOTHING",
  ).run(mobileNo, now, now);
  return sqlValues(ctx.db, "SELECT id FROM carts WHERE mobile_no = ?").get(mobileNo) as number;
}

export function readCart(ctx: ApiContext, cartId: number): CartDetails {
  const db = ctx.db;
  const row = sql(
    db,
    `SELECT id, company_gstin, admin_name, admin_email, admin_total_employees, plan_id, billing_policy, updated_at
       FROM carts WHERE id = ?`,
  ).get(cartId) as CartRow;
  const company = row.company_gstin === null ? null : (findCompany(db, row.company_gstin) ?? null);
  const admin =
    row.admin_name === null || row.admin_email === null
      ? null
      : { name: row.admin_name, email: row.admin_email, total_employees: row.admin_total_employees };
  const basePlan = row.plan_id === null ? undefined : findPlan(db, row.plan_id);
  const plan =
    basePlan === undefined
      ? null
      : {
          ...basePlan,
          coverages: resolveCoverages(
            db,
            sqlValues(db, "SELECT coverage_id FROM cart_coverages WHERE cart_id = ?").all(cartId) as string[],
          ),
        };
  const rows = sql(
    db,
    `SELECT p.band, p.range_code AS range, p.count FROM cart_people p
       JOIN age_bands b ON b.code = p.band JOIN family_ranges f ON f.code = p.range_code
       WHERE p.cart_id = ? ORDER BY b.sort_order, f.sort_order`,
  ).all(cartId) as PeopleRow[];
  const people = rows.length === 0 ? null : { rows, total: rows.reduce((sum, r) => sum + r.count, 0) };
  // Tax depends on the buyer's state, so a quote needs the company as well as the plan and the people.
  const quote =
    company === null || plan === null || people === null
      ? null
      : computeQuote(
          people.rows.map((r) => ({
            ...r,
            unit_monthly_paise: unitMonthlyPaise(
              rateFor(db, r.band, r.range, plan.sum_insured_inr),
              plan.coverages.map((c) => c.monthly_paise),
            ),
          })),
          taxRegimeFor(company.state_code, company.is_sez === 1),
        );
  return {
    id: row.id,
    company,
    admin,
    plan,
    people,
    billing: row.billing_policy === null ? null : { policy: row.billing_policy },
    quote,
    updatedAt: row.updated_at,
  };
}

/** What is being bought: the priced parts of the cart. Admin details and billing choice are not part of it. */
export function contentsKey(cart: CartDetails): string {
  return JSON.stringify({
    gstin: cart.company?.gstin ?? null,
    plan: cart.plan?.plan_id ?? null,
    coverages: cart.plan?.coverages.map((c) => c.id) ?? [],
    people: cart.people?.rows ?? [],
  });
}

/** Paid or being paid: what was bought can no longer change (docs/product.md, After the purchase). */
function isFrozen(ctx: ApiContext, cartId: number): boolean {
  return (
    sqlValues(ctx.db, "SELECT 1 FROM orders WHERE cart_id = ? AND status IN ('paid', 'pending') LIMIT 1").get(
      cartId,
    ) !== undefined
  );
}

export function applyCartUpdate(ctx: ApiContext, cartId: number, update: CartUpdate): void {
  const db = ctx.db;
  writeTransaction(db, () => {
    // Admin details are not priced; everything else is what the payment bought.
    if (update.type !== "admin" && isFrozen(ctx, cartId)) {
      throw new HttpError(
        409,
        "This membership is paid for, so its company, plan, benefits, people and billing can no longer change. To change your cover, contact Kavach support.",
      );
    }
    const before = contentsKey(readCart(ctx, cartId));
    switch (update.type) {
      case "company": {
        const check = checkGstin(update.item.gstin);
        if (!check.ok) throw new HttpError(400, check.msg);
        if (findCompany(db, check.gstin) === undefined) throw companyNotFound(check.gstin);
        refuseIfTaken(
          ctx,
          check.gstin,
          sqlValues(db, "SELECT mobile_no FROM carts WHERE id = ?").get(cartId) as string,
        );
        sql(db, "UPDATE carts SET company_gstin = ? WHERE id = ?").run(check.gstin, cartId);
        break;
      }
      case "admin": {
        const { name, email, total_employees } = update.item;
        sql(
          db,
          `UPDATE carts SET admin_name = ?, admin_email = ?, admin_total_employees = ?,
             authority_declared_at = COALESCE(authority_declared_at, ?) WHERE id = ?`,
        ).run(name.replace(/\s+/g, " "), email, total_employees, ctx.now(), cartId);
        break;
      }
      case "plan": {
        const plan = findPlan(db, update.item.plan_id);
        if (plan === undefined) throw new HttpError(400, `Unknown plan: ${update.item.plan_id}.`);
        const coverages = resolveCoverages(db, update.item.coverage_ids);
        sql(db, "UPDATE carts SET plan_id = ? WHERE id = ?").run(plan.plan_id, cartId);
        sql(db, "DELETE FROM cart_coverages WHERE cart_id = ?").run(cartId);
        const insert = sql(db, "INSERT INTO cart_coverages (cart_id, coverage_id) VALUES (?, ?)");
        for (const c of coverages) insert.run(cartId, c.id);
        break;
      }
      case "people": {
        const rows = validPeopleRows(ctx, update.item.rows);
        sql(db, "DELETE FROM cart_people WHERE cart_id = ?").run(cartId);
        const insert = sql(db, "INSERT INTO cart_people (cart_id, band, range_code, count) VALUES (?, ?, ?, ?)");
        for (const r of rows) insert.run(cartId, r.band, r.range, r.count);
        break;
      }
      case "billing":
        sql(db, "UPDATE carts SET billing_policy = ? WHERE id = ?").run(update.item.policy, cartId);
        break;
    }
    // A billing choice was made for particular contents; new contents need a new choice. An open order
    // made for the old contents (or another billing) can no longer be paid: it is closed now.
    const changed = contentsKey(readCart(ctx, cartId)) !== before;
    if (changed) {
      sql(db, "UPDATE carts SET billing_policy = NULL WHERE id = ?").run(cartId);
    }
    if (changed || update.type === "billing") {
      const closed = sql(
        db,
        `UPDATE orders SET status = 'superseded', updated_at = ?
           WHERE cart_id = ? AND status IN ('created', 'attempted') AND (? OR policy <> ?)`,
      ).run(ctx.now(), cartId, changed ? 1 : 0, update.type === "billing" ? update.item.policy : "").changes;
      if (closed > 0) ctx.log({ event: "order_superseded", cart_id: cartId, reason: "cart_changed" });
    }
    sql(db, "UPDATE carts SET updated_at = ? WHERE id = ?").run(ctx.now(), cartId);
  });
}

export function companyNotFound(gstin: string): HttpError {
  return new HttpError(404, `We could not find a company registered with GSTIN ${gstin}.`);
}

function validPeopleRows(ctx: ApiContext, rows: readonly PeopleRow[]): PeopleRow[] {
  const kept = knownPeopleRows(ctx, rows);
  const total = kept.reduce((sum, r) => sum + r.count, 0);
  if (total === 0) throw new HttpError(400, "Add at least one person.");
  return kept;
}

/** Rows naming known bands and covers, each once, within the people cap; rows with count 0 dropped. */
function knownPeopleRows(ctx: ApiContext, rows: readonly PeopleRow[]): PeopleRow[] {
  const bands = new Set(listBands(ctx.db).map((b) => b.code));
  const ranges = new Set(listRanges(ctx.db).map((r) => r.code));
  const seen = new Set<string>();
  for (const r of rows) {
    if (!bands.has(r.band)) throw new HttpError(400, `Unknown age band: ${r.band}.`);
    if (!ranges.has(r.range)) throw new HttpError(400, `Unknown family cover: ${r.range}.`);
    const key = `${r.band}|${r.range}`;
    if (seen.has(key)) throw new HttpError(400, `The age band ${r.band} with cover ${r.range} appears twice.`);
    seen.add(key);
  }
  const kept = rows.filter((r) => r.count > 0);
  const total = kept.reduce((sum, r) => sum + r.count, 0);
  if (total > MAX_PEOPLE) throw new HttpError(400, "At most 10,000 people can be covered.");
  return kept;
}

const quoteRequestSchema = z.object({
  rows: peopleRowsSchema.optional(),
  plan_id: z.string().min(1, "plan_id cannot be empty.").max(100).optional(),
  coverage_ids: z.array(z.string().max(100)).max(20).optional(),
});
export type QuoteRequest = z.infer<typeof quoteRequestSchema>;

export function parseQuoteRequest(body: unknown): QuoteRequest {
  return parseInput(quoteRequestSchema, body);
}

/**
 * What the caller's cart would cost with other people, plan or coverages, each defaulting to the
 * cart's own; nothing is written. Tax needs the buyer's state, so the cart must have its company.
 */
export function quoteFor(ctx: ApiContext, cartId: number, request: QuoteRequest): ReturnType<typeof quoteWithItems> {
  const db = ctx.db;
  const cart = readCart(ctx, cartId);
  if (cart.company === null) throw new HttpError(409, "Verify the company's GSTIN before asking for a quote.");
  const plan = request.plan_id === undefined ? cart.plan : findPlan(db, request.plan_id);
  if (plan === null) throw new HttpError(409, "Choose a plan before asking for a quote.");
  if (plan === undefined) throw new HttpError(400, `Unknown plan: ${request.plan_id}.`);
  const coverages =
    request.coverage_ids === undefined
      ? (cart.plan?.coverages ?? resolveCoverages(db, []))
      : resolveCoverages(db, request.coverage_ids);
  const rows = request.rows === undefined ? (cart.people?.rows ?? []) : knownPeopleRows(ctx, request.rows);
  const quote = computeQuote(
    rows.map((r) => ({
      ...r,
      unit_monthly_paise: unitMonthlyPaise(
        rateFor(db, r.band, r.range, plan.sum_insured_inr),
        coverages.map((c) => c.monthly_paise),
      ),
    })),
    taxRegimeFor(cart.company.state_code, cart.company.is_sez === 1),
  );
  return quoteWithItems(plan, coverages, quote);
}

const estimateRequestSchema = quoteRequestSchema.extend({
  tax_regime: z
    .enum(["intra", "inter", "sez"], { errorMap: () => ({ message: "tax_regime must be intra, inter or sez." }) })
    .optional(),
});
export type EstimateRequest = z.infer<typeof estimateRequestSchema>;

export function parseEstimateRequest(body: unknown): EstimateRequest {
  return parseInput(estimateRequestSchema, body);
}

/**
 * What a plan, coverages and people would cost before anyone signs in (the public price calculator;
 * docs/product.md, Public pages, and docs/decisions/0014). Read-only and anonymous. With no company
 * there is no buyer's state, so the caller says where the buyer is (`tax_regime`; another state,
 * IGST, when not given): the GST lines, to the paisa, are then the ones the cart will show.
 */
export function estimateFor(ctx: ApiContext, request: EstimateRequest): ReturnType<typeof quoteWithItems> {
  const db = ctx.db;
  if (request.plan_id === undefined) throw new HttpError(400, "plan_id is required.");
  const plan = findPlan(db, request.plan_id);
  if (plan === undefined) throw new HttpError(400, `Unknown plan: ${request.plan_id}.`);
  const coverages = resolveCoverages(db, request.coverage_ids ?? []);
  const rows = validPeopleRows(ctx, request.rows ?? []);
  const quote = computeQuote(
    rows.map((r) => ({
      ...r,
      unit_monthly_paise: unitMonthlyPaise(
        rateFor(db, r.band, r.range, plan.sum_insured_inr),
        coverages.map((c) => c.monthly_paise),
      ),
    })),
    request.tax_regime ?? "inter",
  );
  return quoteWithItems(plan, coverages, quote);
}

/** The Cart shape of the contract, without `order` (the caller adds it). */
export function cartJson(cart: CartDetails) {
  return {
    company: cart.company,
    admin: cart.admin,
    plan:
      cart.plan === null
        ? null
        : {
            plan_id: cart.plan.plan_id,
            group_id: cart.plan.group_id,
            name: cart.plan.name,
            sum_insured_inr: cart.plan.sum_insured_inr,
            sum_insured_basis: SUM_INSURED_BASIS,
            coverage_ids: cart.plan.coverages.map((c) => c.id),
            coverages: cart.plan.coverages.map((c) => ({
              id: c.id,
              name: c.name,
              is_required: c.is_required,
              monthly_paise: c.monthly_paise,
            })),
            underwriting: UNDERWRITING,
            // Each supplier's tax invoice the purchase will have (decision 0047).
            documents: purchaseDocuments(cart.plan.coverages),
          },
    people: cart.people,
    billing: cart.billing,
    quote:
      cart.quote === null || cart.plan === null ? null : quoteWithItems(cart.plan, cart.plan.coverages, cart.quote),
    updated_at: iso(cart.updatedAt),
  };
}

/**
 * The cart's people as the review shows them (docs/product.md, Review): each row with its band and
 * cover in words and the lives it covers (employees × the people its family cover takes in), and
 * both totals. Employees and lives are two different numbers; neither stands for the other.
 */
export function peopleJson(ctx: ApiContext, people: CartDetails["people"]) {
  if (people === null) return null;
  const bands = new Map(listBands(ctx.db).map((b) => [b.code, b.label]));
  const ranges = new Map(listRanges(ctx.db).map((r) => [r.code, r.label]));
  const perMember = new Map(rangeRelations(ctx.db).map((r) => [r.range, r.relations.length]));
  const rows = people.rows.map((r) => ({
    ...r,
    band_label: bands.get(r.band) ?? r.band,
    range_label: ranges.get(r.range) ?? r.range,
    lives: r.count * (perMember.get(r.range) ?? 1),
  }));
  return { rows, total: people.total, lives: rows.reduce((sum, r) => sum + r.lives, 0) };
}
