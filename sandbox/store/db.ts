import Database from "better-sqlite3";
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

export type Db = Database.Database;

const MIGRATIONS_DIR = fileURLToPath(new URL("./migrations/", import.meta.url));

/** Opens the database, turns on WAL and foreign keys, and applies pending numbered migrations. */
export function openDatabase(path: string, now: () => number): Db {
  const db = new Database(path);
  // First: processes opening the file together (cluster workers) wait for each other's locks,
  // even the one that switching a new file to WAL takes.
  db.pragma("busy_timeout = 5000");
  // WAL lets the app's page renders read while a payment callback writes.
  switchToWal(db);
  db.pragma("foreign_keys = ON");
  runMigrations(db, now);
  return db;
}

/**
 * Runs a write transaction, started IMMEDIATE: it takes the write lock before its first read, so a
 * second process (another cluster worker) writing meanwhile makes it wait out busy_timeout. A
 * deferred one that read first is refused SQLITE_BUSY at once when it comes to write, as SQLite
 * cannot wait there without risking a deadlock (docs/decisions/0017).
 */
export function writeTransaction<T>(db: Db, write: () => T): T {
  return db.transaction(write).immediate();
}

/**
 * Switching a new file to WAL needs it to itself, and SQLite answers SQLITE_BUSY at once, without
 * waiting out busy_timeout, to a process that asks while another is switching. The switch is
 * kept in the file, so a short wait and another try finds it done (or does it).
 */
function switchToWal(db: Db): void {
  const pause = new Int32Array(new SharedArrayBuffer(4));
  for (let attempt = 1; ; attempt += 1) {
    try {
      db.pragma("journal_mode = WAL");
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== "SQLITE_BUSY" || attempt >= 100) throw error;
      Atomics.wait(pause, 0, 0, 20);
    }
  }
}

/**
 * Several server processes (cluster workers) may open the file at once: the check of what is applied
 * and the applying happen in one IMMEDIATE transaction, so one process migrates and the others wait
 * (busy_timeout) and then find nothing left to do.
 */
function runMigrations(db: Db, now: () => number): void {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    applied_at INTEGER NOT NULL
  )`);
  const files = readdirSync(MIGRATIONS_DIR)
    .filter((f) => /^\d+_.+\.sql$/.test(f))
    .sort();
  writeTransaction(db, () => {
    const applied = new Set(db.prepare("SELECT version FROM schema_migrations").pluck().all() as number[]);
    for (const file of files) {
      const version = Number.parseInt(file, 10);
      if (applied.has(version)) continue;
      db.exec(readFileSync(MIGRATIONS_DIR + file, "utf8"));
      db.prepare("INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)").run(
        version,
        file,
        now(),
      );
    }
  });
}
