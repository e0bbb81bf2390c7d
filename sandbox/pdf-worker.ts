// A worker thread of the PDF pool (sandbox/pdf-pool.ts): draws the policy's PDFs with pdfkit, off the
// thread that answers the site's pages and the API (docs/decisions/0041).
import type { CertificateData } from "./certificate";
import type { PolicyData } from "./policy";
import { type Card, certificatePdf, eCardsPdf } from "./policy-pdf";

export type PdfTask =
  | { kind: "certificate"; certificate: CertificateData }
  | { kind: "e-cards"; policy: PolicyData; cards: readonly Card[]; today: string };

export default function draw(task: PdfTask): Promise<Buffer> {
  return task.kind === "certificate"
    ? certificatePdf(task.certificate)
    : eCardsPdf(task.policy, task.cards, task.today);
}
