import { parse } from "csv-parse/sync";
import { createInflateRaw } from "node:zlib";
import { SaxesParser } from "saxes";
import type { MemberColumn, RawMemberRow } from "./rules";
import { MEMBER_COLUMNS, normaliseDate } from "./rules";

/**
 * Reads a census file, CSV or Excel, into rows of text cells (docs/product.md, Member census):
 * bounded before anything is parsed, and again as it is read, so no file costs more than its 2 MB
 * (docs/decisions/0041).
 */

export const FILE_MAX_BYTES = 2 * 1024 * 1024;
export const ROWS_MAX = 10_000;
/**
 * The rows a file may have, read one by one, blank ones included: the header and ROWS_MAX members. A
 * blank row costs as much to read as any other, so each one counts.
 */
export const ROWS_READ_MAX = ROWS_MAX + 1;
/** The columns a census sheet may use: the census's and the changes' with room for a few of the company's own. */
export const COLUMNS_MAX = 50;
/** What an .xlsx may unpack to: a full 10,000-row census unpacks to a few MB. */
export const XLSX_UNPACKED_MAX_BYTES = 40 * 1024 * 1024;
const XLSX_ENTRIES_MAX = 200;

export const FILE_MESSAGES = {
  missing: "Choose a CSV or Excel file to upload",
  empty: "The file is empty. Add your team to the template and upload it again",
  tooLarge: "The file is larger than 2 MB. Upload at most 10,000 rows at a time",
  tooManyRows: "The file has more than 10,000 rows. Upload at most 10,000 rows at a time",
  tooWide: "The file has something in a column past column AX. Keep only the census's columns and upload it again",
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

const isBlank = (cell: string | undefined) => cell === undefined || cell.trim() === "";

/**
 * Census rows from a file's rows as they are read (header first, each with its number; a cell not
 * given is blank); blank rows are skipped but counted. Taken one at a time, so a file's rows are never
 * held twice. `extra`: further columns read when the file has them (the changes upload's), blank otherwise.
 */
function censusRows(extra: readonly string[]) {
  let at: Record<MemberColumn, number> | null = null;
  let extraAt: (readonly [string, number])[] = [];
  let read = 0;
  const rows: FileRow[] = [];
  let refusal: string | null = null;
  return {
    /** Which columns are read from here on: all (up to COLUMNS_MAX) until the header has been seen. */
    wanted(column: number): boolean {
      if (at === null) return column < COLUMNS_MAX;
      return MEMBER_COLUMNS.some((c) => at![c] === column) || extraAt.some(([, i]) => i === column);
    },
    /** A cell with something in it past COLUMNS_MAX: the file is refused. */
    tooWide(): void {
      refusal ??= FILE_MESSAGES.tooWide;
    },
    /** Takes the next row; false once the file is refused, when reading can stop. */
    add(number: number, cells: readonly (string | undefined)[]): boolean {
      if (refusal !== null) return false;
      read += 1;
      if (read > ROWS_READ_MAX) {
        refusal = FILE_MESSAGES.tooManyRows;
        return false;
      }
      if (cells.length > COLUMNS_MAX && cells.slice(COLUMNS_MAX).some((c) => !isBlank(c))) {
        refusal = FILE_MESSAGES.tooWide;
        return false;
      }
      if (at === null) {
        if (cells.every(isBlank)) return true;
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
      if (cells.every(isBlank)) return true;
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
    refused: () => refusal !== null,
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
    // the first record past the limit is enough to refuse the file.
    records = parse(text, {
      bom: true,
      relax_column_count: true,
      skip_empty_lines: false,
      to: ROWS_READ_MAX + 1,
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
  method: number;
  compressed: number;
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
    const method = bytes.readUInt16LE(at + 10);
    const compressed = bytes.readUInt32LE(at + 20);
    const unpacked = bytes.readUInt32LE(at + 24);
    const offset = bytes.readUInt32LE(at + 42);
    const nameLength = bytes.readUInt16LE(at + 28);
    if (compressed === 0xffffffff || unpacked === 0xffffffff || offset >= directory) return null;
    entries.push({
      name: bytes.toString("utf8", at + 46, at + 46 + nameLength),
      offset,
      method,
      compressed,
      unpacked,
    });
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

/** The file is not a workbook this reader can open. */
class Broken extends Error {}
/** The file unpacks past XLSX_UNPACKED_MAX_BYTES, whatever its zip declared. */
class Oversized extends Error {}

/**
 * One entry's XML, inflated and parsed as it streams. Every inflated byte is counted against the
 * workbook's allowance (`budget`), the sizes the zip declares aside: past it, inflating stops.
 * `stop()` true ends the read early (the file is refused, or the rows wanted have been read).
 */
async function parseEntry(
  bytes: Buffer,
  entry: ZipEntry,
  budget: { left: number },
  parser: SaxesParser,
  stop: () => boolean,
): Promise<void> {
  const at = entry.offset;
  if (at + 30 > bytes.length || !bytes.subarray(at, at + 4).equals(ZIP_LOCAL)) throw new Broken();
  const start = at + 30 + bytes.readUInt16LE(at + 26) + bytes.readUInt16LE(at + 28);
  const data = bytes.subarray(start, start + entry.compressed);
  if (data.length !== entry.compressed) throw new Broken();
  if (entry.method !== 0 && entry.method !== 8) throw new Broken();
  const text = new TextDecoder("utf-8", { fatal: true });
  const take = (chunk: Uint8Array) => {
    budget.left -= chunk.length;
    if (budget.left < 0) throw new Oversized();
    parser.write(text.decode(chunk, { stream: true }));
  };
  if (entry.method === 0) {
    // Stored: read in pieces, so a refusal still stops it early.
    for (let i = 0; i < data.length && !stop(); i += 64 * 1024) take(data.subarray(i, i + 64 * 1024));
  } else {
    const inflater = createInflateRaw();
    inflater.end(data);
    try {
      // The inflater works only as fast as it is read: leaving the loop leaves the rest uninflated.
      for await (const chunk of inflater as AsyncIterable<Buffer>) {
        take(chunk);
        if (stop()) break;
      }
    } catch (error) {
      throw error instanceof Oversized ? error : new Broken();
    } finally {
      inflater.destroy();
    }
  }
  if (!stop()) parser.close();
}

/** A saxes parser whose element names are without their namespace prefix (`x:row` is `row`). */
function xmlParser(
  on: {
    open?: (name: string, attributes: Record<string, string>) => void;
    close?: (name: string) => void;
    text?: (text: string) => void;
  } = {},
): SaxesParser {
  const parser = new SaxesParser();
  const local = (name: string) => name.slice(name.indexOf(":") + 1);
  parser.on("error", () => {
    throw new Broken();
  });
  if (on.open) {
    const open = on.open;
    parser.on("opentag", (tag) => open(local(tag.name), tag.attributes as Record<string, string>));
  }
  if (on.close) {
    const close = on.close;
    parser.on("closetag", (tag) => close(local(tag.name)));
  }
  if (on.text) {
    parser.on("text", on.text);
    parser.on("cdata", on.text);
  }
  return parser;
}

/** The built-in number formats that show a date (ECMA-376 part 1, 18.8.30, with the East Asian ones). */
const DATE_FORMAT_IDS = new Set([
  14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47,
]);
/** A custom format shows a date when it has a day, month or year outside quotes, escapes and [brackets]. */
const isDateFormat = (code: string) =>
  /[dmy]/i.test(code.replace(/"[^"]*"|\\.|\[[^\]]*\]/g, "").replace(/General/gi, ""));

/** Column "AB" of "AB12" as 27 (zero-based); -1 when the reference names none. */
function columnOf(reference: string): number {
  let column = 0;
  let i = 0;
  for (; i < reference.length; i += 1) {
    const code = reference.charCodeAt(i) | 0x20;
    if (code < 0x61 || code > 0x7a) break;
    column = column * 26 + (code - 0x60);
  }
  return i === 0 ? -1 : column - 1;
}

/** An Excel date serial as ISO, as Excel shows it (the 1900 or the 1904 date system). */
function serialDate(serial: number, date1904: boolean): string {
  const date = new Date(Math.round((serial - 25569 + (date1904 ? 1462 : 0)) * 86_400_000));
  return Number.isNaN(date.getTime()) ? "" : date.toISOString().slice(0, 10);
}

/** The parts of a workbook a census needs: where its first sheet is, its shared strings and date styles. */
interface Workbook {
  sheet: string;
  date1904: boolean;
  strings: string[];
  dateStyles: Set<number>;
}

async function readWorkbook(
  bytes: Buffer,
  entries: Map<string, ZipEntry>,
  budget: { left: number },
): Promise<Workbook> {
  const part = async (name: string, parser: SaxesParser) => {
    const entry = entries.get(name);
    if (entry === undefined) return false;
    await parseEntry(bytes, entry, budget, parser, () => false);
    return true;
  };
  let date1904 = false;
  let firstSheet: string | null = null;
  const workbook = xmlParser({
    open(name, a) {
      if (name === "workbookPr") date1904 = a.date1904 === "1" || a.date1904 === "true";
      // The relationship id, whatever prefix the file gave its namespace.
      const id = Object.entries(a).find(([k]) => k === "r:id" || k.endsWith(":id"))?.[1];
      if (name === "sheet" && firstSheet === null && id !== undefined) firstSheet = id;
    },
  });
  if (!(await part("xl/workbook.xml", workbook))) throw new Broken();
  const targets = new Map<string, string>();
  await part(
    "xl/_rels/workbook.xml.rels",
    xmlParser({
      open(name, a) {
        if (name === "Relationship" && a.Id !== undefined && a.Target !== undefined) targets.set(a.Id, a.Target);
      },
    }),
  );
  const target = firstSheet === null ? undefined : targets.get(firstSheet);
  const sheet =
    target === undefined
      ? "xl/worksheets/sheet1.xml"
      : target.startsWith("/")
        ? target.slice(1)
        : `xl/${target}`.replace(/[^/]+\/\.\.\//g, "");

  // Optional parts: a workbook of inline strings has no shared strings, one without dates may have no styles.
  const strings: string[] = [];
  let item: string | null = null;
  let phonetic = 0;
  let inText = false;
  await part(
    "xl/sharedStrings.xml",
    xmlParser({
      open(name) {
        if (name === "si") item = "";
        else if (name === "rPh") phonetic += 1;
        else if (name === "t") inText = true;
      },
      close(name) {
        if (name === "si") {
          strings.push(item ?? "");
          item = null;
        } else if (name === "rPh") phonetic -= 1;
        else if (name === "t") inText = false;
      },
      text(t) {
        if (item !== null && inText && phonetic === 0) item += t;
      },
    }),
  );
  const customFormats = new Map<number, string>();
  const formats: number[] = [];
  let inCellXfs = false;
  await part(
    "xl/styles.xml",
    xmlParser({
      open(name, a) {
        if (name === "numFmt") customFormats.set(Number(a.numFmtId), a.formatCode ?? "");
        else if (name === "cellXfs") inCellXfs = true;
        else if (name === "xf" && inCellXfs) formats.push(Number(a.numFmtId ?? 0));
      },
      close(name) {
        if (name === "cellXfs") inCellXfs = false;
      },
    }),
  );
  const dateStyles = new Set<number>();
  formats.forEach((id, style) => {
    const custom = customFormats.get(id);
    if (custom !== undefined ? isDateFormat(custom) : DATE_FORMAT_IDS.has(id)) dateStyles.add(style);
  });
  return { sheet, date1904, strings, dateStyles };
}

/**
 * The first sheet, row by row, with no more than a census needs: only the columns the header maps (any
 * column up to COLUMNS_MAX until then) are read into text; a cell with something in it past
 * COLUMNS_MAX refuses the file, and so does a row past ROWS_READ_MAX, blank or not, and reading stops.
 */
async function readSheet(
  bytes: Buffer,
  entry: ZipEntry,
  book: Workbook,
  budget: { left: number },
  rows: ReturnType<typeof censusRows>,
): Promise<void> {
  let rowNumber = 0;
  let cells: (string | undefined)[] = [];
  let column = -1;
  let wanted = false;
  let type = "n";
  let style = 0;
  let value: string | null = null;
  let inline: string | null = null;
  let into: "v" | "t" | null = null;
  let done = false;
  const parser = xmlParser({
    open(name, a) {
      if (name === "row") {
        const r = Number(a.r);
        rowNumber = Number.isSafeInteger(r) && r > rowNumber ? r : rowNumber + 1;
        cells = [];
        column = -1;
      } else if (name === "c") {
        const at = a.r === undefined ? -1 : columnOf(a.r);
        column = at === -1 ? column + 1 : at;
        wanted = rows.wanted(column);
        type = a.t ?? "n";
        style = Number(a.s ?? 0);
        value = null;
        inline = null;
      } else if (name === "v") {
        into = "v";
        value = "";
      } else if (name === "is") inline = "";
      else if (name === "t" && inline !== null) into = "t";
    },
    text(t) {
      // Text is kept only for the columns read; past COLUMNS_MAX it only matters whether there is any.
      if (into === "v") value = wanted ? value + t : value || t.trim();
      else if (into === "t" && inline !== null) inline = wanted ? inline + t : inline || t.trim();
    },
    close(name) {
      if (name === "v" || name === "t") into = null;
      else if (name === "c") {
        if (column >= COLUMNS_MAX && ((value ?? "") !== "" || (inline ?? "") !== "")) rows.tooWide();
        else if (wanted) cells[column] = cellText(book, type, style, value, inline);
      } else if (name === "row" && !rows.add(rowNumber, cells)) done = true;
    },
  });
  await parseEntry(bytes, entry, budget, parser, () => done || rows.refused());
}

/** A cell's text as the admin sees it: a shared or inline string, a number, a date cell as ISO. */
function cellText(book: Workbook, type: string, style: number, value: string | null, inline: string | null): string {
  if (type === "inlineStr") return inline ?? "";
  if (value === null || value === "") return "";
  if (type === "s") return book.strings[Number(value)] ?? "";
  if (type === "str") return value;
  if (type === "b") return value === "1" ? "true" : "false";
  if (type === "e") return "";
  if (type === "d") return value.slice(0, 10);
  const number = Number(value);
  if (Number.isNaN(number)) return value;
  return book.dateStyles.has(style) ? serialDate(number, book.date1904) : String(number);
}

async function readXlsx(bytes: Buffer, extra: readonly string[]): Promise<ReadResult> {
  const zip = zipEntries(bytes);
  const unpacked = zipUnpackedSize(bytes);
  if (zip === null || unpacked === null) return fail(FILE_MESSAGES.brokenXlsx);
  // What the zip declares refuses it at once; what it holds is counted as it inflates.
  if (unpacked.bytes > XLSX_UNPACKED_MAX_BYTES || unpacked.entries > XLSX_ENTRIES_MAX)
    return fail(FILE_MESSAGES.oversizedXlsx);
  const entries = new Map(zip.entries.map((e) => [e.name, e]));
  const budget = { left: XLSX_UNPACKED_MAX_BYTES };
  const rows = censusRows(extra);
  try {
    const book = await readWorkbook(bytes, entries, budget);
    const sheet = entries.get(book.sheet);
    if (sheet === undefined) return fail(FILE_MESSAGES.brokenXlsx);
    await readSheet(bytes, sheet, book, budget, rows);
  } catch (error) {
    if (error instanceof Oversized) return fail(FILE_MESSAGES.oversizedXlsx);
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
