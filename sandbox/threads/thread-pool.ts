// The embedded API's CPU-heavy work in worker threads (piscina): 10,000 e-cards take tens of seconds of CPU
// and a 10,000-row census check most of a second, and the embedded API shares its thread with the site's
// pages, which must keep answering meanwhile (docs/decisions/0041). Threads start when first asked for and
// end when idle.
import { Piscina } from "piscina";
import type { Purchase, RowInput, SavedMember, checkCensus } from "../membership/census";
import type { CertificateData } from "../membership/certificate";
import { workerModule } from "./off-thread";
import type { PolicyData } from "../membership/policy";
import type { Card } from "../membership/policy-pdf";
import type { ThreadTask } from "./thread-task";

/** Two at most: a download and the emails being sent can draw side by side, on a server of two cores. */
const THREADS_MAX = 2;
const IDLE_MS = 30_000;

type Checked = ReturnType<typeof checkCensus>;
let pool: Piscina<ThreadTask, Uint8Array | Checked> | undefined;

/**
 * Starts the pool with one thread loading its modules now, as the embedded API starts: the first email
 * of a policy is then drawn in the moments a confirm waits for it, not after a thread has started. An
 * idle thread does not keep the process running.
 */
export function startThreadPool() {
  pool ??= new Piscina({
    ...workerModule("thread-task", import.meta.url),
    minThreads: 1,
    maxThreads: THREADS_MAX,
    idleTimeout: IDLE_MS,
  });
  return pool;
}

function run(task: ThreadTask) {
  return startThreadPool().run(task);
}

/** The thread's Buffer arrives as a Uint8Array: seen as a Buffer again, without a copy. */
const asBuffer = (pdf: Uint8Array) => Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);

/** The certificate of insurance (sandbox/membership/policy-pdf.ts, certificatePdf), drawn off this thread. */
export async function drawCertificatePdf(certificate: CertificateData): Promise<Buffer> {
  return asBuffer((await run({ kind: "certificate", certificate })) as Uint8Array);
}

/** E-cards (sandbox/membership/policy-pdf.ts, eCardsPdf), drawn off this thread. */
export async function drawECardsPdf(policy: PolicyData, cards: readonly Card[], today: string): Promise<Buffer> {
  return asBuffer((await run({ kind: "e-cards", policy, cards, today })) as Uint8Array);
}

/** A census's rows checked (sandbox/membership/census.ts, checkCensus), off this thread. */
export async function checkCensusOffThread(
  rows: readonly RowInput[],
  saved: readonly SavedMember[],
  purchase: Purchase,
): Promise<Checked> {
  return (await run({ kind: "census-check", rows, saved, purchase })) as Checked;
}
