/**
 * The app's share of checking a census file (README, Performance): a 10,000-row CSV and the same
 * rows as an Excel workbook, read (bounded, parsed) and every row checked by the app's rules, in
 * this process. Server time is the median of a few runs; extra memory is the most the heap and
 * buffers grew over the figure before the run (after a collection when node runs with --expose-gc).
 * The API's own check of the rows is measured by npm run bench:census.
 */
import ExcelJS from "exceljs";
import { readCensusFile } from "~/members/read-file.server";
import { MEMBER_COLUMNS, checkMemberRow } from "~/members/rules";

const ROWS = 10_000;
const RUNS = 3;

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

async function measure(name: string, bytes: Buffer) {
  const times: number[] = [];
  let extra = 0;
  for (let run = 0; run < RUNS; run += 1) {
    (globalThis as { gc?: () => void }).gc?.();
    const before = memory();
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, memory())), 5);
    const started = performance.now();
    const read = await readCensusFile({ name, size: bytes.length, bytes });
    if (!read.ok) throw new Error(`${name}: ${read.message}`);
    let ready = 0;
    for (const row of read.rows) if (checkMemberRow(row.cells, "2026-11-26").ok) ready += 1;
    times.push(performance.now() - started);
    peak = Math.max(peak, memory());
    clearInterval(sampler);
    extra = Math.max(extra, peak - before);
    if (ready !== ROWS) throw new Error(`${name}: ${ready} of ${ROWS} rows ready`);
  }
  times.sort((a, b) => a - b);
  return { name, kb: Math.round(bytes.length / 1024), ms: times[Math.floor(RUNS / 2)]!, extraMb: extra / 1024 / 1024 };
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
    `\nCensus file of ${ROWS.toLocaleString("en-IN")} rows, read and checked by the app (budget: whole upload under ${maxMs} ms and ${maxMb} MB extra):`,
  );
  for (const r of results)
    console.log(
      `  ${r.name.padEnd(12)} ${String(r.kb).padStart(5)} KB  ${r.ms.toFixed(0).padStart(6)} ms  ${r.extraMb.toFixed(1).padStart(6)} MB extra`,
    );
}
