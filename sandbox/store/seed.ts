import { type Db, writeTransaction } from "./db";
import { AGE_BANDS, COMPANIES, COVERAGES, FAMILY_RANGES, PLANS, RATES, STATES } from "./seed-data";

/** Loads the catalog. Idempotent: every row is an upsert, so it runs on each start. */
export function seedCatalog(db: Db): void {
  const upsertState = db.prepare(
    `INSERT INTO states (code, name) VALUES (@code, @name)
     ON CONFLICT(code) DO UPDATE SET name = excluded.name`,
  );
  const upsertCompany = db.prepare(
    `INSERT INTO companies (gstin, company_name, state_code, is_sez, address)
       VALUES (@gstin, @company_name, @state_code, @is_sez, @address)
     ON CONFLICT(gstin) DO UPDATE SET company_name = excluded.company_name, state_code = excluded.state_code,
       is_sez = excluded.is_sez, address = excluded.address`,
  );
  const upsertCoverage = db.prepare(
    `INSERT INTO coverages (id, name, description, is_default, is_required, monthly_paise, sort_order)
     VALUES (@id, @name, @description, @is_default, @is_required, @monthly_paise, @sort_order)
     ON CONFLICT(id) DO UPDATE SET name = excluded.name, description = excluded.description, is_default = excluded.is_default,
       is_required = excluded.is_required, monthly_paise = excluded.monthly_paise, sort_order = excluded.sort_order`,
  );
  const upsertPlan = db.prepare(
    `INSERT INTO plans (plan_id, group_id, name, sum_insured_inr, default_visibility, sort_order)
     VALUES (@plan_id, @group_id, @name, @sum_insured_inr, @default_visibility, @sort_order)
     ON CONFLICT(plan_id) DO UPDATE SET group_id = excluded.group_id, name = excluded.name,
       sum_insured_inr = excluded.sum_insured_inr, default_visibility = excluded.default_visibility, sort_order = excluded.sort_order`,
  );
  const deleteFeatures = db.prepare("DELETE FROM plan_features WHERE plan_id = ?");
  const insertFeature = db.prepare("INSERT INTO plan_features (plan_id, position, text) VALUES (?, ?, ?)");
  const upsertBand = db.prepare(
    `INSERT INTO age_bands (code, label, sort_order) VALUES (?, ?, ?)
     ON CONFLICT(code) DO UPDATE SET label = excluded.label, sort_order = excluded.sort_order`,
  );
  const upsertRange = db.prepare(
    `INSERT INTO family_ranges (code, label, sort_order) VALUES (?, ?, ?)
     ON CONFLICT(code) DO UPDATE SET label = excluded.label, sort_order = excluded.sort_order`,
  );
  const deleteRelations = db.prepare("DELETE FROM family_range_relations WHERE range_code = ?");
  const insertRelation = db.prepare(
    "INSERT INTO family_range_relations (range_code, position, relation) VALUES (?, ?, ?)",
  );
  const upsertRate = db.prepare(
    `INSERT INTO rates (band, range_code, sum_insured_inr, monthly_paise) VALUES (?, ?, ?, ?)
     ON CONFLICT(band, range_code, sum_insured_inr) DO UPDATE SET monthly_paise = excluded.monthly_paise`,
  );

  writeTransaction(db, () => {
    for (const s of STATES) upsertState.run(s);
    for (const c of COMPANIES) upsertCompany.run(c);
    COVERAGES.forEach((c, i) => upsertCoverage.run({ ...c, sort_order: i }));
    PLANS.forEach((p, i) => {
      upsertPlan.run({
        plan_id: p.plan_id,
        group_id: p.group_id,
        name: p.name,
        sum_insured_inr: p.sum_insured_inr,
        default_visibility: p.default_visibility,
        sort_order: i,
      });
      deleteFeatures.run(p.plan_id);
      p.features.forEach((text, pos) => insertFeature.run(p.plan_id, pos, text));
    });
    AGE_BANDS.forEach((b, i) => upsertBand.run(b.code, b.label, i));
    FAMILY_RANGES.forEach((r, i) => {
      upsertRange.run(r.code, r.label, i);
      deleteRelations.run(r.code);
      r.relations.forEach((rel, pos) => insertRelation.run(r.code, pos, rel));
    });
    for (const r of RATES) upsertRate.run(r.band, r.range, r.sum_insured_inr, r.monthly_paise);
    // IMMEDIATE: processes starting together write the catalogue one after another (see db.ts).
  });
}
