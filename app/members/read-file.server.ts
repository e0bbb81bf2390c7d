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

/**
 * Census rows from a file's rows as they are read (header first, each with its number; a cell not
 * given is blank); blank rows are skipped. Taken one at a time, so a file's rows are never held twice.
 * `extra`: further columns read when the file has them (the changes upload's), blank otherwise.
 */
function censusRows(extra: readonly string[]) {
  let at: Record<MemberColumn, number> | null = null;
  let extraAt: (readonly [string, number])[] = [];
  const rows: FileRow[] = [];
  let refusal: string | null = null;
  return {
    /** Takes the next row; false once the file is refused, when reading can stop. */
    add(number: number, cells: readonly (string | undefined)[]): boolean {
      if (refusal !== null) return false;
      if (at === null) {
        if (!cells.some((c) => c !== undefined && c.trim() !== "")) return true;
        const headers = Array.from(cells, (c) => c ?? "");
        const mapped = mapHeaders(headers);
        if (!mapped.ok) refusal = missingHeadersMessage(mapped.missing);
        else {
          at = mapped.at;
          const keys = headers.map(headerKey);
          extraAt = extra.map((name) => [name, keys.indexOf(name)] as const);
        }
        return refusal === null;
      }
      if (cells.every((c) => c === undefined || c.trim() === "")) return true;
      if (rows.length === ROWS_MAX) {
        refusal = FILE_MESSAGES.tooManyRows;
        return false;
      }
      const row = {} as RawMemberRow;
      for (const column of MEMBER_COLUMNS) row[column] = (cells[at[column]] ?? "").trim();
      row.date_of_birth = normaliseDate(row.date_of_birth);
      row.date_of_joining = normaliseDate(row.date_of_joining);
      if (extraAt.length === 0) rows.push({ row_number: number, cells: row });
      else {
        const extraCells = Object.fromEntries(extraAt.map(([name, i]) => [name, (cells[i] ?? "").trim()]));
        rows.push({ row_number: number, cells: row, extra: extraCells });
      }
      return true;
    },
    result(): ReadResult {
      if (refusal !== null) return fail(refusal);
      if (at === null) return fail(FILE_MESSAGES.empty);
      return rows.length === 0 ? fail(FILE_MESSAGES.noRows) : { ok: true, rows };
    },
  };
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
  const rows = censusRows(extra);
  records.every((cells, i) => rows.add(i + 1, cells));
  return rows.result();
}

interface ZipEntry {
  name: string;
  /** Where its local header starts in the file. */
  offset: number;
  unpacked: number;
}

/**
 * The entries an .xlsx (a zip) lists in its central directory, with the sizes they declare they
 * unpack to, read before any of it is inflated: null when the zip is not whole or is a zip64 (never
 * needed for a census).
 */
function zipEntries(bytes: Buffer): { entries: ZipEntry[]; directory: number } | null {
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
  const count = bytes.readUInt16LE(end + 10);
  const size = bytes.readUInt32LE(end + 12);
  const directory = bytes.readUInt32LE(end + 16);
  if (count === 0xffff || directory === 0xffffffff || directory + size > end) return null;
  const entries: ZipEntry[] = [];
  let at = directory;
  for (let n = 0; n < count; n += 1) {
    if (at + 46 > end || bytes.readUInt32LE(at) !== CENTRAL) return null;
    const compressed = bytes.readUInt32LE(at + 20);
    const unpacked = bytes.readUInt32LE(at + 24);
    const offset = bytes.readUInt32LE(at + 42);
    const nameLength = bytes.readUInt16LE(at + 28);
    if (compressed === 0xffffffff || unpacked === 0xffffffff || offset >= directory) return null;
    entries.push({ name: bytes.toString("utf8", at + 46, at + 46 + nameLength), offset, unpacked });
    at += 46 + nameLength + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
  }
  return { entries, directory };
}

/** What an .xlsx declares it unpacks to (entries and bytes), or null when it is not a whole zip. */
export function zipUnpackedSize(bytes: Buffer): { entries: number; bytes: number } | null {
  const zip = zipEntries(bytes);
  if (zip === null) return null;
  return { entries: zip.entries.length, bytes: zip.entries.reduce((total, e) => total + e.unpacked, 0) };
}

/** The parts exceljs needs before a sheet, so that it reads the sheet as it streams. */
const FIRST = [/^xl\/sharedStrings\.xml$/, /^xl\/styles\.xml$/, /^xl\/workbook\.xml$/, /^xl\/_rels\//];
const rank = (name: string) => {
  const i = FIRST.findIndex((re) => re.test(name));
  return i === -1 ? FIRST.length : i;
};

/**
 * The zip's entries, each as its local header and data, with the shared strings, styles and
 * workbook ahead of the sheets. Excel and exceljs write the sheets first; exceljs's streaming reader
 * then copies each sheet to a temporary file and parses it once the shared strings have come, which
 * costs a 10,000-row census a disk round trip of a few MB. Slices of the upload, not copies.
 */
function sheetsLast(bytes: Buffer, zip: { entries: ZipEntry[]; directory: number }): Buffer[] {
  const byOffset = [...zip.entries].sort((a, b) => a.offset - b.offset);
  const parts = byOffset.map((e, i) => ({
    name: e.name,
    bytes: bytes.subarray(e.offset, byOffset[i + 1]?.offset ?? zip.directory),
  }));
  // A stable sort: entries of one rank keep the order they were written in.
  return parts.sort((a, b) => rank(a.name) - rank(b.name)).map((p) => p.bytes);
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
  const zip = zipEntries(bytes);
  const unpacked = zipUnpackedSize(bytes);
  if (zip === null || unpacked === null) return fail(FILE_MESSAGES.brokenXlsx);
  if (unpacked.bytes > XLSX_UNPACKED_MAX_BYTES || unpacked.entries > XLSX_ENTRIES_MAX)
    return fail(FILE_MESSAGES.oversizedXlsx);
  // Streamed, the first sheet only, row by row: the whole workbook as objects costs several times the
  // time and memory of the cells a census needs.
  const rows = censusRows(extra);
  try {
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from(sheetsLast(bytes, zip)), {
      worksheets: "emit",
      sharedStrings: "cache",
      styles: "cache",
      hyperlinks: "ignore",
      entries: "ignore",
    });
    for await (const sheet of reader) {
      for await (const row of sheet as AsyncIterable<ExcelJS.Row>) {
        if (!row.hasValues) continue;
        const cells: string[] = [];
        row.eachCell({ includeEmpty: true }, (cell, column) => {
          cells[column - 1] = cellText(cell.value);
        });
        if (!rows.add(row.number, cells)) break;
      }
      break;
    }
  } catch {
    return fail(FILE_MESSAGES.brokenXlsx);
  }
  return rows.result();
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
