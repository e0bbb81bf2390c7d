import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, "../..");

/** Cluster workers start together on one database file (docs/decisions/0001): each must come up. */
describe("several processes opening a new database at once", () => {
  it("migrate and seed it once, and every one of them starts", async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "kavach-db-")), "api.sqlite");
    // Each process loads its modules, then all open the file at the same instant.
    const at = Date.now() + 4000;
    const script = `
      import { openDatabase } from "./sandbox/db.ts";
      import { seedCatalog } from "./sandbox/seed.ts";
      await new Promise((resolve) => setTimeout(resolve, ${at} - Date.now()));
      const db = openDatabase(${JSON.stringify(file)}, Date.now);
      seedCatalog(db);
      db.close();
    `;
    const starts = Array.from({ length: 4 }, () =>
      run(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], { cwd: ROOT }),
    );
    await expect(Promise.all(starts)).resolves.toHaveLength(4);
    const db = new Database(file, { readonly: true });
    const migrations = fs.readdirSync(path.join(ROOT, "sandbox/migrations")).filter((f) => f.endsWith(".sql"));
    expect(db.prepare("SELECT COUNT(*) FROM schema_migrations").pluck().get()).toBe(migrations.length);
    expect(db.prepare("SELECT COUNT(*) FROM plans").pluck().get()).toBeGreaterThan(0);
    db.close();
  });
});
