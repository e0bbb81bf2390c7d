/**
 * `npm run dev`: builds, starts the server, and on every change to the sources builds again and
 * restarts it. One build and one server at a time; a change during a build queues one more build.
 * SIGINT and SIGTERM stop the server first, then this process, so nothing keeps listening (`npm run
 * dev` execs this process, so a signal to npm reaches it).
 */
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
/** What the build reads: the app, the server, the embedded API and the static files (not public/build, its output). */
const WATCHED = ["app", "server", "sandbox", "server.ts", "public", "remix.config.js"];
const QUIET_MS = 200;

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
    const code = await run(process.execPath, ["--import", "tsx", "scripts/build.ts"]);
    if (stopping) return;
    if (code !== 0) {
      console.error("dev: the build failed; waiting for the next change");
      continue;
    }
    await stopServer();
    if (stopping) return;
    server = spawn(process.execPath, ["--enable-source-maps", "build/server.js"], { cwd: root, stdio: "inherit" });
  } while (again);
  building = false;
}

let timer: NodeJS.Timeout | undefined;
for (const entry of WATCHED) {
  const at = path.join(root, entry);
  if (!fs.existsSync(at)) continue;
  fs.watch(at, { recursive: fs.statSync(at).isDirectory() }, (_event, file) => {
    if (file && path.join(entry, file.toString()).startsWith(path.join("public", "build"))) return;
    clearTimeout(timer);
    timer = setTimeout(rebuild, QUIET_MS);
  });
}

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, async () => {
    stopping = true;
    clearTimeout(timer);
    await stopServer();
    process.exit(0);
  });
}

await rebuild();
