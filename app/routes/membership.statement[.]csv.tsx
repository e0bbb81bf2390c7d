import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { stringify } from "csv-stringify/sync";
import { requireToken, withToken } from "~/session/signed-in.server";
import { download } from "~/membership/documents/files.server";
import { PATHS } from "~/routing/paths";
import { type StatementChange, getChangesStatement } from "~/upstream/membership.server";

const COLUMNS = [
  "confirmed_at",
  "change",
  "employee_code",
  "band",
  "range",
  "effective_date",
  "reason",
  "charge_or_credit",
  "amount_inr",
  "document",
  "confirmed_by",
] as const;

/** Rupees with paise, unsigned: a leading minus would be taken for a formula and escaped. */
const inr = (paise: number) => (Math.abs(paise) / 100).toFixed(2);

function row(c: StatementChange): Record<(typeof COLUMNS)[number], string> {
  return {
    confirmed_at: c.confirmed_at ?? "",
    change: c.kind === "add" ? "joiner added" : "leaver removed",
    employee_code: c.employee_code,
    band: c.band,
    range: c.range,
    effective_date: c.effective_date,
    reason: c.reason ?? "",
    charge_or_credit: c.price.total_paise < 0 ? "credit" : "charge",
    amount_inr: inr(c.price.total_paise),
    document: c.invoice?.number ?? c.credit_note?.number ?? "",
    confirmed_by: c.confirmed_by ?? "",
  };
}

/**
 * The statement of changes during the year as CSV, for its own admin only, kept by no cache. Cells that a
 * spreadsheet would run as a formula get a leading ' (csv-stringify's escape_formulas), as members.csv does.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { token } = await requireToken(request);
  const changes = await withToken(request, token, getChangesStatement);
  if (changes === null) throw redirect(PATHS.membership);
  const { statement } = changes;
  const csv = stringify(
    statement.map((c) => {
      const r = row(c);
      return COLUMNS.map((col) => r[col]);
    }),
    { header: true, columns: [...COLUMNS], escape_formulas: true, bom: true },
  );
  return download(csv, "text/csv; charset=utf-8", "kavach-statement.csv");
}
