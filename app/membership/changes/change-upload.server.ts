import type { ChangeRequest } from "~/upstream/changes.server";
import { quoteChanges } from "~/upstream/changes.server";
import { leaverSchema } from "./change-forms";
import { readCensusFileOffThread } from "~/membership/census/file-pool.server";
import type { MemberInput } from "~/membership/census/rules";
import {
  COLUMN_LABELS,
  FAMILY_COVERS,
  type MemberColumn,
  checkMemberRow,
  normaliseDate,
} from "~/membership/census/rules";

/**
 * Several changes by one upload (docs/product.md, Changes during the year): the census's file with a
 * `change` column (`add` or `remove`; a removal's `last_day` and `reason`). Each row is checked by the
 * census's rules, then all the changes are quoted by the API in one call (docs/decisions/0042), which
 * saves nothing but the quotes, kept for a week: every change is then confirmed (or paid for) on its own
 * page, or the removals and monthly ones all at once by the upload's batch id.
 */

export const CHANGE_COLUMNS = ["change", "last_day", "reason"] as const;

export interface UploadedChange {
  row: number;
  changeId: string;
  what: string;
  totalPaise: number;
  /** An addition with a charge is paid for on its own page (no cover before premium); the rest can be confirmed together. */
  payable: boolean;
}
export interface UploadProblem {
  row: number;
  column: string;
  message: string;
}
export type ChangeUploadResult =
  | { ok: false; fileName: string; message: string }
  | {
      ok: true;
      fileName: string;
      rows: number;
      /** The upload's quotes together, for "confirm all"; null when nothing was quoted. */
      batchId: string | null;
      changes: UploadedChange[];
      problems: UploadProblem[];
    };

const ageOn = (dob: string, on: string) =>
  Number(on.slice(0, 4)) - Number(dob.slice(0, 4)) - (on.slice(5) < dob.slice(5) ? 1 : 0);

/** The band (of those bought) the joiner's age on their date of joining falls in, and the smallest cover bought there that fits. */
function coverFor(bought: readonly string[], age: number, spouses: number, children: number) {
  const rank = (value: string) => FAMILY_COVERS.findIndex((c) => value.endsWith(`|${c.range}`));
  for (const value of [...bought].sort((a, b) => rank(a) - rank(b))) {
    const [band, range] = value.split("|") as [string, string];
    const [min, max] = band.split("-").map(Number) as [number, number];
    const cover = FAMILY_COVERS.find((c) => c.range === range);
    if (age < min || age > max || cover === undefined) continue;
    if (cover.spouses >= spouses && cover.children >= children) return { band, range };
  }
  return null;
}

export async function checkChangeUpload(
  token: string,
  file: File,
  today: string,
  /** The covers bought, "band|range", smallest family cover first within a band. */
  bought: readonly string[],
): Promise<ChangeUploadResult> {
  const fileName = file.name.slice(0, 120);
  const read = await readCensusFileOffThread(
    { name: file.name, size: file.size, bytes: Buffer.from(await file.arrayBuffer()) },
    CHANGE_COLUMNS,
  );
  if (!read.ok) return { ok: false, fileName, message: read.message };
  const problems: UploadProblem[] = [];
  const requests: { rows: number[]; body: ChangeRequest }[] = [];
  const joiners = new Map<string, { rows: number[]; members: MemberInput[] }>();
  // One schema for every row: building it per row costs more than checking the row.
  const leaver = leaverSchema(today);
  for (const { row_number: row, cells, extra = {} } of read.rows) {
    const change = (extra.change ?? "").toLowerCase();
    if (change === "remove") {
      const parsed = leaver.safeParse({
        intent: "remove",
        employee_code: cells.employee_code,
        effective_date: normaliseDate(extra.last_day ?? ""),
        reason: extra.reason ?? "",
      });
      if (!parsed.success)
        for (const issue of parsed.error.issues)
          problems.push({
            row,
            column: issue.path[0] === "effective_date" ? "last_day" : String(issue.path[0]),
            message: issue.message,
          });
      else requests.push({ rows: [row], body: { kind: "remove", ...parsed.data } });
      continue;
    }
    if (change !== "add") {
      problems.push({ row, column: "change", message: "Say add or remove" });
      continue;
    }
    const checked = checkMemberRow(cells, today);
    if (!checked.ok) {
      for (const p of checked.problems) problems.push({ row, column: p.column, message: p.message });
      continue;
    }
    const family = joiners.get(checked.member.employee_code) ?? { rows: [], members: [] };
    // The employee first, whatever the file's order.
    if (checked.member.relationship === "self") {
      family.rows.unshift(row);
      family.members.unshift(checked.member);
    } else {
      family.rows.push(row);
      family.members.push(checked.member);
    }
    joiners.set(checked.member.employee_code, family);
  }
  for (const [code, family] of joiners) {
    const employee = family.members[0]!;
    if (employee.relationship !== "self") {
      for (const row of family.rows)
        problems.push({
          row,
          column: "employee_code",
          message: `No joiner with code ${code} in the file: add the employee (relationship self)`,
        });
      continue;
    }
    const joinedOn = employee.date_of_joining!;
    const spouses = family.members.filter((m) => m.relationship === "spouse").length;
    const children = family.members.length - 1 - spouses;
    const cover = coverFor(bought, ageOn(employee.date_of_birth, joinedOn), spouses, children);
    if (cover === null) {
      problems.push({
        row: family.rows[0]!,
        column: "date_of_birth",
        message: "No cover bought fits this joiner’s age on their date of joining and their family",
      });
      continue;
    }
    requests.push({
      rows: family.rows,
      body: { kind: "add", ...cover, effective_date: joinedOn, members: family.members },
    });
  }
  const changes: UploadedChange[] = [];
  // One call for the whole upload; each answer, in order, is its change or its refusal.
  const quoted =
    requests.length === 0
      ? null
      : await quoteChanges(
          token,
          requests.map((r) => r.body),
        );
  quoted?.results.forEach((result, i) => {
    const { rows, body } = requests[i]!;
    if ("change" in result) {
      const { change } = result;
      const who = change.members[0]?.full_name ?? change.employee_code;
      changes.push({
        row: rows[0]!,
        changeId: change.change_id,
        what: `${change.kind === "remove" ? "Remove" : "Add"} ${who} (${change.employee_code})`,
        totalPaise: change.price.total_paise,
        payable: change.kind === "add" && change.price.total_paise > 0,
      });
      return;
    }
    const { field, rejected, message } = result.error;
    if (rejected?.length)
      for (const r of rejected)
        problems.push({ row: rows[r.row_number - 1] ?? rows[0]!, column: r.column, message: r.message });
    else
      problems.push({
        row: rows[0]!,
        column:
          field === "effective_date" ? (body.kind === "remove" ? "last_day" : "date_of_joining") : "employee_code",
        message,
      });
  });
  problems.sort((a, b) => a.row - b.row);
  changes.sort((a, b) => a.row - b.row);
  return {
    ok: true,
    fileName,
    rows: read.rows.length,
    batchId: quoted?.batch_id ?? null,
    changes,
    problems: problems.map((p) => ({ ...p, column: COLUMN_LABELS[p.column as MemberColumn] ?? p.column })),
  };
}
