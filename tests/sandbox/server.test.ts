import Database from "better-sqlite3";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createEmbeddedApi } from "../../sandbox/index";
import { COMPANIES, RATES } from "../../sandbox/store/seed-data";
import { SECRET, type TestApi, startApi } from "./helpers";

let api: TestApi | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
});

describe("router plumbing", () => {
  it("answers unknown paths with a 404 envelope", async () => {
    api = await startApi();
    const r = await api.call("GET", "/api/employer/v1/nope");
    expect(r).toEqual({ status: 404, json: { success: 0, msg: "Not found" } });
  });

  it("answers malformed JSON with 400 and an oversized body with 413", async () => {
    api = await startApi();
    const bad = await fetch(`${api.base}/api/global/users/verify/otp`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{not json",
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ success: 0, msg: "The request body is not valid JSON." });
    const big = await api.call("POST", "/api/global/users/verify/otp", { body: { pad: "x".repeat(70_000) } });
    expect(big).toEqual({ status: 413, json: { success: 0, msg: "The request body is too large." } });
  });

  it("hides internal errors behind a 500 envelope and logs them", async () => {
    api = await startApi({
      smsProvider: {
        send() {
          throw new Error("SMS gateway exploded at /secret/path");
        },
      },
    });
    const r = await api.sendCode("9876543210");
    expect(r).toEqual({ status: 500, json: { success: 0, msg: "Internal error" } });
    const logged = api.logs.find((e) => e.event === "api_error");
    expect(logged).toMatchObject({ level: "error", method: "GET", path: "/api/global/users" });
    expect(String(logged!.error)).toContain("SMS gateway exploded");
  });

  it("passes every text to a custom SMS provider", async () => {
    const sent: [string, string][] = [];
    api = await startApi({ smsProvider: { send: async (to, text) => void sent.push([to, text]) } });
    await api.sendCode("9876543210");
    expect(sent).toHaveLength(1);
    expect(sent[0]![0]).toBe("9876543210");
    expect(sent[0]![1]).toMatch(/^\d{4} is your Kavach verification code/);
    // Nothing went to the outbox.
    expect((await api.call("GET", "/api/sandbox/sms")).json.data).toEqual([]);
  });
});

describe("GET /dev/outbox", () => {
  it("lists the outbox newest first, escaped, with a filter form", async () => {
    api = await startApi();
    await api.sendCode("9876543210");
    api.advance(1000);
    await api.call("GET", "/api/global/applink?mobile_no=9123456780");
    const page = await api.html("/dev/outbox");
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toMatch(/^text\/html/);
    expect(page.text).toContain("<h1>SMS and email outbox (sandbox)</h1>");
    expect(page.text).toMatch(/simulated/);
    expect(page.text).toContain('name="mobile_no"');
    expect(page.text.indexOf("Download the Kavach app")).toBeLessThan(
      page.text.indexOf("is your Kavach verification code"),
    );
    const filtered = await api.html("/dev/outbox?mobile_no=9123456780");
    expect(filtered.text).toContain("Download the Kavach app");
    expect(filtered.text).not.toContain("verification code");
  });

  it("escapes what it echoes and explains a bad filter", async () => {
    api = await startApi();
    const page = await api.html(`/dev/outbox?mobile_no=${encodeURIComponent('"><script>alert(1)</script>')}`);
    expect(page.text).not.toContain("<script>");
    expect(page.text).toContain("&quot;&gt;&lt;script&gt;");
    expect(page.text).toContain("Enter a valid 10-digit Indian mobile number.");
  });
});

describe("database", () => {
  it("uses WAL, records migrations, and seeds idempotently across restarts", async () => {
    const dir = mkdtempSync(join(tmpdir(), "kavach-db-"));
    const databasePath = join(dir, "api.sqlite");
    try {
      const options = {
        databasePath,
        mountPath: "/api",
        publicOrigin: "https://kavach.example",
        gatewayKeySecret: SECRET,
        log: () => {},
      };
      createEmbeddedApi(options).close();
      createEmbeddedApi(options).close();
      const db = new Database(databasePath, { readonly: true });
      expect(db.pragma("journal_mode", { simple: true })).toBe("wal");
      // Every numbered file in sandbox/store/migrations, once each, in order.
      const files = readdirSync(new URL("../../sandbox/store/migrations/", import.meta.url))
        .filter((f) => /^\d+_.+\.sql$/.test(f))
        .sort();
      expect(files).toContain("001_init.sql");
      expect(db.prepare("SELECT version, name FROM schema_migrations ORDER BY version").all()).toEqual(
        files.map((name) => ({ version: Number.parseInt(name, 10), name })),
      );
      expect(db.prepare("SELECT COUNT(*) FROM companies").pluck().get()).toBe(COMPANIES.length);
      expect(db.prepare("SELECT COUNT(*) FROM rates").pluck().get()).toBe(RATES.length);
      expect(
        db.prepare("SELECT COUNT(*) FROM plan_features WHERE plan_id = 'kavach-essential'").pluck().get(),
      ).toBeGreaterThan(2);
      db.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
