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

/**
 * Two cluster workers write the same file at once (docs/decisions/0017): a write transaction that
 * reads first must not be refused SQLITE_BUSY when the other worker commits in between, which
 * busy_timeout cannot wait out. Each worker here is the embedded API in its own process, asked for
 * codes for many numbers (a read, then a write) as fast as it answers.
 */
describe("two workers writing one database at once", () => {
  it("answer every request; none is refused as storage unavailable", async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "kavach-db-")), "api.sqlite");
    const at = Date.now() + 4000;
    const script = (worker: number) => `
      import express from "express";
      import { createEmbeddedApi } from "./sandbox/index.ts";
      const api = createEmbeddedApi({
        databasePath: ${JSON.stringify(file)},
        mountPath: "/api",
        gatewayKeySecret: "test",
        log: () => undefined,
      });
      const app = express();
      app.use("/api", api.router);
      const server = app.listen(0, "127.0.0.1");
      await new Promise((resolve) => server.once("listening", resolve));
      const base = "http://127.0.0.1:" + server.address().port + "/api/global/users?country_id=91&mobile_no=";
      const ask = async (mobile) => (await fetch(base + mobile)).status;
      await new Promise((resolve) => setTimeout(resolve, ${at} - Date.now()));
      const statuses = {};
      let next = 0;
      // Eight requests at a time, as a worker under load serves them.
      const asker = async () => {
        for (let i = next++; i < 200; i = next++) {
          const status = await ask(String(6000000000 + ${worker} * 100000 + i));
          statuses[status] = (statuses[status] ?? 0) + 1;
        }
      };
      await Promise.all(Array.from({ length: 8 }, asker));
      server.close();
      api.close();
      console.log(JSON.stringify(statuses));
    `;
    const workers = [1, 2].map((worker) =>
      run(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script(worker)], { cwd: ROOT }),
    );
    const answers = (await Promise.all(workers)).map(({ stdout }) => JSON.parse(stdout.trim().split("\n").pop()!));
    expect(answers).toEqual([{ 200: 200 }, { 200: 200 }]);
  }, 60_000);
});
