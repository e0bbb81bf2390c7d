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
