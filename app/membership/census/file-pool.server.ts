import { Piscina } from "piscina";
import type { Member } from "~/upstream/members.server";
import type { CensusFile, FileTask } from "./file-worker.server";
import type { ReadResult } from "./read-file.server";

/**
 * Census files read and the member list written in worker threads (piscina): a 10,000-row file is
 * hundreds of milliseconds of CPU, which the thread that renders pages must not spend (docs/decisions/0041).
 * The worker's module sits beside this one: the TypeScript source when the app runs from source (tsx
 * loaded in the thread), or the bundle's own file beside build/index.js (scripts/build-server.ts).
 * Threads start when first asked for and end when idle.
 */
const THREADS_MAX = 2;
const IDLE_MS = 30_000;

let pool: Piscina<FileTask, ReadResult | CensusFile | string> | undefined;

function run(task: FileTask) {
  const source = import.meta.url.endsWith(".ts");
  pool ??= new Piscina({
    filename: new URL(`./file-worker.server.${source ? "ts" : "js"}`, import.meta.url).href,
    execArgv: source ? ["--import", "tsx"] : [],
    minThreads: 0,
    maxThreads: THREADS_MAX,
    idleTimeout: IDLE_MS,
  });
  return pool.run(task);
}

/** readCensusFile (app/membership/census/read-file.server.ts), off this thread. */
export function readCensusFileOffThread(
  file: { name: string; size: number; bytes: Buffer },
  extra: readonly string[] = [],
): Promise<ReadResult> {
  return run({ kind: "read", file, extra }) as Promise<ReadResult>;
}

/** A census file read and its rows checked by the app's rules (app/membership/census/rules.ts), off this thread. */
export function checkCensusFileOffThread(
  file: { name: string; size: number; bytes: Buffer },
  today: string,
): Promise<CensusFile> {
  return run({ kind: "census", file, today }) as Promise<CensusFile>;
}

/** membersCsv (app/membership/census/members-csv.server.ts), off this thread. */
export function membersCsvOffThread(members: readonly Member[]): Promise<string> {
  return run({ kind: "csv", members }) as Promise<string>;
}
