import { stringify } from "csv-stringify/sync";
import type { Member } from "~/upstream/members.server";
import { downloadDate } from "~/utils/dates";
import { MEMBER_COLUMNS } from "./rules";

/** The list's date columns, written as the census template asks for dates. */
const DATE_COLUMNS: ReadonlySet<string> = new Set(["date_of_birth", "date_of_joining", "cover_ended_on"]);

/**
 * The list as CSV. Dates DD-MM-YYYY, the template's one format (docs/product.md, The pages: Files), so
 * the list downloaded can be corrected and uploaded again as it is. A cell that starts with =, +, -, @,
 * a tab or a return is written with a leading apostrophe, so that a spreadsheet shows it as text and
 * never runs it (docs/product.md, Personal data).
 */
export function membersCsv(members: readonly Member[]): string {
  const columns = [...MEMBER_COLUMNS, "member_id", "band", "range", "e_card_status", "cover_ended_on"] as const;
  return stringify(
    members.map((m) =>
      columns.map((c) => {
        const value = m[c] ?? "";
        return DATE_COLUMNS.has(c) && value !== "" ? downloadDate(value) : value;
      }),
    ),
    { header: true, columns: [...columns], escape_formulas: true, bom: true },
  );
}
