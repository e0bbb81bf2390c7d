import { spawn } from "node:child_process";
import net from "node:net";
import { readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { startServer, tempDir } from "../support/server";
import { until } from "../support/until";

/**
 * A deploy drops nothing (docs/product.md, Security rules; decision 0040): while `wrk` keeps 64
 * kept-alive connections busy on a two-worker production server, each worker in turn is sent
 * SIGTERM and replaced, as a rolling deploy does. wrk honours `Connection: close` (it reconnects,
 * and a worker still serving answers) and counts a connection reset, or closed with its request
 * unanswered, as a socket error: there must be none, and every answer a success. Slowness is not
 * the subject (the machine may be busy): wrk waits up to 10 s for an answer. Bounded: 64
 * connections on loopback, stopped once both workers are replaced (90 s at most).
 */

/** The worker processes of the cluster whose primary is `pid`. */
function workers(pid: number): number[] {
  return readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number);
}

/** Established TCP connections to `port` on loopback, as the kernel lists them (IPv4). */
function connectionsTo(port: number): number {
  const local = `:${port.toString(16).toUpperCase().padStart(4, "0")}`;
  return readFileSync("/proc/net/tcp", "utf8")
    .split("\n")
    .filter((line) => {
      const [, address, , state] = line.trim().split(/\s+/);
      return address?.endsWith(local) && state === "01";
    }).length;
}

/** Pages rendered as they are asked for (through the render gate), so many are in flight at a time. */
const SCRIPT = `
local paths = { "/healthz", "/checkout/verify", "/contact-us?from=drain" }
local i = 0
request = function()
  i = i + 1
  return wrk.format("GET", paths[(i % #paths) + 1])
end
`;

/** wrk for at most `seconds`; `stop()` ends it early (SIGINT), and it reports what it saw until then. */
function wrk(url: string, seconds: number) {
  const script = path.join(tempDir("kavach-wrk-"), "paths.lua");
  writeFileSync(script, SCRIPT);
  const args = ["-t2", "-c64", `-d${seconds}s`, "--timeout", "10s", "-H", "Host: kavach.example", "-s", script, url];
  const child = spawn("wrk", args, { stdio: ["ignore", "pipe", "inherit"] });
  let report = "";
  child.stdout.setEncoding("utf8");
  child.stdout.on("data", (chunk: string) => (report += chunk));
  const done = new Promise<string>((resolve) => child.once("exit", () => resolve(report)));
  return {
    running: () => child.exitCode === null && child.signalCode === null,
    stop: () => {
      child.kill("SIGINT");
      return done;
    },
  };
}

test("a rolling SIGTERM of both workers under 64 kept-alive connections: no socket errors, every answer a success", async () => {
  test.setTimeout(180_000);
  const server = await startServer({ env: { NODE_ENV: "production", WEB_CONCURRENCY: "2" } });
  const before = workers(server.pid);
  const run = wrk(server.url, 90);
  try {
    expect(before).toHaveLength(2);
    // Into the run: once wrk's connections are all open (and so busy), each worker is stopped in
    // turn, and the next only once its successor listens (wrk's reconnections then reach it). The
    // machine may be busy: generous waits.
    await until(() => connectionsTo(server.port) >= 64, "wrk's 64 connections", 60_000);
    // Each worker says when it listens: the two first, then each successor.
    const listening = () => server.logs.filter((line) => line.includes("Kavach listening")).length;
    for (const [i, worker] of before.entries()) {
      process.kill(worker, "SIGTERM");
      await until(() => listening() === 3 + i, `worker ${i + 1}'s successor listening`, 60_000);
    }
    // wrk was loading the server the whole time, and stops here.
    expect(run.running()).toBe(true);
    const report = await run.stop();
    const load = os.loadavg().map((n) => n.toFixed(2));
    console.log(`${report}load average: ${load.join(" ")}`);
    expect(Number(/(\d+) requests in/.exec(report)?.[1])).toBeGreaterThan(200);
    // wrk prints these lines only when there were any.
    expect(report).not.toMatch(/Socket errors/);
    expect(report).not.toMatch(/Non-2xx or 3xx responses/);
    // Both drained and exited, and were replaced.
    expect(server.logs.filter((line) => line.includes("drained: exiting"))).toHaveLength(2);
    expect(workers(server.pid).some((pid) => before.includes(pid))).toBe(false);
  } finally {
    if (run.running()) await run.stop();
    await server.stop();
  }
});

/** One kept-alive connection: each request waits for its whole answer (Content-Length) before the next. */
function keptAlive(port: number) {
  const socket = net.connect(port, "127.0.0.1");
  let received = "";
  let closed = false;
  socket.setEncoding("utf8");
  socket.on("data", (chunk: string) => (received += chunk));
  socket.on("close", () => (closed = true));
  socket.on("error", () => undefined);
  return {
    async get(path: string): Promise<{ head: string; body: string } | "closed"> {
      received = "";
      socket.write(`GET ${path} HTTP/1.1\r\nHost: kavach.example\r\n\r\n`);
      await until(() => closed || answered(received), `the answer to ${path}`);
      if (!answered(received)) return "closed";
      const [head, body] = received.split("\r\n\r\n");
      return { head: head!, body: body! };
    },
    close: () => socket.destroy(),
  };
}
function answered(text: string): boolean {
  const at = text.indexOf("\r\n\r\n");
  const length = /\r\ncontent-length: (\d+)/i.exec(text)?.[1];
  return at >= 0 && length !== undefined && text.length - at - 4 >= Number(length);
}

test("a connection idle when SIGTERM arrives is answered, not closed under its request: /readyz says draining", async () => {
  const server = await startServer({ env: { NODE_ENV: "production" } });
  const connection = keptAlive(server.port);
  try {
    const ready = await connection.get("/readyz");
    expect(ready).not.toBe("closed");
    expect((ready as { head: string }).head).toMatch(/^HTTP\/1\.1 200/);
    process.kill(server.pid, "SIGTERM");
    await until(() => server.logs.some((line) => line.includes("SIGTERM: draining")), "the drain");
    // The client sends its next request on the connection it holds, as a browser would.
    const draining = await connection.get("/readyz");
    expect(draining).not.toBe("closed");
    const { head, body } = draining as { head: string; body: string };
    expect(head).toMatch(/^HTTP\/1\.1 503/);
    expect(head).toMatch(/\r\nConnection: close/i);
    expect(JSON.parse(body)).toMatchObject({ status: "unavailable", checks: { server: "draining" } });
  } finally {
    connection.close();
    await server.stop();
  }
});
