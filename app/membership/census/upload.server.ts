import { checkCensus } from "~/upstream/members.server";
import type { MemberColumn } from "./rules";
import { COLUMN_LABELS } from "./rules";
import { checkCensusFileOffThread } from "./file-pool.server";
import { REJECTIONS_SHOWN } from "./upload-results";

/**
 * An uploaded census file checked (docs/product.md, Member census): read and bounded, each row
 * checked by the app's rules, the rows that pass checked by the API against what was bought. Nothing
 * is saved: the API keeps the ready rows under `checkId` until the admin confirms.
 */

export interface RowRejection {
  row: number;
  column: string;
  value: string;
  message: string;
}

export type UploadResult =
  | { ok: false; fileName: string; message: string }
  | {
      ok: true;
      fileName: string;
      checkId: string | null;
      rows: number;
      readyCount: number;
      rejectedRows: number;
      rejections: RowRejection[];
    };

const columnLabel = (column: string) => COLUMN_LABELS[column as MemberColumn] ?? column;

export async function checkUpload(token: string, file: File, today: string): Promise<UploadResult> {
  const fileName = file.name.slice(0, 120);
  // Read and each row checked by the app's rules in a worker thread (docs/decisions/0041).
  const read = await checkCensusFileOffThread(
    { name: file.name, size: file.size, bytes: Buffer.from(await file.arrayBuffer()) },
    today,
  );
  if (!read.ok) return { ok: false, fileName, message: read.message };
  const { passing, rejected } = read;
  let checkId: string | null = null;
  let readyCount = 0;
  if (passing.length > 0) {
    const answer = await checkCensus(token, passing);
    checkId = answer.ready_count > 0 ? answer.check_id : null;
    readyCount = answer.ready_count;
    rejected.push(...answer.rejected);
  }
  rejected.sort((a, b) => a.row_number - b.row_number);
  return {
    ok: true,
    fileName,
    checkId,
    rows: read.rows,
    readyCount,
    rejectedRows: new Set(rejected.map((r) => r.row_number)).size,
    rejections: rejected.slice(0, REJECTIONS_SHOWN).map((r) => ({
      row: r.row_number,
      column: columnLabel(r.column),
      value: r.value,
      message: r.message,
    })),
  };
}
