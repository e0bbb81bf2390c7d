// Sample companies for tests and demos (docs/decisions/0052): a GSTIN holds one membership, so every
// purchase a test makes needs a company of its own. A valid GSTIN whose PAN begins `ZZ` that the registry
// does not list answers with a made-up company in its state, named as sample data, and is kept in the
// registry from then on (carts and orders refer to it).
import type { Db } from "../store/db";
import { sql, sqlValues } from "../store/statements";
import { type Company, findCompany } from "./catalog";

const SAMPLE_PAN = /^\d{2}ZZ/;

/** The registry's company for a checked GSTIN, or a sample one for a `ZZ` PAN, or undefined. */
export function registryCompany(db: Db, gstin: string): Company | undefined {
  const listed = findCompany(db, gstin);
  if (listed !== undefined || !SAMPLE_PAN.test(gstin)) return listed;
  const state = sqlValues(db, "SELECT name FROM states WHERE code = ?").get(gstin.slice(0, 2)) as string | undefined;
  if (state === undefined) return undefined;
  sql(
    db,
    `INSERT INTO companies (gstin, company_name, state_code, is_sez, address) VALUES (?, ?, ?, 0, ?)
       ON CONFLICT(gstin) DO NOTHING`,
  ).run(gstin, `Sample Company ${gstin.slice(2, 12)} Private Limited`, gstin.slice(0, 2), `Sample data, ${state}`);
  return findCompany(db, gstin);
}
