// A worker thread of the embedded API's pool (sandbox/threads/thread-pool.ts): the CPU-heavy work, off the thread
// that answers the site's pages and the API (docs/decisions/0041): the policy's PDFs drawn with pdfkit, and
// a census's rows checked against what is saved.
import { type Purchase, type RowInput, type SavedMember, checkCensus } from "../membership/census";
import type { CertificateData } from "../membership/certificate";
import type { PolicyData } from "../membership/policy";
import { yieldToPages } from "./off-thread";
import { type Card, certificatePdf, eCardsPdf } from "../membership/policy-pdf";

yieldToPages();

export type ThreadTask =
  | { kind: "certificate"; certificate: CertificateData }
  | { kind: "e-cards"; policy: PolicyData; cards: readonly Card[]; today: string }
  | { kind: "census-check"; rows: readonly RowInput[]; saved: readonly SavedMember[]; purchase: Purchase };

export default function run(task: ThreadTask): Promise<Buffer> | ReturnType<typeof checkCensus> {
  if (task.kind === "census-check") return checkCensus(task.rows, task.saved, task.purchase);
  return task.kind === "certificate"
    ? certificatePdf(task.certificate)
    : eCardsPdf(task.policy, task.cards, task.today);
}
