/**
 * The server's share of checking a census file (README, Performance), stage by stage: a 10,000-row
 * CSV and the same rows as an Excel workbook, read (bounded, parsed), every row checked by the app's
 * rules, and the passing rows checked by the API's rules (sent as JSON, read back and checked
 * against a purchase that covers them, in this process: npm run bench:census adds the HTTP and the
 * database). Each stage: wall time and CPU time (medians of a few runs; CPU is the fairer figure on a
 * shared machine) and the most the heap and buffers grew over the figure before the run (after a
 * collection when node runs with --expose-gc).
 */
import ExcelJS from "exceljs";
import { readCensusFile } from "~/membership/census/read-file.server";
import type { MemberInput } from "~/membership/census/rules";
import { MEMBER_COLUMNS, checkMemberRow } from "~/membership/census/rules";
import type { Purchase, RowInput } from "../sandbox/membership/census";
import { checkCensus } from "../sandbox/membership/census";

const ROWS = 10_000;
const RUNS = 3;
const TODAY = "2026-11-26";
const STAGES = ["read", "app rules", "API check"] as const;

/** Employees of every band, employee-only cover: every row of the file is ready. */
const PURCHASE: Purchase = {
  coverStart: "2026-12-01",
  today: TODAY,
  people: ["18-35", "36-45", "46-55", "56-65"].map((band) => ({
    band,
    band_label: `${band} years`,
    range: "1A",
    range_label: "Employee only",
    count: ROWS,
  })),
};

function censusRows(): string[][] {
  return Array.from({ length: ROWS }, (_, i) => [
    `E-${i + 1}`,
    i % 3 === 0 ? `अनन्या शर्मा ${i}` : `Employee Number ${i}`,
    i % 2 ? "female" : "male",
    `${String((i % 28) + 1).padStart(2, "0")}-0${(i % 9) + 1}-19${70 + (i % 30)}`,
    "self",
    `+91 98${String(i).padStart(8, "0")}`,
    `e${i}@example.in`,
    "2024-06-01",
  ]);
}

function memory(): number {
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
}

interface Figures {
  ms: number;
  cpuMs: number;
  extraMb: number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function measure(name: string, bytes: Buffer) {
  const runs: Record<(typeof STAGES)[number] | "total", Figures[]> = {
    read: [],
    "app rules": [],
    "API check": [],
    total: [],
  };
  for (let run = 0; run < RUNS; run += 1) {
    (globalThis as { gc?: () => void }).gc?.();
    const before = memory();
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, memory())), 5);
    const totalCpu = process.cpuUsage();
    const totalStarted = performance.now();
    const stage = async <T>(label: (typeof STAGES)[number], work: () => T | Promise<T>): Promise<T> => {
      const cpu = process.cpuUsage();
      const started = performance.now();
      const result = await work();
      const used = process.cpuUsage(cpu);
      peak = Math.max(peak, memory());
      runs[label].push({
        ms: performance.now() - started,
        cpuMs: (used.user + used.system) / 1000,
        extraMb: (peak - before) / 1024 / 1024,
      });
      return result;
    };
    const read = await stage("read", () => readCensusFile({ name, size: bytes.length, bytes }));
    if (!read.ok) throw new Error(`${name}: ${read.message}`);
    const passing = await stage("app rules", () => {
      const rows: Array<MemberInput & { row_number: number }> = [];
      for (const row of read.rows) {
        const checked = checkMemberRow(row.cells, TODAY);
        if (checked.ok) rows.push({ row_number: row.row_number, ...checked.member });
      }
      return rows;
    });
    const answer = await stage("API check", () => {
      const sent = JSON.parse(JSON.stringify({ rows: passing })) as { rows: RowInput[] };
      return checkCensus(sent.rows, [], PURCHASE);
    });
    const used = process.cpuUsage(totalCpu);
    clearInterval(sampler);
    runs.total.push({
      ms: performance.now() - totalStarted,
      cpuMs: (used.user + used.system) / 1000,
      extraMb: (peak - before) / 1024 / 1024,
    });
    if (passing.length !== ROWS || answer.ready.length !== ROWS)
      throw new Error(`${name}: ${passing.length} rows passed the app, ${answer.ready.length} the API, of ${ROWS}`);
  }
  const summary = (figures: Figures[]): Figures => ({
    ms: median(figures.map((f) => f.ms)),
    cpuMs: median(figures.map((f) => f.cpuMs)),
    extraMb: Math.max(...figures.map((f) => f.extraMb)),
  });
  return {
    name,
    kb: Math.round(bytes.length / 1024),
    stages: STAGES.map((label) => ({ label, ...summary(runs[label]) })),
    total: summary(runs.total),
  };
}

export async function measureCensusFiles() {
  const rows = censusRows();
  const csv = Buffer.from([MEMBER_COLUMNS.join(","), ...rows.map((r) => r.join(","))].join("\r\n"));
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet("Team");
  sheet.addRow([...MEMBER_COLUMNS]);
  for (const r of rows) sheet.addRow(r);
  const xlsx = Buffer.from(await book.xlsx.writeBuffer());
  return [await measure("census.csv", csv), await measure("census.xlsx", xlsx)];
}

export function printCensusFiles(
  results: Awaited<ReturnType<typeof measureCensusFiles>>,
  maxMs: number,
  maxMb: number,
) {
  console.log(
    `\nCensus file of ${ROWS.toLocaleString("en-IN")} rows, read and checked (budget: under ${maxMs} ms of server time and ${maxMb} MB extra; medians of ${RUNS} runs, memory the most over the run so far):`,
  );
  const line = (label: string, f: Figures) =>
    `    ${label.padEnd(10)} ${f.ms.toFixed(0).padStart(6)} ms wall  ${f.cpuMs.toFixed(0).padStart(6)} ms CPU  ${f.extraMb.toFixed(1).padStart(6)} MB extra`;
  for (const r of results) {
    console.log(`  ${r.name} (${r.kb} KB)`);
    for (const s of r.stages) console.log(line(s.label, s));
    const memoryMet = r.total.extraMb <= maxMb;
    const verdict =
      r.total.ms <= maxMs && memoryMet
        ? "budget met"
        : r.total.cpuMs <= maxMs && memoryMet
          ? "budget missed on wall time, met on CPU time (a loaded machine)"
          : "budget missed";
    console.log(`${line("total", r.total)}  ${verdict}`);
  }
}
