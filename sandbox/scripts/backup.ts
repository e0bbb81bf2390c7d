// `npm run backup -- [file or folder]`: a consistent copy of the embedded API's database, taken while
// the server runs (README, Backups). The database is in WAL mode, so a plain copy of the file can miss
// what is still in its -wal file, or catch a page half written; SQLite's online backup API
// (better-sqlite3's db.backup) copies a snapshot page by page, starting over if a write lands
// meanwhile, and holds no lock the server waits on.
import Database from "better-sqlite3";
import fs from "node:fs";
import path from "node:path";
import { databasePath, fileStamp } from "./database-file";

const source = databasePath();
const given = process.argv[2];
const target =
  given && !(fs.existsSync(given) && fs.statSync(given).isDirectory())
    ? given
    : path.join(given ?? path.join(path.dirname(source), "backups"), `kavach-${fileStamp()}.sqlite`);

if (!fs.existsSync(source)) {
  console.error(`backup: no database at ${source} (set DATA_DIR or DATABASE_PATH as the server has them)`);
  process.exit(1);
}
if (fs.existsSync(target)) {
  console.error(`backup: ${target} exists already; name another file`);
  process.exit(1);
}
fs.mkdirSync(path.dirname(target), { recursive: true });

const db = new Database(source, { fileMustExist: true });
db.pragma("busy_timeout = 5000");
try {
  await db.backup(target);
} finally {
  db.close();
}

// The copy as one self-contained file (no -wal beside it), checked before it is called a backup.
const copy = new Database(target);
try {
  copy.pragma("journal_mode = DELETE");
  const integrity = copy.pragma("integrity_check", { simple: true });
  if (integrity !== "ok") throw new Error(`the copy fails SQLite's integrity check: ${String(integrity)}`);
  const tables = copy.prepare("SELECT count(*) FROM sqlite_schema WHERE type = 'table'").pluck().get() as number;
  console.log(`backup: ${source} copied to ${target} (${tables} tables, ${fs.statSync(target).size} bytes)`);
} finally {
  copy.close();
}
