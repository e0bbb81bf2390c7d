import type { Db } from "../store/db";
import { SUM_INSURED_BASIS } from "./sum-insured";
import { HttpError } from "../shared/envelope";
import { unitMonthlyPaise } from "./pricing";
import { sql, sqlValues } from "../store/statements";
import { UNREGISTERED_GSTINS, sampleCompanyOf } from "./sample-company";

export interface Company {
  gstin: string;
  company_name: string;
  state_code: string;
  state_name: string;
  is_sez: 0 | 1;
  /** 1 for a company the sandbox registry made up from its GSTIN (docs/decisions/0051). */
  sample: 0 | 1;
}

export interface Coverage {
  id: string;
  name: string;
  description: string;
  is_default: 0 | 1;
  is_required: 0 | 1;
  monthly_paise: number;
}

export interface Plan {
  plan_id: string;
  group_id: string;
  name: string;
  sum_insured_inr: number;
  default_visibility: 0 | 1;
  features: string[];
}

export interface Labelled {
  code: string;
  label: string;
}

export interface Rate {
  band: string;
  range: string;
  monthly_paise: number;
}

const COMPANY_SELECT = `SELECT c.gstin, c.company_name, c.state_code, s.name AS state_name, c.is_sez, c.sample
  FROM companies c JOIN states s ON s.code = c.state_code`;

/**
 * The registry's company for a valid GSTIN: a seeded one, or else one made up from the GSTIN and
 * kept, so carts and policies can point at it (docs/product.md, GST details). Only the GSTINs kept
 * unregistered answer undefined.
 */
export function findCompany(db: Db, gstin: string): Company | undefined {
  const select = sql(db, `${COMPANY_SELECT} WHERE c.gstin = ?`);
  const found = select.get(gstin) as Company | undefined;
  if (found !== undefined || UNREGISTERED_GSTINS.has(gstin)) return found;
  const stateName = sqlValues(db, "SELECT name FROM states WHERE code = ?").get(gstin.slice(0, 2)) as
    string | undefined;
  if (stateName === undefined) return undefined;
  const made = sampleCompanyOf(gstin, stateName);
  // One statement, so two first lookups of the same GSTIN at once both find the one row.
  sql(
    db,
    `INSERT INTO companies (gstin, company_name, state_code, is_sez, address, sample) VALUES (?, ?, ?, 0, ?, 1)
       ON CONFLICT(gstin) DO NOTHING`,
  ).run(gstin, made.company_name, gstin.slice(0, 2), made.address);
  return select.get(gstin) as Company;
}

const SEARCH_LIMIT = 20;

/** Any part of the name, case-insensitive; instr() avoids escaping LIKE wildcards typed by the user. */
export function searchCompanies(db: Db, text: string): Company[] {
  return sql(
    db,
    `${COMPANY_SELECT} WHERE instr(lower(c.company_name), lower(?)) > 0 ORDER BY c.company_name LIMIT ?`,
  ).all(text, SEARCH_LIMIT) as Company[];
}

export function listCoverages(db: Db): Coverage[] {
  return sql(
    db,
    "SELECT id, name, description, is_default, is_required, monthly_paise FROM coverages ORDER BY sort_order",
  ).all() as Coverage[];
}

/** Checks the chosen coverages exist and adds the required ones; answers in catalog order. */
export function resolveCoverages(db: Db, ids: readonly string[]): Coverage[] {
  const all = listCoverages(db);
  const known = new Set(all.map((c) => c.id));
  const unknown = ids.find((id) => !known.has(id));
  if (unknown !== undefined) throw new HttpError(400, `Unknown coverage: ${unknown}.`);
  const chosen = new Set(ids);
  return all.filter((c) => c.is_required === 1 || chosen.has(c.id));
}

function withFeatures(db: Db, rows: Omit<Plan, "features">[]): Plan[] {
  const features = sqlValues(db, "SELECT text FROM plan_features WHERE plan_id = ? ORDER BY position");
  return rows.map((p) => ({ ...p, features: features.all(p.plan_id) as string[] }));
}

const PLAN_SELECT = "SELECT plan_id, group_id, name, sum_insured_inr, default_visibility FROM plans";

export function listPlans(db: Db): Plan[] {
  return withFeatures(db, sql(db, `${PLAN_SELECT} ORDER BY sort_order`).all() as Omit<Plan, "features">[]);
}

export function findPlan(db: Db, planId: string): Plan | undefined {
  const rows = sql(db, `${PLAN_SELECT} WHERE plan_id = ?`).all(planId) as Omit<Plan, "features">[];
  return withFeatures(db, rows)[0];
}

export function findPlanByGroup(db: Db, groupId: string): Plan | undefined {
  const rows = sql(db, `${PLAN_SELECT} WHERE group_id = ?`).all(groupId) as Omit<Plan, "features">[];
  return withFeatures(db, rows)[0];
}

