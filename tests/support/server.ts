import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { OUTBOX_KEY } from "./outbox";

/**
 * The built server (build/server.js) in a child process of its own, for tests whose subject is the
 * process: a SIGKILL, a SIGTERM and its drain, the cluster, the socket timeouts set where it
 * listens (docs/decisions/0031; every other server test builds the app in-process, in-process.ts).
 * Needs `npm run build` first, which `npm test` does before Playwright.
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const TEST_SECRET = "security-tests-secret-0123456789abcdef";
/** What production needs beside NODE_ENV to start on the embedded sandbox API (app/config/env.server.ts). */
export const PRODUCTION_ENV = { PUBLIC_ORIGIN: "https://kavach.example", SANDBOX: "1" };

export interface ServerOptions {
  env?: Record<string, string>;
  /** Reuse a data folder (a restart); a fresh temporary one otherwise. */
  dataDir?: string;
  port?: number;
}

export interface RunningServer {
  url: string;
  port: number;
  dataDir: string;
  /** Everything the process wrote to stdout and stderr, line by line. */
  logs: string[];
  pid: number;
  /** SIGTERM to the primary and wait for its exit: the server's own shutdown ends its workers. */
  stop(): Promise<void>;
  /** SIGKILL to the primary and its workers, as a crash would: no shutdown code runs, no worker is left. */
  kill(): Promise<void>;
}

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export function tempDir(prefix = "kavach-security-"): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

/**
 * SIGKILL to the server's process group (it is spawned detached, the group's leader): the cluster
 * workers die with the primary instead of living on as orphans, still holding the port.
 */
function killGroup(child: ChildProcess): void {
  try {
    process.kill(-child.pid!, "SIGKILL");
  } catch (error) {
    // ESRCH: every process of the group has exited already.
    if ((error as NodeJS.ErrnoException).code !== "ESRCH") throw error;
  }
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once("exit", () => resolve()));
}

export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const port = options.port ?? (await freePort());
  const dataDir = options.dataDir ?? tempDir();
  const logs: string[] = [];
  // node itself rather than npm: the pid is the server, so signals reach it; in a process group of its
  // own (detached), so its cluster workers can be killed with it.
  const child = spawn(process.execPath, ["build/server.js"], {
    cwd: ROOT,
    detached: true,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: "development",
      HOST: "127.0.0.1",
      PORT: String(port),
      DATA_DIR: dataDir,
      SESSION_SECRET: TEST_SECRET,
      SANDBOX_OUTBOX_KEY: OUTBOX_KEY,
      LOG_REQUESTS: "0",
      // One process unless a test asks for workers (docs/decisions/0009).
      WEB_CONCURRENCY: "1",
      // Tests sign in many times from one address; the tests of the caps set their own.
      IP_CODE_REQUESTS_PER_HOUR: "10000",
      IP_CODE_VERIFICATIONS_PER_HOUR: "10000",
      IP_APP_LINKS_PER_HOUR: "10000",
      NUMBER_APP_LINKS_PER_HOUR: "10000",
      // Production as deployed: an https address, and the sandbox API said out loud.
      ...(options.env?.NODE_ENV === "production" ? PRODUCTION_ENV : {}),
      ...options.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  // A test that ends without stopping its server (a failure before its cleanup) leaves none running.
  const killOnExit = () => killGroup(child);
  process.once("exit", killOnExit);
  child.once("exit", () => process.off("exit", killOnExit));
  /** Whoever waits for a line of the output hears each one as it is written. */
  const lineListeners = new Set<(line: string) => void>();
  for (const stream of [child.stdout!, child.stderr!]) {
    let rest = "";
    stream.setEncoding("utf8");
    stream.on("data", (chunk: string) => {
      const lines = (rest + chunk).split("\n");
      rest = lines.pop()!;
      logs.push(...lines);
      for (const line of lines) for (const listener of lineListeners) listener(line);
    });
  }
  const url = `http://127.0.0.1:${port}`;
  // Up when it says it listens (each worker says so) and a page renders (/healthz), within 30 s.
  const deadline = AbortSignal.timeout(30_000);
  const failed = (why: string) => new Error(`server ${why}:\n${logs.join("\n")}`);
  await new Promise<void>((resolve, reject) => {
    lineListeners.add((line) => line.includes("Kavach listening") && resolve());
    child.once("exit", (code) => reject(failed(`exited with ${code}`)));
    deadline.addEventListener("abort", () => reject(failed("did not listen within 30 s")));
  }).catch((error: Error) => {
    killGroup(child);
    throw error;
  });
  lineListeners.clear();
  // /healthz answers 503 only after trying to render for a while (server/probes.ts): asked again until ready.
  while (
    !(await fetch(`${url}/healthz`).then(
      (r) => r.ok,
      () => false,
    ))
  ) {
    if (deadline.aborted || child.exitCode !== null) {
      killGroup(child);
      throw failed("did not answer /healthz within 30 s");
    }
  }
  return {
    url,
    port,
    dataDir,
    logs,
    pid: child.pid!,
    async stop() {
      child.kill("SIGTERM");
      await exited(child);
    },
    async kill() {
      killGroup(child);
      await exited(child);
    },
  };
}
