import { parse } from "csv-parse/sync";
import ExcelJS from "exceljs";
import { Readable } from "node:stream";
import type { MemberColumn, RawMemberRow } from "./rules";
import { MEMBER_COLUMNS, normaliseDate } from "./rules";

/**
 * Reads a census file, CSV or Excel, into rows of text cells (docs/product.md, Member census):
 * bounded before anything is parsed, so no file costs more than its 2 MB.
 */

export const FILE_MAX_BYTES = 2 * 1024 * 1024;
export const ROWS_MAX = 10_000;
/** What an .xlsx may unpack to: a full 10,000-row census unpacks to a few MB. */
export const XLSX_UNPACKED_MAX_BYTES = 40 * 1024 * 1024;
const XLSX_ENTRIES_MAX = 200;

export const FILE_MESSAGES = {
  missing: "Choose a CSV or Excel file to upload",
  empty: "The file is empty. Add your team to the template and upload it again",
  tooLarge: "The file is larger than 2 MB. Upload at most 10,000 rows at a time",
  tooManyRows: "The file has more than 10,000 rows. Upload at most 10,000 rows at a time",
  notSpreadsheet: "The file must be a CSV or an Excel workbook (.xlsx). Download the template and start from it",
  notText: "The CSV file could not be read as text. Save it as “CSV UTF-8” and upload it again",
  brokenCsv: "The CSV file could not be read. Save it as “CSV UTF-8” from your spreadsheet and upload it again",
  brokenXlsx: "The Excel file could not be opened. Save it again as an Excel workbook (.xlsx) and upload it again",
  oversizedXlsx:
    "The Excel file unpacks to more than 40 MB. Save it again with only the census sheet and upload it again",
  noRows: "The file has a header row but no members. Add one row per member and upload it again",
} as const;

export function missingHeadersMessage(missing: readonly string[]): string {
  return `The first row must name the columns ${MEMBER_COLUMNS.join(", ")}. Missing: ${missing.join(", ")}`;
}

export interface FileRow {
  /** The row's number as a spreadsheet shows it: the header is row 1. */
  row_number: number;
  cells: RawMemberRow;
  /** The cells of the extra columns asked for, if any were (empty when the file has no such column). */
  extra?: Record<string, string>;
}

export type ReadResult = { ok: true; rows: FileRow[] } | { ok: false; message: string };

const fail = (message: string): ReadResult => ({ ok: false, message });

/** "Date of birth", "DATE_OF_BIRTH", " date-of-birth " all name date_of_birth. */
function headerKey(value: string): string {
  return value
    .replace(/^\uFEFF/, "")
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, "_");
}

/** Which column of the file holds each member column, or the names of those missing. */
function mapHeaders(
  headers: readonly string[],
): { ok: true; at: Record<MemberColumn, number> } | { ok: false; missing: string[] } {
  const keys = headers.map(headerKey);
  const at = {} as Record<MemberColumn, number>;
  const missing: string[] = [];
  for (const column of MEMBER_COLUMNS) {
    const index = keys.indexOf(column);
    if (index === -1) missing.push(column);
    else at[column] = index;
  }
  return missing.length > 0 ? { ok: false, missing } : { ok: true, at };
}

/** Rows of cells (header first, each with its number) to census rows; blank rows are skipped. */
function toRows(table: { number: number; cells: string[] }[], extra: readonly string[]): ReadResult {
  const header = table.find((row) => row.cells.some((c) => c.trim() !== ""));
  if (!header) return fail(FILE_MESSAGES.empty);
  const mapped = mapHeaders(header.cells);
  if (!mapped.ok) return fail(missingHeadersMessage(mapped.missing));
  const extraAt = extra.map((name) => [name, header.cells.map(headerKey).indexOf(name)] as const);
  const rows: FileRow[] = [];
  for (const row of table) {
    if (row.number <= header.number || row.cells.every((c) => c.trim() === "")) continue;
    if (rows.length === ROWS_MAX) return fail(FILE_MESSAGES.tooManyRows);
    const cells = {} as RawMemberRow;
    for (const column of MEMBER_COLUMNS) cells[column] = (row.cells[mapped.at[column]] ?? "").trim();
    cells.date_of_birth = normaliseDate(cells.date_of_birth);
    cells.date_of_joining = normaliseDate(cells.date_of_joining);
    if (extraAt.length === 0) rows.push({ row_number: row.number, cells });
    else {
      const extraCells = Object.fromEntries(extraAt.map(([name, at]) => [name, (row.cells[at] ?? "").trim()]));
      rows.push({ row_number: row.number, cells, extra: extraCells });
    }
  }
  return rows.length === 0 ? fail(FILE_MESSAGES.noRows) : { ok: true, rows };
}

const ZIP_LOCAL = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const PDF = Buffer.from("%PDF");

