import type { Member } from "~/upstream/members.server";
import { membersCsv } from "./members-csv.server";
import { type ReadResult, readCensusFile } from "./read-file.server";

/**
 * A worker thread of the file pool (app/members/file-pool.server.ts): reads census files and writes the
 * member list, off the thread that renders pages (docs/decisions/0041).
 */
export type FileTask =
  | { kind: "read"; file: { name: string; size: number; bytes: Uint8Array }; extra: readonly string[] }
  | { kind: "csv"; members: readonly Member[] };

export default function work(task: FileTask): Promise<ReadResult> | string {
  if (task.kind === "csv") return membersCsv(task.members);
  const { name, size, bytes } = task.file;
  return readCensusFile(
    { name, size, bytes: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) },
    task.extra,
  );
}
