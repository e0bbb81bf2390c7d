/**
 * `npm run dev`: builds, starts the server, and on every change to the sources builds again and
 * restarts it, saying which files changed and when the new server is up. One build and one server
 * at a time; a change during a build queues one more build. Files replaced on disk are seen as
 * well as files written in place (dev-watch.ts).
 * SIGINT and SIGTERM stop the server first, then this process, so nothing keeps listening (`npm run
 * dev` execs this process, so a signal to npm reaches it).
 */
import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { watchSources } from "./dev-watch";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
/** What the build reads: the app, the server, the embedded API and the static files (not public/build, its output). */
const WATCHED = ["app", "server", "sandbox", "server.ts", "public", "remix.config.js"];

let server: ChildProcess | undefined;
let building = false;
let again = false;
let stopping = false;

function run(command: string, args: string[]): Promise<number> {
  const child = spawn(command, args, { cwd: root, stdio: "inherit" });
  return new Promise((resolve) => child.once("exit", (code) => resolve(code ?? 1)));
}

function stopServer(): Promise<void> {
  const running = server;
  server = undefined;
  if (!running || running.exitCode !== null || running.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    running.once("exit", () => resolve());
    running.kill("SIGTERM");
  });
}

async function rebuild() {
  if (building) {
    again = true;
    return;
  }
  building = true;
  do {
    again = false;
    const started = performance.now();
    const code = await run(process.execPath, ["--import", "tsx", "scripts/build.ts"]);
    if (stopping) return;
    if (code !== 0) {
      console.error("dev: the build failed; waiting for the next change");
      continue;
    }
    await stopServer();
    if (stopping) return;
    server = spawn(process.execPath, ["--enable-source-maps", "build/server.js"], { cwd: root, stdio: "inherit" });
    console.log(`dev: built in ${Math.round(performance.now() - started)} ms; server started`);
  } while (again);
  building = false;
}

const watcher = watchSources(
  root,
  WATCHED,
  (files) => {
    const named = files.length > 3 ? `${files.slice(0, 3).join(", ")} and ${files.length - 3} more` : files.join(", ");
    console.log(`dev: ${named} changed; rebuilding`);
    void rebuild();
  },
  { ignored: [path.join("public", "build")] },
);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, async () => {
    stopping = true;
    await watcher.close();
    await stopServer();
    process.exit(0);
  });
}

await rebuild();
