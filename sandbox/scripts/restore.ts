// `npm run restore -- <backup file>`: puts a backup made by `npm run backup` in place of the embedded
// API's database (README, Backups). Only while no server has the database open: a running server
// would go on with its own open file and overwrite what was restored. The file replaced is kept
// beside it (kavach.sqlite.before-restore-<time>).
import Database from "better-sqlite3";
import fs from "node:fs";
import path from "node:path";
import { databasePath, fileStamp } from "./database-file";

const backup = process.argv[2];
const target = databasePath();

function refuse(message: string): never {
  console.error(`restore: ${message}`);
  process.exit(1);
}

if (!backup) refuse("name the backup file: npm run restore -- backups/kavach-<time>.sqlite");
if (!fs.existsSync(backup)) refuse(`no file at ${backup}`);

const copy = new Database(backup, { readonly: true, fileMustExist: true });
try {
  if (copy.pragma("integrity_check", { simple: true }) !== "ok") refuse(`${backup} fails SQLite's integrity check`);
  const migrated = copy.prepare("SELECT 1 FROM sqlite_schema WHERE name = 'schema_migrations'").get();
  if (!migrated) refuse(`${backup} is not a Kavach database (it has no schema_migrations table)`);
} catch (error) {
  refuse(`${backup} cannot be read as a database: ${(error as Error).message}`);
} finally {
  copy.close();
}

const kept = `${target}.before-restore-${fileStamp()}`;
if (fs.existsSync(target)) {
  // Leaving WAL mode needs the database to itself: SQLite refuses it while any other process (a
  // server, one of its workers) has the file open. Done, it also folds the -wal file into the database,
  // so the file kept aside is whole.
  const current = new Database(target, { fileMustExist: true });
  try {
    current.pragma("busy_timeout = 0");
    const mode = current.pragma("journal_mode = DELETE", { simple: true });
    if (mode !== "delete")
      throw Object.assign(new Error(`journal mode stayed ${String(mode)}`), { code: "SQLITE_BUSY" });
  } catch (error) {
    const code = (error as { code?: string }).code ?? "";
    if (code.startsWith("SQLITE_BUSY") || code.startsWith("SQLITE_LOCKED"))
      refuse(`a running server has ${target} open: stop it (every worker) first, then restore`);
    throw error;
  } finally {
    current.close();
  }
  fs.renameSync(target, kept);
}
// A crash can leave a -wal or -shm file of the old database; the restored file must not meet them.
for (const leftover of [`${target}-wal`, `${target}-shm`]) fs.rmSync(leftover, { force: true });
fs.mkdirSync(path.dirname(target), { recursive: true });
fs.copyFileSync(backup, `${target}.restoring`);
fs.renameSync(`${target}.restoring`, target);
console.log(
  `restore: ${backup} is now ${target}${fs.existsSync(kept) ? ` (the database it replaced is ${kept})` : ""}; start the server`,
);
