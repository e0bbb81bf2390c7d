import { stringify } from "csv-stringify/sync";
import type { Member } from "~/upstream/members.server";
import { MEMBER_COLUMNS } from "./rules";

/**
 * The list as CSV. A cell that starts with =, +, -, @, a tab or a return is written with a leading
 * apostrophe, so that a spreadsheet shows it as text and never runs it (docs/product.md, Personal data).
 */
export function membersCsv(members: readonly Member[]): string {
  const columns = [...MEMBER_COLUMNS, "member_id", "band", "range", "e_card_status", "cover_ended_on"] as const;
  return stringify(
    members.map((m) => columns.map((c) => m[c] ?? "")),
    { header: true, columns: [...columns], escape_formulas: true, bom: true },
  );
}
