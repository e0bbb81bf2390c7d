import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

/**
 * The sandbox's rules in eslint.config.js (docs/decisions/0043, 0017): code written today that breaks
 * one fails `npm run lint`.
 */
const ROOT = path.resolve(import.meta.dirname, "../..");
const eslint = new ESLint({ cwd: ROOT });

async function ruleIdsFor(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, filePath) });
  return result!.messages.map((m) => m.ruleId ?? m.message);
}

describe("the sandbox's write transactions", () => {
  it("are opened one way, writeTransaction; a deferred or hand-made one is refused", async () => {
    const deferred =
      'import type { Db } from "../store/db";\nexport const f = (db: Db) => db.transaction(() => 1)();\n';
    expect(await ruleIdsFor(deferred, "sandbox/billing/x.ts")).toContain("no-restricted-syntax");
    const byHand =
      'import type { Db } from "../store/db";\nexport const f = (db: Db) => db.transaction(() => 1).immediate();\n';
    expect(await ruleIdsFor(byHand, "sandbox/billing/x.ts")).toContain("no-restricted-syntax");
    const oneWay =
      'import { type Db, writeTransaction } from "../store/db";\nexport const f = (db: Db) => writeTransaction(db, () => 1);\n';
    expect(await ruleIdsFor(oneWay, "sandbox/billing/x.ts")).toEqual([]);
  });
});

describe("the sandbox's rooms", () => {
  it("keep the store free of every other room", async () => {
    const code = 'import { istDate } from "../shared/dates";\nexport const x = istDate;\n';
    expect(await ruleIdsFor(code, "sandbox/store/x.ts")).toContain("@typescript-eslint/no-restricted-imports");
    expect(await ruleIdsFor(code, "sandbox/billing/x.ts")).toEqual([]);
  });

  it("let shared helpers use the store, and other rooms' types only", async () => {
    const store = 'import { sql } from "../store/statements";\nexport const x = sql;\n';
    expect(await ruleIdsFor(store, "sandbox/shared/x.ts")).toEqual([]);
    const value = 'import { readCart } from "../checkout/cart";\nexport const x = readCart;\n';
    expect(await ruleIdsFor(value, "sandbox/shared/x.ts")).toContain("@typescript-eslint/no-restricted-imports");
    const type = 'import type { OrderRow } from "../checkout/orders";\nexport type X = OrderRow;\n';
    expect(await ruleIdsFor(type, "sandbox/shared/x.ts")).toEqual([]);
  });

  it("mount the routes from the entry alone", async () => {
    const code = 'import { termsRouter } from "../routes/terms";\nexport const x = termsRouter;\n';
    expect(await ruleIdsFor(code, "sandbox/membership/x.ts")).toContain("@typescript-eslint/no-restricted-imports");
    expect(
      await ruleIdsFor(
        'import { termsRouter } from "./routes/terms";\nexport const x = termsRouter;\n',
        "sandbox/index.ts",
      ),
    ).toEqual([]);
  });
});

describe("import circles", () => {
  it("are refused in the sandbox", async () => {
    // Two modules on disk that import each other's values, linted with the project's own config.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kavach-cycle-"));
    fs.mkdirSync(path.join(dir, "sandbox/membership"), { recursive: true });
    fs.writeFileSync(
      path.join(dir, "sandbox/membership/a.ts"),
      'import { b } from "./b";\nexport const a = () => b();\n',
    );
    fs.writeFileSync(
      path.join(dir, "sandbox/membership/b.ts"),
      'import { a } from "./a";\nexport const b = () => a;\n',
    );
    const inTemp = new ESLint({ cwd: dir, overrideConfigFile: path.join(ROOT, "eslint.config.js") });
    const results = await inTemp.lintFiles(["sandbox/membership/a.ts"]);
    expect(results[0]!.messages.map((m) => m.ruleId)).toContain("import-x/no-cycle");
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
