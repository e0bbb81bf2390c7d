import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import {
  COLUMNS_MAX,
  FILE_MESSAGES,
  ROWS_MAX,
  XLSX_UNPACKED_MAX_BYTES,
  readCensusFile,
} from "~/membership/census/read-file.server";
import { MEMBER_COLUMNS } from "~/membership/census/rules";
import { columnName, inlineRow, minimalWorkbook } from "../support/zip";

/**
 * Census files read within fixed bounds (docs/product.md, Member census; docs/decisions/0041): only the
 * columns a census maps are read, a cell past COLUMNS_MAX refuses the file, every row read counts (blank
 * ones too), inflated bytes are counted as they stream whatever the zip declares, and a valid workbook of
 * another producer's shape (inline strings, no shared strings or styles) is read.
 */
const read = (bytes: Buffer, name = "team.xlsx") => readCensusFile({ name, size: bytes.length, bytes });
const RAVI = ["E-1", "Ravi Kumar", "male", "1990-01-31", "self", "9876543210", "r@example.in", "2020-02-29"];
const elapsedMs = async <T>(work: () => Promise<T>) => {
  const started = performance.now();
  const result = await work();
  return { result, ms: performance.now() - started };
};

describe("a census workbook read within fixed bounds", () => {
  it("refuses at once an 8 KB workbook whose every row has one cell at column XFD", async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet("Team");
    sheet.addRow([...MEMBER_COLUMNS]);
    for (let row = 2; row <= 400; row += 1) sheet.getCell(`XFD${row}`).value = "x";
    const bytes = Buffer.from(await book.xlsx.writeBuffer());
    expect(bytes.length).toBeLessThan(16 * 1024);
    const { result, ms } = await elapsedMs(() => read(bytes));
    expect(result).toEqual({ ok: false, message: FILE_MESSAGES.tooWide });
    // Reading each row's 16,384 cells took seconds a row; only the columns mapped are read now.
    expect(ms).toBeLessThan(2_000);
  });

  it("reads only the columns a census maps: empty cells far out cost nothing, a value past the limit refuses", async () => {
    const far = columnName(16_383);
    const styledEmpty = `<row r="3"><c r="${far}3" s="0"/></row>`;
    const ok = await read(minimalWorkbook(inlineRow(1, MEMBER_COLUMNS) + inlineRow(2, RAVI) + styledEmpty));
    expect(ok).toMatchObject({ ok: true, rows: [{ row_number: 2, cells: { full_name: "Ravi Kumar" } }] });
    const past = `<row r="3"><c r="${columnName(COLUMNS_MAX)}3"><v>1</v></c></row>`;
    expect(await read(minimalWorkbook(inlineRow(1, MEMBER_COLUMNS) + inlineRow(2, RAVI) + past))).toEqual({
      ok: false,
      message: FILE_MESSAGES.tooWide,
    });
  });

  it("stops inflating past the limit when the zip lies about its sizes", async () => {
    // A sheet that declares 1 KB and inflates past 40 MB (of spaces, which XML allows between rows).
    const head = `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${inlineRow(1, MEMBER_COLUMNS)}`;
    const sheet = Buffer.concat([Buffer.from(head), Buffer.alloc(XLSX_UNPACKED_MAX_BYTES + 1024, 0x20)]);
    const bytes = minimalWorkbook("", [{ name: "xl/worksheets/sheet1.xml", data: sheet, declared: 1024 }]);
    expect(bytes.length).toBeLessThan(200 * 1024);
    expect(await read(bytes)).toEqual({ ok: false, message: FILE_MESSAGES.oversizedXlsx });
  });

  it("counts every row read, blank ones too, and stops past 10,000 rows", async () => {
    const blanks = Array.from({ length: ROWS_MAX }, (_, i) => `<row r="${i + 2}"/>`).join("");
    const workbook = minimalWorkbook(inlineRow(1, MEMBER_COLUMNS) + blanks + inlineRow(ROWS_MAX + 2, RAVI));
    expect(await read(workbook)).toEqual({ ok: false, message: FILE_MESSAGES.tooManyRows });
    const csv = Buffer.from([MEMBER_COLUMNS.join(","), ...Array(ROWS_MAX).fill(""), RAVI.join(",")].join("\n"));
    expect(await read(csv, "team.csv")).toEqual({ ok: false, message: FILE_MESSAGES.tooManyRows });
    // A blank row or two among the members still fits.
    const fits = Buffer.from([MEMBER_COLUMNS.join(","), "", RAVI.join(","), ""].join("\n"));
    expect(await read(fits, "team.csv")).toMatchObject({ ok: true, rows: [{ row_number: 3 }] });
  });
});

describe("valid workbooks of other producers", () => {
  it("reads inline strings (plain and in runs) with no sharedStrings.xml or styles.xml, numbers as written", async () => {
    const rich = `<row r="2"><c r="A2" t="inlineStr"><is><t>E-2</t></is></c><c r="B2" t="inlineStr"><is><r><t>Meena </t></r><r><t>Kumar</t></r></is></c><c r="C2" t="inlineStr"><is><t>female</t></is></c><c r="D2" t="inlineStr"><is><t>31/12/1992</t></is></c><c r="E2" t="inlineStr"><is><t>self</t></is></c><c r="F2"><v>9876501234</v></c><c r="G2" t="inlineStr"><is><t>m@example.in</t></is></c><c r="H2" t="inlineStr"><is><t>2021-01-15</t></is></c></row>`;
    const bytes = minimalWorkbook(inlineRow(1, MEMBER_COLUMNS) + rich);
    expect(await read(bytes)).toEqual({
      ok: true,
      rows: [
        {
          row_number: 2,
          cells: {
            employee_code: "E-2",
            full_name: "Meena Kumar",
            gender: "female",
            date_of_birth: "1992-12-31",
            relationship: "self",
            mobile: "9876501234",
            email: "m@example.in",
            date_of_joining: "2021-01-15",
          },
        },
      ],
    });
  });

  it("reads a date cell by its style, in the 1900 and the 1904 date systems", async () => {
    const styles = `<?xml version="1.0" encoding="UTF-8"?><styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><numFmts count="1"><numFmt numFmtId="164" formatCode="dd\\-mm\\-yyyy"/></numFmts><cellXfs count="2"><xf numFmtId="0"/><xf numFmtId="164"/></cellXfs></styleSheet>`;
    const row = (serial: number) =>
      inlineRow(1, MEMBER_COLUMNS) +
      `<row r="2"><c r="A2" t="inlineStr"><is><t>E-1</t></is></c><c r="D2" s="1"><v>${serial}</v></c><c r="F2" s="0"><v>9876543210</v></c></row>`;
    const in1900 = await read(minimalWorkbook(row(32_905), [{ name: "xl/styles.xml", data: styles }]));
    expect(in1900).toMatchObject({
      ok: true,
      rows: [{ cells: { date_of_birth: "1990-02-01", mobile: "9876543210" } }],
    });
    const workbook1904 = `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><workbookPr date1904="1"/><sheets><sheet name="Team" sheetId="1" r:id="rId1"/></sheets></workbook>`;
    const in1904 = await read(
      minimalWorkbook(row(32_905 - 1462), [
        { name: "xl/styles.xml", data: styles },
        { name: "xl/workbook.xml", data: workbook1904 },
      ]),
    );
    expect(in1904).toMatchObject({ ok: true, rows: [{ cells: { date_of_birth: "1990-02-01" } }] });
  });
});
