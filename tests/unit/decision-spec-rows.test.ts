import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Decision records that account for the product spec's rows (decision 0020's table) mark a row done only
 * with the test that shows it: a "Done" row names at least one test file, each named file exists, and
 * where the row has a number (7.8, 3.21) the named test mentions it. So a record cannot claim a row the
 * code does not do without a test that would fail.
 */

const ROOT = path.resolve(__dirname, "../..");
const DECISIONS = path.join(ROOT, "docs/decisions");

interface SpecRow {
  record: string;
  row: string;
  status: string;
  tests: string[];
}

const cells = (line: string) =>
  line
    .trim()
    .replace(/^\||\|$/g, "")
    .split("|")
    .map((c) => c.trim());

/** The rows of every table in `markdown` whose header has a "Spec row" and a "Status" column. */
function specRows(record: string, markdown: string): SpecRow[] {
  const rows: SpecRow[] = [];
  const lines = markdown.split("\n");
  for (let i = 0; i < lines.length; i += 1) {
    const header = cells(lines[i]!);
    const rowAt = header.findIndex((h) => /^spec row$/i.test(h));
    const statusAt = header.findIndex((h) => /^status$/i.test(h));
    if (!lines[i]!.trim().startsWith("|") || rowAt < 0 || statusAt < 0) continue;
    const testAt = header.findIndex((h) => /^tests?$/i.test(h));
    for (i += 2; i < lines.length && lines[i]!.trim().startsWith("|"); i += 1) {
      const row = cells(lines[i]!);
      const where = testAt >= 0 ? (row[testAt] ?? "") : row.join(" ");
      rows.push({
        record,
        row: row[rowAt] ?? "",
        status: row[statusAt] ?? "",
        tests: [...where.matchAll(/`(tests\/[^`\s]+)`/g)].map((m) => m[1]!),
      });
    }
  }
  return rows;
}

/** What is wrong with a row marked done: no test named, a named test missing, or not naming the row's number. */
function problemsOf(row: SpecRow, root = ROOT): string[] {
  if (!/^done\b/i.test(row.status)) return [];
  const where = `${row.record}, "${row.row}"`;
  if (row.tests.length === 0) return [`${where} is marked done but names no test`];
  const id = /^(\d+\.\d+)\b/.exec(row.row)?.[1];
  return row.tests.flatMap((test) => {
    const file = path.join(root, test);
    if (!fs.existsSync(file)) return [`${where} names ${test}, which does not exist`];
    if (id === undefined) return [];
    const mentions = new RegExp(`(?<![\\d.])${id.replace(".", "\\.")}(?![\\d])`).test(fs.readFileSync(file, "utf8"));
    return mentions ? [] : [`${where} names ${test}, which does not mention spec row ${id}`];
  });
}

const records = fs
  .readdirSync(DECISIONS)
  .filter((f) => /^\d{4}-.*\.md$/.test(f))
  .map((f) => ({ record: f, rows: specRows(f, fs.readFileSync(path.join(DECISIONS, f), "utf8")) }));

describe("spec rows in the decision records", () => {
  it("every row marked done names an existing test that mentions the row's number", () => {
    const rows = records.flatMap((r) => r.rows);
    // Decision 0020's table is read: the check below is not passing over nothing.
    expect(rows.filter((r) => r.record.startsWith("0020-")).length).toBeGreaterThanOrEqual(12);
    expect(rows.filter((r) => /^done\b/i.test(r.status)).length).toBeGreaterThanOrEqual(5);
    expect(rows.flatMap((r) => problemsOf(r))).toEqual([]);
  });

  it("rows 7.8, 7.24 and 3.21 are marked done, each with its test", () => {
    const rows = records.flatMap((r) => r.rows);
    for (const id of ["7.8", "7.24", "3.21"]) {
      const row = rows.find((r) => r.row.startsWith(`${id} `));
      expect(row?.status, id).toMatch(/^Done/);
      expect(row?.tests.length, id).toBeGreaterThan(0);
    }
  });

  it("finds a done row without a test, with a missing test, or with a test that does not name it", () => {
    const table = [
      "| Spec row | Status | Evidence or reason | Test |",
      "|---|---|---|---|",
      "| 9.9 A row | Done | Somewhere. | |",
      "| 9.8 Another | Done | Somewhere. | `tests/unit/no-such-test.test.ts` |",
      "| 9.7 A third | Done | Somewhere. | `tests/unit/partner-return.test.ts` |",
      "| 7.8 The FAQ | Done | Somewhere. | `tests/e2e/checkout-faq.spec.ts` |",
      "| A row without a number | Not done | A reason. | |",
    ].join("\n");
    expect(specRows("9999-example.md", table).flatMap((r) => problemsOf(r))).toEqual([
      '9999-example.md, "9.9 A row" is marked done but names no test',
      '9999-example.md, "9.8 Another" names tests/unit/no-such-test.test.ts, which does not exist',
      '9999-example.md, "9.7 A third" names tests/unit/partner-return.test.ts, which does not mention spec row 9.7',
    ]);
  });
});
