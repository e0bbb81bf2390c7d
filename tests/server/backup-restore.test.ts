import Database from "better-sqlite3";
import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { adminSession } from "../support/admin-session";
import { Visitor } from "../support/client";
import { membershipOrderId, payOverApi } from "../support/membership";
import { type RunningServer, startServer, tempDir } from "../support/server";

/**
 * README, Backups: `npm run backup` copies the embedded database while the server runs and sells,
 * and `npm run restore` puts the copy back once the server is stopped; the server started on it
 * serves what was bought before the backup. Against the built server (npm run build).
 */
const ROOT = path.resolve(import.meta.dirname, "../..");

function npmRun(script: string, args: string[], dataDir: string) {
  return new Promise<{ code: number; output: string }>((resolve) => {
    execFile(
      "npm",
      ["run", "--silent", script, "--", ...args],
      {
        cwd: ROOT,
        env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: "development", DATA_DIR: dataDir },
      },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, output: stdout + stderr }),
    );
  });
}

const servers: RunningServer[] = [];
async function started(dataDir?: string): Promise<RunningServer> {
  const server = await startServer({ dataDir });
  servers.push(server);
  return server;
}
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.stop()));
});

describe("backup and restore of the embedded database", () => {
  it("a backup taken while the server sells holds the purchase, and a stopped server restored from it serves it", async () => {
    const selling = await started();
    const { admin, cookie } = await adminSession(`${selling.url}/api`, "payment");
    await payOverApi(selling.url, admin.token, "yearly");
    const orderId = await membershipOrderId(selling.url, admin.token);

    // Taken while the server runs, with another admin signing in and filling a cart meanwhile.
    const backup = path.join(tempDir("kavach-backup-"), "nightly.sqlite");
    const [taken] = await Promise.all([
      npmRun("backup", [backup], selling.dataDir),
      adminSession(`${selling.url}/api`, "payment"),
    ]);
    expect(taken.output).toContain(`copied to ${backup}`);
    expect(taken.code).toBe(0);

    const copy = new Database(backup, { readonly: true });
    try {
      expect(copy.pragma("integrity_check", { simple: true })).toBe("ok");
      expect(copy.pragma("journal_mode", { simple: true })).toBe("delete");
      expect(copy.prepare("SELECT status FROM orders WHERE order_id = ?").pluck().get(orderId)).toBe("paid");
      expect(copy.prepare("SELECT count(*) FROM schema_migrations").pluck().get()).toBeGreaterThan(10);
    } finally {
      copy.close();
    }

    // Restoring under a running server is refused, and the server goes on serving its own data.
    const refused = await npmRun("restore", [backup], selling.dataDir);
    expect(refused.code).toBe(1);
    expect(refused.output).toContain("a running server has");
    expect(await membershipOrderId(selling.url, admin.token)).toBe(orderId);

    // A new machine: its server started once (an empty database of its own), then stopped.
    const fresh = await started();
    await fresh.stop();
    servers.splice(servers.indexOf(fresh), 1);
    const restored = await npmRun("restore", [backup], fresh.dataDir);
    expect(restored.output).toContain("start the server");
    expect(restored.code).toBe(0);
    expect(fs.readdirSync(fresh.dataDir).filter((f) => f.startsWith("kavach.sqlite.before-restore-"))).toHaveLength(1);

    // Started on the restored file: the admin's session (same SESSION_SECRET) finds the paid membership.
    const back = await started(fresh.dataDir);
    expect(await membershipOrderId(back.url, admin.token)).toBe(orderId);
    const visitor = new Visitor(back.url);
    visitor.cookies.set(cookie.name, cookie.value);
    const membership = await visitor.get("/membership");
    expect(membership.status).toBe(200);
    // The insurer's invoice of the purchase, in its own series (docs/decisions/0047).
    expect(membership.text).toContain("SG/");
  }, 90_000);

  it("refuses a file that is not a Kavach database, and leaves the database as it was", async () => {
    const dataDir = tempDir();
    const server = await started(dataDir);
    await server.stop();
    servers.splice(servers.indexOf(server), 1);
    const before = fs.readFileSync(path.join(dataDir, "kavach.sqlite"));
    const notADatabase = path.join(tempDir("kavach-backup-"), "notes.sqlite");
    fs.writeFileSync(notADatabase, "not a database");
    const refused = await npmRun("restore", [notADatabase], dataDir);
    expect(refused.code).toBe(1);
    expect(refused.output).toContain("cannot be read as a database");
    expect(fs.readFileSync(path.join(dataDir, "kavach.sqlite")).equals(before)).toBe(true);
  }, 60_000);
});
