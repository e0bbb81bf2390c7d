// The policy's PDFs drawn in worker threads (piscina): 10,000 e-cards take tens of seconds of CPU, and the
// embedded API shares its thread with the site's pages, which must keep answering meanwhile
// (docs/decisions/0041). Threads start when first asked for and end when idle.
import { Piscina } from "piscina";
import type { CertificateData } from "./certificate";
import { workerModule } from "./off-thread";
import type { PolicyData } from "./policy";
import type { Card } from "./policy-pdf";
import type { PdfTask } from "./pdf-worker";

/** Two at most: a download and the emails being sent can draw side by side, on a server of two cores. */
const THREADS_MAX = 2;
const IDLE_MS = 30_000;

let pool: Piscina<PdfTask, Uint8Array> | undefined;

function draw(task: PdfTask): Promise<Buffer> {
  pool ??= new Piscina({
    ...workerModule("pdf-worker", import.meta.url),
    minThreads: 0,
    maxThreads: THREADS_MAX,
    idleTimeout: IDLE_MS,
  });
  // The thread's Buffer arrives as a Uint8Array: seen as a Buffer again, without a copy.
  return pool.run(task).then((pdf) => Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength));
}

/** The certificate of insurance (sandbox/policy-pdf.ts, certificatePdf), drawn off this thread. */
export function drawCertificatePdf(certificate: CertificateData): Promise<Buffer> {
  return draw({ kind: "certificate", certificate });
}

/** E-cards (sandbox/policy-pdf.ts, eCardsPdf), drawn off this thread. */
export function drawECardsPdf(policy: PolicyData, cards: readonly Card[], today: string): Promise<Buffer> {
  return draw({ kind: "e-cards", policy, cards, today });
}
