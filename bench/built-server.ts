import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { OUTBOX_KEY } from "../tests/support/outbox";

/** The repository root: the server and its build are resolved from here, wherever npm runs. */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** Builds the app when there is no production build yet; an existing build is measured as it is. */
export function ensureBuild(): void {
  if (fs.existsSync(path.join(ROOT, "build/index.js")) && fs.existsSync(path.join(ROOT, "public/build"))) return;
  console.log("No production build: running npm run build first.");
  const result = spawnSync("npm", ["run", "build"], { cwd: ROOT, stdio: "inherit" });
  if (result.status !== 0) throw new Error("npm run build failed");
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export interface RunningServer {
  origin: string;
  pid: number;
  /** Resident set size of the server process, in bytes (Linux /proc). */
  rssBytes(): number;
  /**
   * CPU time the server process has used so far (user + system, all its threads), in ms. Per
   * request it is a figure other processes on the machine barely move, unlike requests/second.
   */
  cpuMs(): number;
  /** SIGTERM, then wait for the exit (the server drains its connections first). */
  stop(): Promise<void>;
}

export interface StartOptions {
  /** Script to run with node: the product's built server unless told otherwise (a .ts one runs through tsx). */
  script?: string;
  args?: string[];
  /** Extra node flags, e.g. --cpu-prof. */
  nodeArgs?: string[];
  env?: Record<string, string>;
  /**
   * The server's public origin is its own loopback address (http) instead of https://kavach.example:
   * the payment gateway then sends a browser back to the origin it came from, as in production.
   */
  ownOrigin?: boolean;
}

/**
 * Starts a script with node directly rather than through npm or npx, so the pid we hold is the
 * server's own and its RSS is the server's, not a wrapper's.
 */
export async function startProcess(options: StartOptions = {}): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "kavach-bench-"));
  const script = options.script ?? "build/server.js";
  const loader = script.endsWith(".ts") ? ["--import", "tsx"] : [];
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), ...loader, script, ...(options.args ?? [])], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: "production",
      SESSION_SECRET: "bench-session-secret-0123456789abcdef",
      // The bench reads codes from the sandbox outbox as its key's holder (decision 0040).
      SANDBOX_OUTBOX_KEY: OUTBOX_KEY,
      SANDBOX: "1",
      // Production as deployed behind https: Secure cookies, which the bench's cookie jar sends over loopback.
      PUBLIC_ORIGIN: "https://kavach.example",
      LOG_REQUESTS: "0",
      // One process unless a test asks for workers (docs/decisions/0009).
      WEB_CONCURRENCY: "1",
      DATA_DIR: dataDir,
      HOST: "127.0.0.1",
      PORT: String(port),
      ...(options.ownOrigin ? { PUBLIC_ORIGIN: `http://127.0.0.1:${port}` } : {}),
      ...options.env,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const origin = `http://127.0.0.1:${port}`;
  // A server that never became healthy must not outlive the bench.
  await waitForHealth(origin, exited).catch((error: unknown) => {
    child.kill("SIGKILL");
    throw error;
  });
  return {
    origin,
    pid: child.pid!,
    rssBytes: () => rssOf(child.pid!),
    cpuMs: () => cpuMsOf(child.pid!),
    async stop() {
      // Requests wrk abandoned when its time ran out are still being answered; let them finish
      // so the drain does not cut their loopback API calls and log false upstream failures.
      await new Promise((r) => setTimeout(r, 1500));
      child.kill("SIGTERM");
      await exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The product server, built for production, on a fresh data folder. */
export function startBuiltServer(options: Omit<StartOptions, "script" | "args"> = {}): Promise<RunningServer> {
  ensureBuild();
  return startProcess(options);
}

async function waitForHealth(origin: string, exited: Promise<void>): Promise<void> {
  let gone = false;
  void exited.then(() => (gone = true));
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (gone) throw new Error("the server exited before it answered /healthz");
    try {
      if ((await fetch(`${origin}/healthz`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${origin}/healthz did not answer within 60 s`);
}

function rssOf(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = status.match(/^VmRSS:\s+(\d+) kB/m)?.[1];
  if (!kb) throw new Error(`no VmRSS for pid ${pid}`);
  return Number(kb) * 1024;
}

/**
 * The scheduler's own count of each of the process's threads' time on a CPU, in nanoseconds
 * (/proc/PID/task/TID/schedstat), summed: precise enough for one request, where utime and stime
 * move in 10 ms ticks.
 */
function cpuMsOf(pid: number): number {
  let ns = 0;
  for (const task of fs.readdirSync(`/proc/${pid}/task`)) {
    try {
      ns += Number(fs.readFileSync(`/proc/${pid}/task/${task}/schedstat`, "utf8").split(" ")[0]);
    } catch {
      // The thread ended between the listing and the read.
    }
  }
  return ns / 1e6;
}
