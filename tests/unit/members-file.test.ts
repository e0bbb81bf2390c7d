import ExcelJS from "exceljs";
import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import {
  FILE_MAX_BYTES,
  FILE_MESSAGES,
  ROWS_MAX,
  XLSX_UNPACKED_MAX_BYTES,
  missingHeadersMessage,
  readCensusFile,
  zipUnpackedSize,
} from "~/membership/census/read-file.server";
import { MEMBER_COLUMNS, MEMBER_MESSAGES, checkMemberRow } from "~/membership/census/rules";

const HEADER = MEMBER_COLUMNS.join(",");
const ANANYA = "E-104,अनन्या शर्मा,female,23-04-1991,self,+91 98765 43210,ananya@example.in,01/06/2024";

const csv = (text: string, name = "team.csv") => {
  const bytes = Buffer.from(text, "utf8");
  return readCensusFile({ name, size: bytes.length, bytes });
};

async function xlsx(rows: unknown[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("Team");
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

describe("reading a census CSV (docs/product.md, Member census)", () => {
  it.each([
    ["LF", `${HEADER}\n${ANANYA}\n`],
    ["CRLF", `${HEADER}\r\n${ANANYA}\r\n`],
    ["a BOM", `\uFEFF${HEADER}\r\n${ANANYA}\r\n`],
  ])("reads a file with %s, dates and mobile normalised", async (_label, text) => {
    const result = await csv(text);
    expect(result).toEqual({
      ok: true,
      rows: [
        {
          row_number: 2,
          cells: {
            employee_code: "E-104",
            full_name: "अनन्या शर्मा",
            gender: "female",
            date_of_birth: "1991-04-23",
            relationship: "self",
            mobile: "+91 98765 43210",
            email: "ananya@example.in",
            date_of_joining: "2024-06-01",
          },
        },
      ],
    });
  });

  it("matches headers in any order and case, and numbers rows as the file does (blank rows counted)", async () => {
    const text = [
      "Relationship,EMAIL,Full Name,employee_code,Date of Birth,gender,Mobile,date_of_joining",
      "self,r@example.in,Ravi Kumar,E-1,1990-01-31,male,09876543210,2020-02-29",
      "",
      "spouse,,Meena Kumar,E-1,31-12-1992,female,,",
    ].join("\n");
    const result = await csv(text);
    if (!result.ok) throw new Error(result.message);
    expect(result.rows.map((r) => [r.row_number, r.cells.full_name, r.cells.date_of_birth])).toEqual([
      [2, "Ravi Kumar", "1990-01-31"],
      [4, "Meena Kumar", "1992-12-31"],
    ]);
    expect(result.rows[0]!.cells.date_of_joining).toBe("2020-02-29");
  });

  it("keeps a date that is no real day as written, for the rules to name", async () => {
    const result = await csv(`${HEADER}\nE-1,Ravi,male,31-02-1990,self,9876543210,r@example.in,2020-01-01`);
    if (!result.ok) throw new Error(result.message);
    expect(result.rows[0]!.cells.date_of_birth).toBe("31-02-1990");
  });

  it.each([
    ["an empty file", "", FILE_MESSAGES.empty],
    ["only blank lines", "\n\n\r\n", FILE_MESSAGES.empty],
    ["a header and no members", `${HEADER}\n`, FILE_MESSAGES.noRows],
    [
      "missing headers",
      "employee_code,full_name,gender\nE-1,Ravi,male",
      missingHeadersMessage(["date_of_birth", "relationship", "mobile", "email", "date_of_joining"]),
    ],
    ["an unclosed quote", `${HEADER}\n"E-1,Ravi`, FILE_MESSAGES.brokenCsv],
  ])("refuses %s with a clear message", async (_label, text, message) => {
    expect(await csv(text)).toEqual({ ok: false, message });
  });

  it("refuses a PDF renamed .csv, and text that is not UTF-8", async () => {
    const pdf = Buffer.from("%PDF-1.7\n1 0 obj\n<<>>\nendobj\n\u0000\u0001");
    expect(await readCensusFile({ name: "team.csv", size: pdf.length, bytes: pdf })).toEqual({
      ok: false,
      message: FILE_MESSAGES.notSpreadsheet,
    });
    const latin1 = Buffer.from([...Buffer.from(`${HEADER}\nE-1,Ren`), 0xe9, ...Buffer.from(",male")]);
    expect(await readCensusFile({ name: "team.csv", size: latin1.length, bytes: latin1 })).toEqual({
      ok: false,
      message: FILE_MESSAGES.notText,
    });
  });

  it("refuses over 2 MB and over 10,000 rows", async () => {
    const big = Buffer.alloc(FILE_MAX_BYTES + 1, "a");
    expect(await readCensusFile({ name: "team.csv", size: big.length, bytes: big })).toEqual({
      ok: false,
      message: FILE_MESSAGES.tooLarge,
    });
    const row = "E-1,R,male,1990-01-01,self,9876543210,r@e.in,2020-01-01";
    expect(await csv([HEADER, ...Array(ROWS_MAX).fill(row)].join("\n"))).toMatchObject({ ok: true });
    expect(await csv([HEADER, ...Array(ROWS_MAX + 1).fill(row)].join("\n"))).toEqual({
      ok: false,
      message: FILE_MESSAGES.tooManyRows,
    });
  });

  it("reads a cell over 200 characters whole, and the row rules refuse it", async () => {
    const long = "क".repeat(201);
    const result = await csv(`${HEADER}\nE-1,${long},male,1990-01-01,self,9876543210,r@e.in,2020-01-01`);
    if (!result.ok) throw new Error(result.message);
    expect(result.rows[0]!.cells.full_name).toBe(long);
    const checked = checkMemberRow(result.rows[0]!.cells, "2026-11-26");
    expect(checked).toMatchObject({
      ok: false,
      problems: [{ column: "full_name", message: MEMBER_MESSAGES.cellTooLong }],
    });
  });
});

describe("reading a census Excel workbook", () => {
  it("reads Excel date cells, text dates, numbers and headers in any order", async () => {
    const bytes = await xlsx([
      ["Full name", "EMPLOYEE_CODE", "gender", "date_of_birth", "relationship", "mobile", "email", "Date of joining"],
      [
        "Priya Nair",
        "E-7",
        "Female",
        new Date(Date.UTC(1988, 6, 15)),
        "Self",
        9876501234,
        "p@example.in",
        "15/01/2021",
      ],
      [],
      ["Arjun Nair", "E-7", "male", "2015-03-02", "son", null, null, null],
    ]);
    const result = await readCensusFile({ name: "team.xlsx", size: bytes.length, bytes });
    if (!result.ok) throw new Error(result.message);
    expect(result.rows).toEqual([
      {
        row_number: 2,
        cells: {
          employee_code: "E-7",
          full_name: "Priya Nair",
          gender: "Female",
          date_of_birth: "1988-07-15",
          relationship: "Self",
          mobile: "9876501234",
          email: "p@example.in",
          date_of_joining: "2021-01-15",
        },
      },
      {
        row_number: 4,
        cells: {
          employee_code: "E-7",
          full_name: "Arjun Nair",
          gender: "male",
          date_of_birth: "2015-03-02",
          relationship: "son",
          mobile: "",
          email: "",
          date_of_joining: "",
        },
      },
    ]);
  });

  it("reads a workbook written as a stream (sizes after each entry's data), the shared strings last", async () => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        done();
      },
    });
    const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: sink, useSharedStrings: true, useStyles: true });
    const sheet = book.addWorksheet("Team");
    sheet.addRow([...MEMBER_COLUMNS]).commit();
    sheet
      .addRow([
        "E-104",
        "Ānanya Śarmā",
        "female",
        "23-04-1991",
        "self",
        "+91 98765 43210",
        "a@example.in",
        "01/06/2024",
      ])
      .commit();
    sheet.commit();
    await book.commit();
    const bytes = Buffer.concat(chunks);
    // What this test is about: entries that carry a data descriptor, and the sheet ahead of the strings.
    expect(bytes.readUInt16LE(6) & 0x08).toBe(0x08);
    expect(bytes.indexOf("xl/worksheets/sheet1.xml")).toBeLessThan(bytes.indexOf("xl/sharedStrings.xml"));
    const result = await readCensusFile({ name: "team.xlsx", size: bytes.length, bytes });
    if (!result.ok) throw new Error(result.message);
    expect(result.rows).toEqual([
      {
        row_number: 2,
        cells: {
          employee_code: "E-104",
          full_name: "Ānanya Śarmā",
          gender: "female",
          date_of_birth: "1991-04-23",
          relationship: "self",
          mobile: "+91 98765 43210",
          email: "a@example.in",
          date_of_joining: "2024-06-01",
        },
      },
    ]);
  });

  it("refuses a broken workbook and one that unpacks too large, before exceljs inflates it", async () => {
    const good = await xlsx([MEMBER_COLUMNS as unknown as string[]]);
    const broken = good.subarray(0, Math.floor(good.length / 2));
    expect(await readCensusFile({ name: "team.xlsx", size: broken.length, bytes: broken })).toEqual({
      ok: false,
      message: FILE_MESSAGES.brokenXlsx,
    });
    expect(zipUnpackedSize(good)?.bytes).toBeGreaterThan(0);
    // The same zip, with its central directory declaring one entry far larger than the limit.
    const bomb = Buffer.from(good);
    const central = bomb.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    bomb.writeUInt32LE(XLSX_UNPACKED_MAX_BYTES + 1, central + 24);
    expect(await readCensusFile({ name: "team.xlsx", size: bomb.length, bytes: bomb })).toEqual({
      ok: false,
      message: FILE_MESSAGES.oversizedXlsx,
    });
    const notZip = Buffer.from("just some text");
    expect(await readCensusFile({ name: "team.xlsx", size: notZip.length, bytes: notZip })).toEqual({
      ok: false,
      message: FILE_MESSAGES.brokenXlsx,
    });
  });
});