export function listBands(db: Db): Labelled[] {
  return sql(db, "SELECT code, label FROM age_bands ORDER BY sort_order").all() as Labelled[];
}

export function listRanges(db: Db): Labelled[] {
  return sql(db, "SELECT code, label FROM family_ranges ORDER BY sort_order").all() as Labelled[];
}

export function rangeRelations(db: Db): { range: string; relations: string[] }[] {
  const relations = sqlValues(db, "SELECT relation FROM family_range_relations WHERE range_code = ? ORDER BY position");
  return listRanges(db).map((r) => ({ range: r.code, relations: relations.all(r.code) as string[] }));
}

/** The rate rows for one sum insured, in band then range order. */
export function ratesFor(db: Db, sumInsuredInr: number): Rate[] {
  return sql(
    db,
    `SELECT r.band, r.range_code AS range, r.monthly_paise FROM rates r
       JOIN age_bands b ON b.code = r.band JOIN family_ranges f ON f.code = r.range_code
       WHERE r.sum_insured_inr = ? ORDER BY b.sort_order, f.sort_order`,
  ).all(sumInsuredInr) as Rate[];
}

export function rateFor(db: Db, band: string, range: string, sumInsuredInr: number): number {
  const paise = sqlValues(
    db,
    "SELECT monthly_paise FROM rates WHERE band = ? AND range_code = ? AND sum_insured_inr = ?",
  ).get(band, range, sumInsuredInr) as number | undefined;
  if (paise === undefined) throw new Error(`no rate for ${band} / ${range} / ${sumInsuredInr}`);
  return paise;
}

/**
 * Who stands behind the cover (docs/product.md, Who stands behind the cover): the insurer that
 * underwrites every plan and the intermediary that arranges it, with their IRDAI registrations.
 * The embedded API is a sandbox, so these are invented (plausibly shaped) and flagged `sample`;
 * a real upstream answers its own.
 */
export const UNDERWRITING = {
  insurer: {
    name: "Suraksha General Insurance Company Limited",
    irdai_registration_no: "901",
  },
  intermediary: {
    name: "Kavach Health Benefits Private Limited",
    kind: "Corporate agent (composite)",
    irdai_registration_no: "CA0999",
  },
  sample: true,
} as const;

/**
 * The third-party administrator that settles cashless claims for the insurer, named on every e-card
 * (docs/product.md, Members, policy and e-cards). Invented for the sandbox and flagged `sample` like UNDERWRITING.
 */
export const TPA = {
  name: "Sahayak Health TPA Private Limited",
  cashless_helpline: "1800 120 0000",
  irdai_registration_no: "058",
  email: "cashless@sahayak-tpa.example",
  /** The TPA's list of network hospitals (its own site: there is no hospital search in Kavach yet). */
  network_hospitals_url: "https://www.sahayak-tpa.example/network-hospitals",
  sample: true,
} as const;

/**
 * The insurer's product every plan is issued under, named with its IRDAI Unique Identification Number on
 * the certificate and the e-cards (docs/product.md, The policy's papers). Invented, in the UIN's shape
 * (insurer code, HL for health, GP for group, product number, version, financial year), and `sample`.
 */
export const PRODUCT = {
  name: "Suraksha Group Health Insurance",
  uin: "SURHLGP26001V012526",
  sample: true,
} as const;

/**
 * Where a member takes a complaint, in order (docs/product.md, The policy's papers): the insurer's
 * grievance officer (invented for the sandbox); then, unresolved after 14 days, IRDAI's Bima Bharosa; and
 * the Insurance Ombudsman. The last two are the real public bodies.
 */
export const GRIEVANCE = {
  insurer: {
    officer: "Grievance Redressal Officer",
    email: "grievance@suraksha-insurance.example",
    phone: "1800 209 4455",
    sample: true,
  },
  bima_bharosa: { url: "https://bimabharosa.irdai.gov.in", phone: "155255" },
  ombudsman: { name: "Insurance Ombudsman", url: "https://www.cioins.co.in" },
} as const;

/** A plan as the catalogue answers it: with who underwrites it. */
export function planJson(plan: Plan) {
  return { ...plan, sum_insured_basis: SUM_INSURED_BASIS, underwriting: UNDERWRITING };
}

/**
 * The public catalogue (docs/product.md, Partner pages): every plan with its "from" price for the
 * youngest band, employee only, and the always-included cover only: nothing paid is added. The
 * same figure the plan step shows before any benefit is ticked.
 */
export function publicCatalogue(db: Db) {
  const coverages = listCoverages(db);
  const required = coverages.filter((c) => c.is_required === 1).map((c) => c.monthly_paise);
  const bands = listBands(db);
  const ranges = listRanges(db);
  return {
    coverages,
    plans: listPlans(db).map((p) => ({
      ...planJson(p),
      from_monthly_paise: unitMonthlyPaise(rateFor(db, bands[0]!.code, ranges[0]!.code, p.sum_insured_inr), required),
    })),
    bands,
    ranges,
  };
}
