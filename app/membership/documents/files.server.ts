import { stringify } from "csv-stringify/sync";
import ExcelJS from "exceljs";
import { requireToken, withToken } from "~/session/signed-in.server";
import type { Member } from "~/upstream/members.server";
import { getCensus } from "~/upstream/members.server";
import { GENDERS, MEMBER_COLUMNS, RELATIONSHIPS } from "~/membership/census/rules";
import { invariantResponse } from "~/utils/invariant.server";

/**
 * The census's files: the templates, the list as CSV and the policy's PDFs. Members' details never
 * go to a shared cache or a browser's (docs/product.md, Personal data).
 */

const PRIVATE = "private, no-store";

/** A file to download, kept by no cache. */
export function download(bytes: Uint8Array | string, type: string, filename: string, cacheControl = PRIVATE) {
  const body = new Uint8Array(typeof bytes === "string" ? Buffer.from(bytes) : bytes);
  return new Response(body, {
    status: 200,
    headers: {
      "Content-Type": type,
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Content-Length": String(body.length),
      "Cache-Control": cacheControl,
    },
  });
}

/**
 * For the PDF routes: the signed-in admin's file from the API. Another company's member, or a policy
 * not issued yet, answers 404 upstream and here alike.
 */
export async function pdfFromApi(request: Request, call: (token: string) => Promise<{ bytes: Buffer } | null>) {
  const { token } = await requireToken(request);
  const file = await withToken(request, token, call);
  invariantResponse(file !== null, NO_SUCH_DOCUMENT, { status: 404 });
  return file.bytes;
}

/** What a PDF route answers for a document that is not the admin's, or not there yet. */
export const NO_SUCH_DOCUMENT = "There is no such document in your membership.";

const EXAMPLE = {
  employee_code: "E-104",
  full_name: "Ananya Sharma",
  gender: "female",
  date_of_birth: "23-04-1991",
  relationship: "self",
  mobile: "9876543210",
  email: "ananya@example.in",
  date_of_joining: "01-06-2024",
};

export const ALLOWED_VALUES = [
  ["gender", GENDERS.join(", ")],
  ["relationship", `${RELATIONSHIPS.join(", ")} (a dependant's row carries their employee's employee_code)`],
  ["dates", "DD-MM-YYYY, DD/MM/YYYY or YYYY-MM-DD"],
  ["mobile", "10 digits, with or without +91 or 0; needed for the employee (self)"],
  ["email, date_of_joining", "needed for the employee (self); leave empty for dependants"],
] as const;

/** The CSV template: the headers and one example row (the allowed values are on the page and in the Excel template). */
export function templateCsv(): string {
  return stringify([MEMBER_COLUMNS as unknown as string[], MEMBER_COLUMNS.map((c) => EXAMPLE[c])]);
}

/** The Excel template: the census sheet (headers, one example row) and a sheet of the allowed values. */
export async function templateXlsx(): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("Team");
  sheet.addRow([...MEMBER_COLUMNS]);
  sheet.addRow(MEMBER_COLUMNS.map((c) => EXAMPLE[c]));
  sheet.getRow(1).font = { bold: true };
  sheet.columns.forEach((column) => (column.width = 20));
  const help = workbook.addWorksheet("Allowed values");
  help.addRow(["column", "allowed values"]);
  for (const row of ALLOWED_VALUES) help.addRow([...row]);
  help.getRow(1).font = { bold: true };
  help.columns.forEach((column) => (column.width = 40));
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

const LIST_PAGE = 200;

/** Every member of the company, a page at a time; null without a paid membership (no census). */
export async function allMembers(token: string): Promise<Member[] | null> {
  const members: Member[] = [];
  for (let page = 1; ; page += 1) {
    const census = await getCensus(token, page, LIST_PAGE);
    if (census === null) return null;
    members.push(...census.members);
    if (census.members.length === 0 || members.length >= census.total) return members;
  }
}
