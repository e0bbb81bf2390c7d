import { constants, setPriority } from "node:os";
import type { Member, Rejection } from "~/upstream/members.server";
import { membersCsv } from "./members-csv.server";
import { type ReadResult, readCensusFile } from "./read-file.server";
import { type MemberInput, checkMemberRow } from "./rules";

/**
 * A worker thread of the file pool (app/membership/census/file-pool.server.ts): reads census files (and checks a
 * census's rows by the app's rules) and writes the member list, off the thread that renders pages
 * (docs/decisions/0041). Its work yields the CPU to that thread whenever both want it (on Linux a
 * thread's nice value is its own; elsewhere it would be the whole process's, so left).
 */
if (process.platform === "linux") setPriority(constants.priority.PRIORITY_BELOW_NORMAL);

type FileBytes = { name: string; size: number; bytes: Uint8Array };

export type FileTask =
  | { kind: "read"; file: FileBytes; extra: readonly string[] }
  | { kind: "census"; file: FileBytes; today: string }
  | { kind: "csv"; members: readonly Member[] };

/** A census file read and its rows checked by the app's rules: those that pass, and each problem of the rest. */
export type CensusFile =
  | { ok: false; message: string }
  | { ok: true; rows: number; passing: Array<MemberInput & { row_number: number }>; rejected: Rejection[] };

const read = ({ name, size, bytes }: FileBytes, extra: readonly string[] = []) =>
  readCensusFile({ name, size, bytes: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) }, extra);

async function censusFile(file: FileBytes, today: string): Promise<CensusFile> {
  const result = await read(file);
  if (!result.ok) return result;
  const passing: Array<MemberInput & { row_number: number }> = [];
  const rejected: Rejection[] = [];
  for (const row of result.rows) {
    const checked = checkMemberRow(row.cells, today);
    if (checked.ok) passing.push({ row_number: row.row_number, ...checked.member });
    else for (const p of checked.problems) rejected.push({ row_number: row.row_number, ...p });
  }
  return { ok: true, rows: result.rows.length, passing, rejected };
}

export default function work(task: FileTask): Promise<ReadResult | CensusFile> | string {
  if (task.kind === "csv") return membersCsv(task.members);
  if (task.kind === "census") return censusFile(task.file, task.today);
  return read(task.file, task.extra);
}
