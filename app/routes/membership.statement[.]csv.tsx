import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { stringify } from "csv-stringify/sync";
import { requireToken, withToken } from "~/session/signed-in.server";
import { download } from "~/membership/documents/files.server";
import { PATHS } from "~/routing/paths";
import { type StatementChange, getChangesStatement } from "~/upstream/membership.server";
import type { DepositEntry } from "~/upstream/deposit.server";
import { changeKindCode } from "~/content/change-kinds";
import { downloadDate, downloadTime, todayInIndia } from "~/utils/dates";
import { type Correction, getCorrections } from "~/upstream/members.server";
import { correctedWords } from "~/membership/census/correction-form";

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
  "cash_deposit",
  "cash_deposit_inr",
] as const;
type Row = Record<(typeof COLUMNS)[number], string>;

/** Rupees with paise, unsigned: a leading minus would be taken for a formula and escaped. */
const inr = (paise: number) => (Math.abs(paise) / 100).toFixed(2);

/** What the cash deposit with the insurer moved for a change (decision 0055): paid in, paid out, or nothing. */
function depositCells(entries: readonly DepositEntry[]): Pick<Row, "cash_deposit" | "cash_deposit_inr"> {
  const moved = entries.reduce((s, e) => s + e.amount_paise, 0);
  if (entries.length === 0 || moved === 0) return { cash_deposit: "", cash_deposit_inr: "" };
  return { cash_deposit: moved > 0 ? "paid_in" : "paid_out", cash_deposit_inr: inr(moved) };
}

function row(c: StatementChange, entries: readonly DepositEntry[]): Row {
  return {
    ...depositCells(entries.filter((e) => e.change_id === c.change_id)),
    confirmed_at: c.confirmed_at === null ? "" : downloadTime(c.confirmed_at),
    change: changeKindCode(c),
    employee_code: c.employee_code,
    band: c.band,
    range: c.range,
    effective_date: downloadDate(c.effective_date),
    reason: c.reason ?? "",
    charge_or_credit: c.price.total_paise < 0 ? "credit" : "charge",
    amount_inr: inr(c.price.total_paise),
    document: c.invoice?.number ?? c.credit_note?.number ?? "",
    confirmed_by: c.confirmed_by ?? "",
  };
}

/** A correction (docs/product.md, Corrections): what was corrected, no charge, its endorsement. */
function correctionRow(c: Correction): Row {
  return {
    confirmed_at: downloadTime(c.corrected_at),
    change: "correction",
    employee_code: c.employee_code,
    band: "",
    range: "",
    effective_date: downloadDate(todayInIndia(Date.parse(c.corrected_at))),
    reason: `Correction: ${correctedWords(c.fields)}${c.relationship === "self" ? "" : ` (${c.relationship})`}`,
    charge_or_credit: "none",
    amount_inr: inr(0),
    document: c.endorsement_number ?? "",
    confirmed_by: c.corrected_by,
    cash_deposit: "",
    cash_deposit_inr: "",
  };
}

/** A top-up or withdrawal of the deposit, on its own line: no change is behind it. */
function depositRow(e: DepositEntry): Row {
  return {
    confirmed_at: downloadTime(e.recorded_at),
    change: e.kind === "top_up" ? "deposit_top_up" : "deposit_withdrawal",
    employee_code: "",
    band: "",
    range: "",
    effective_date: downloadDate(e.recorded_on),
    reason: "",
    charge_or_credit: "",
    amount_inr: "",
    document: "",
    confirmed_by: "",
    ...depositCells([e]),
  };
}

/**
 * The statement of changes during the year as CSV, for its own admin only, kept by no cache. Dates as the
 * census template asks for them and times in IST (docs/product.md, The pages: Files). Cells that a
 * spreadsheet would run as a formula get a leading ' (csv-stringify's escape_formulas), as members.csv does.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { token } = await requireToken(request);
  // Read beside each other: one upstream round trip (decision 0024).
  const [changes, corrected] = await Promise.all([
    withToken(request, token, getChangesStatement),
    withToken(request, token, getCorrections),
  ]);
  if (changes === null) throw redirect(PATHS.membership);
  const corrections = corrected?.corrections ?? [];
  const { statement, deposit } = changes;
  // Changes, corrections and the deposit's own top-ups and withdrawals in the order they were made (the
  // instants are ISO, so they sort as text).
  const lines = [
    ...statement.map((c) => ({ at: c.confirmed_at ?? "", r: row(c, deposit.entries) })),
    ...corrections.map((c) => ({ at: c.corrected_at, r: correctionRow(c) })),
    ...deposit.entries.filter((e) => e.change_id === null).map((e) => ({ at: e.recorded_at, r: depositRow(e) })),
  ].sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
  const csv = stringify(
    lines.map(({ r }) => COLUMNS.map((col) => r[col])),
    { header: true, columns: [...COLUMNS], escape_formulas: true, bom: true },
  );
  return download(csv, "text/csv; charset=utf-8", "kavach-statement.csv");
}
