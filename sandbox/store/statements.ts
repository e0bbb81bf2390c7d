import type { Statement } from "better-sqlite3";
import type { Db } from "./db";

/**
 * Statements compiled once per database and SQL text, then reused: `db.prepare` has SQLite parse
 * and plan the SQL each time, which was about 6% of the server's CPU under load (decision 0001).
 *
 * Plucking statements are kept apart from row statements: pluck() is a mode of the statement
 * object itself, and a shared one would hand single values to a caller expecting rows.
 */
const rowStatements = new WeakMap<Db, Map<string, Statement>>();
const valueStatements = new WeakMap<Db, Map<string, Statement>>();

function cached(
  store: WeakMap<Db, Map<string, Statement>>,
  db: Db,
  source: string,
  prepare: () => Statement,
): Statement {
  let bySource = store.get(db);
  if (bySource === undefined) store.set(db, (bySource = new Map()));
  let statement = bySource.get(source);
  if (statement === undefined) bySource.set(source, (statement = prepare()));
  return statement;
}

/** The statement for `source`: get() answers a row, all() rows. */
export function sql(db: Db, source: string): Statement {
  return cached(rowStatements, db, source, () => db.prepare(source));
}

/** The statement for `source` in pluck mode: get() answers the first column's value, all() a list of them. */
export function sqlValues(db: Db, source: string): Statement {
  return cached(valueStatements, db, source, () => db.prepare(source).pluck());
}
