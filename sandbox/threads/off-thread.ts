import { constants, setPriority } from "node:os";

/**
 * Called in a worker thread: its work yields the CPU to the thread that answers pages whenever both want
 * it (on Linux a thread's nice value is its own; elsewhere it would be the whole process's, so left).
 */
export function yieldToPages(): void {
  if (process.platform === "linux") setPriority(constants.priority.PRIORITY_BELOW_NORMAL);
}

// Where a worker thread's module is, beside the module that starts it: the TypeScript source when the
// sandbox runs from source (tsx, vitest), with tsx loaded in the thread; the bundle's own file beside
// build/server.js when it runs built (scripts/build-server.ts builds each worker as an entry of its own).
export function workerModule(name: string, from: string): { filename: string; execArgv: string[] } {
  const source = from.endsWith(".ts");
  return {
    filename: new URL(`./${name}.${source ? "ts" : "js"}`, from).href,
    execArgv: source ? ["--import", "tsx"] : [],
  };
}
