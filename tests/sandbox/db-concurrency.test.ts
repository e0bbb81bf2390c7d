import { spawn } from "node:child_process";
import { once } from "node:events";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");

/** The line a script prints, then waits for the word on its stdin: so that processes start together. */
const READY = `process.stdout.write("ready\\n"); await new Promise((resolve) => process.stdin.once("data", resolve));`;

/**
 * Runs each script in a process of its own; once every one has loaded its modules and printed
 * that it is ready, tells them all at the same instant to go on. Resolves with what each printed.
 */
async function runTogether(scripts: string[]): Promise<string[]> {
  const children = scripts.map((script) =>
    spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
      cwd: ROOT,
      stdio: ["pipe", "pipe", "inherit"],
    }),
  );
  const outputs = children.map((child) => {
    let out = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (out += chunk));
    return new Promise<string>((resolve, reject) =>
      child.once("exit", (code) => (code === 0 ? resolve(out) : reject(new Error(`exited with ${code}: ${out}`)))),
    );
  });
  await Promise.all(children.map((child) => once(child.stdout, "data")));
  for (const child of children) child.stdin.end("go\n");
  return Promise.all(outputs);
}

/** Cluster workers start together on one database file (docs/decisions/0001): each must come up. */
describe("several processes opening a new database at once", () => {
  it("migrate and seed it once, and every one of them starts", async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "kavach-db-")), "api.sqlite");
    // Each process loads its modules, then all open the file at the same instant.
    const script = `
      import { openDatabase } from "./sandbox/store/db.ts";
      import { seedCatalog } from "./sandbox/store/seed.ts";
      ${READY}
      const db = openDatabase(${JSON.stringify(file)}, Date.now);
      seedCatalog(db);
      db.close();
    `;
    await expect(runTogether(Array.from({ length: 4 }, () => script))).resolves.toHaveLength(4);
    const db = new Database(file, { readonly: true });
    const migrations = fs.readdirSync(path.join(ROOT, "sandbox/store/migrations")).filter((f) => f.endsWith(".sql"));
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
      ${READY}
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
    const answers = (await runTogether([1, 2].map(script))).map((stdout) =>
      JSON.parse(stdout.trim().split("\n").pop()!),
    );
    expect(answers).toEqual([{ 200: 200 }, { 200: 200 }]);
  }, 60_000);
});