describe("row rules", () => {
  const today = "2026-11-26";
  const row = {
    employee_code: "E-1",
    full_name: "Ravi",
    gender: "male",
    date_of_birth: "1990-01-01",
    relationship: "self",
    mobile: "09876543210",
    email: "R@Example.in",
    date_of_joining: "2020-01-01",
  };
  it("normalises what it accepts", () => {
    expect(checkMemberRow(row, today)).toEqual({
      ok: true,
      member: { ...row, mobile: "9876543210", email: "r@example.in" },
    });
    expect(
      checkMemberRow({ ...row, relationship: "Spouse", mobile: "", email: "", date_of_joining: "" }, today),
    ).toMatchObject({ ok: true, member: { relationship: "spouse", mobile: null, email: null, date_of_joining: null } });
  });
  it("names each column's problem with the API's words", () => {
    expect(
      checkMemberRow(
        { ...row, employee_code: "E 1", gender: "f", date_of_birth: "2030-01-01", mobile: "12345", email: "x" },
        today,
      ),
    ).toEqual({
      ok: false,
      problems: [
        { column: "employee_code", value: "E 1", message: MEMBER_MESSAGES.employeeCode },
        { column: "gender", value: "f", message: MEMBER_MESSAGES.gender },
        { column: "date_of_birth", value: "2030-01-01", message: MEMBER_MESSAGES.dateOfBirth },
        { column: "mobile", value: "12345", message: MEMBER_MESSAGES.mobile },
        { column: "email", value: "x", message: MEMBER_MESSAGES.email },
      ],
    });
  });
});