function readCsv(bytes: Buffer, extra: readonly string[]): ReadResult {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return fail(FILE_MESSAGES.notText);
  }
  // A binary file renamed .csv: text never carries NUL.
  if (text.includes("\u0000")) return fail(FILE_MESSAGES.notSpreadsheet);
  let records: string[][];
  try {
    // Every record, blank ones too, so that a row's number is the one a spreadsheet shows. Bounded:
    // the first records past the limit are enough to refuse the file.
    records = parse(text, {
      bom: true,
      relax_column_count: true,
      skip_empty_lines: false,
      to: ROWS_MAX + 2,
    }) as string[][];
  } catch {
    return fail(FILE_MESSAGES.brokenCsv);
  }
  return toRows(
    records.map((cells, i) => ({ number: i + 1, cells })),
    extra,
  );
}

/**
 * The sizes an .xlsx (a zip) declares it unpacks to, from its central directory, before any of it
 * is inflated: null when the zip is not whole or is a zip64 (never needed for a census).
 */
export function zipUnpackedSize(bytes: Buffer): { entries: number; bytes: number } | null {
  const EOCD = 0x06054b50;
  const CENTRAL = 0x02014b50;
  const from = Math.max(0, bytes.length - 22 - 0xffff);
  let end = -1;
  for (let i = bytes.length - 22; i >= from; i -= 1)
    if (bytes.readUInt32LE(i) === EOCD) {
      end = i;
      break;
    }
  if (end === -1) return null;
  const entries = bytes.readUInt16LE(end + 10);
  const size = bytes.readUInt32LE(end + 12);
  const offset = bytes.readUInt32LE(end + 16);
  if (entries === 0xffff || offset === 0xffffffff || offset + size > end) return null;
  let total = 0;
  let at = offset;
  for (let n = 0; n < entries; n += 1) {
    if (at + 46 > end || bytes.readUInt32LE(at) !== CENTRAL) return null;
    const compressed = bytes.readUInt32LE(at + 20);
    const unpacked = bytes.readUInt32LE(at + 24);
    if (compressed === 0xffffffff || unpacked === 0xffffffff) return null;
    total += unpacked;
    at += 46 + bytes.readUInt16LE(at + 28) + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
  }
  return { entries, bytes: total };
}

/** A cell's text as the admin sees it; an Excel date cell as ISO. */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return "";
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? "" : value.toISOString().slice(0, 10);
  if (typeof value === "object") {
    if ("richText" in value) return value.richText.map((r) => r.text).join("");
    if ("text" in value && typeof value.text === "string") return value.text;
    if ("result" in value) return cellText(value.result as ExcelJS.CellValue);
    if ("error" in value) return "";
    return "";
  }
  return String(value);
}

async function readXlsx(bytes: Buffer, extra: readonly string[]): Promise<ReadResult> {
  const unpacked = zipUnpackedSize(bytes);
  if (unpacked === null) return fail(FILE_MESSAGES.brokenXlsx);
  if (unpacked.bytes > XLSX_UNPACKED_MAX_BYTES || unpacked.entries > XLSX_ENTRIES_MAX)
    return fail(FILE_MESSAGES.oversizedXlsx);
  // Streamed, the first sheet only, row by row: the whole workbook as objects costs several times the
  // time and memory of the cells a census needs.
  const table: { number: number; cells: string[] }[] = [];
  try {
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([bytes]), {
      worksheets: "emit",
      sharedStrings: "cache",
      styles: "cache",
      hyperlinks: "ignore",
      entries: "ignore",
    });
    for await (const sheet of reader) {
      for await (const row of sheet as AsyncIterable<ExcelJS.Row>) {
        if (!row.hasValues) continue;
        if (table.length === ROWS_MAX + 1) return fail(FILE_MESSAGES.tooManyRows);
        const cells: string[] = [];
        row.eachCell({ includeEmpty: true }, (cell, column) => {
          cells[column - 1] = cellText(cell.value);
        });
        table.push({ number: row.number, cells: Array.from(cells, (c) => c ?? "") });
      }
      break;
    }
  } catch {
    return fail(FILE_MESSAGES.brokenXlsx);
  }
  if (table.length === 0) return fail(FILE_MESSAGES.empty);
  return toRows(table, extra);
}

/**
 * Reads an uploaded census file: CSV or .xlsx, told apart by their bytes, not their names. `extra`: the
 * further columns a file may carry (the changes upload's `change`, `last_day`, `reason`), read when present.
 */
export async function readCensusFile(
  file: { name: string; size: number; bytes: Buffer },
  extra: readonly string[] = [],
): Promise<ReadResult> {
  if (file.size === 0 || file.bytes.length === 0) return fail(FILE_MESSAGES.empty);
  if (file.size > FILE_MAX_BYTES || file.bytes.length > FILE_MAX_BYTES) return fail(FILE_MESSAGES.tooLarge);
  if (file.bytes.subarray(0, 4).equals(ZIP_LOCAL)) return readXlsx(file.bytes, extra);
  if (/\.xlsx$/i.test(file.name) && !file.bytes.subarray(0, 4).equals(PDF)) return fail(FILE_MESSAGES.brokenXlsx);
  if (file.bytes.subarray(0, 4).equals(PDF) || /\.(xls|pdf|docx?)$/i.test(file.name))
    return fail(FILE_MESSAGES.notSpreadsheet);
  return readCsv(file.bytes, extra);
}
