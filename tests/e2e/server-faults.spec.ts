import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { adminVisitor } from "../support/admin-session";
import { Visitor, formBody, freshMobile } from "../support/client";
import { type HostedCheckout, openHostedCheckout, orderStatus } from "../support/payments";
import { freePort, startServer, tempDir } from "../support/server";
import { until } from "../support/until";

/**
 * Faults stop cleanly (docs/decisions/0018): a deploy's SIGTERM answers what was already sent, a
 * hung Redis refuses codes and nothing else.
 */

const SUCCESS_PAGE = /^\/teamsure\/verify-payment\?order_id=order_\w+$/;

/** A whole request written on a connection of its own; resolves once it is sent, then gives its answer. */
function sendRaw(port: number, request: string) {
  const socket = net.connect(port, "127.0.0.1");
  let received = "";
  socket.setEncoding("utf8");
  socket.on("data", (chunk: string) => (received += chunk));
  const answered = new Promise<{ status: number; location: string | null }>((resolve) => {
    socket.on("error", () => undefined);
    socket.once("close", () =>
      resolve({
        status: Number(received.match(/^HTTP\/1\.1 (\d{3})/)?.[1] ?? 0),
        location: received.match(/\r\nLocation: ([^\r]+)/i)?.[1] ?? null,
      }),
    );
  });
  const sent = new Promise<void>((resolve) => socket.once("connect", () => socket.write(request, () => resolve())));
  return { sent, answered };
}

function callbackRequest(checkout: HostedCheckout): string {
  const body = formBody(checkout.forms.success).toString();
  return (
    "POST /checkout/payment/callback HTTP/1.1\r\nHost: 127.0.0.1\r\n" +
    "Content-Type: application/x-www-form-urlencoded\r\nSec-Fetch-Site: cross-site\r\nOrigin: https://gateway.example\r\n" +
    `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`
  );
}

test("SIGTERM answers every payment callback and page request already sent, on two workers", async () => {
  test.setTimeout(180_000);
  const server = await startServer({ env: { WEB_CONCURRENCY: "2", SANDBOX_PENDING_SETTLE_MS: "600000" } });
  await until(() => server.logs.some((line) => line.includes("all 2 workers listening")), "two workers listening");
  const checkouts: HostedCheckout[] = [];
  for (let i = 0; i < 12; i += 1) {
    const visitor = await adminVisitor(server.url, "payment");
    checkouts.push(await openHostedCheckout(visitor));
  }
  const callbacks = checkouts.map((checkout) => sendRaw(server.port, callbackRequest(checkout)));
  const pages = Array.from({ length: 30 }, (_, i) =>
    sendRaw(
      server.port,
      `GET ${i % 2 ? "/" : "/about-us"} HTTP/1.1\r\nHost: 127.0.0.1\r\n${i % 3 ? "Connection: close\r\n" : ""}\r\n`,
    ),
  );
  await Promise.all([...callbacks, ...pages].map((request) => request.sent));
  process.kill(server.pid, "SIGTERM");

  for (const callback of callbacks) {
    const answer = await callback.answered;
    expect(answer.status).toBe(303);
    expect(answer.location).toMatch(SUCCESS_PAGE);
  }
  for (const page of pages) expect((await page.answered).status).toBe(200);
  await server.stop();
  for (const checkout of checkouts) expect((await orderStatus(server, checkout.orderId)).status).toBe("paid");
});

function workersOf(primary: number): number[] {
  const out = execFileSync("ps", ["-o", "pid=", "--ppid", String(primary)], { encoding: "utf8" });
  return out
    .split("\n")
    .map((l) => Number(l.trim()))
    .filter((pid) => pid > 0);
}

/** build/server.js run to its end: what it wrote and how it exited. */
function runToExit(env: Record<string, string>): Promise<{ code: number | null; lines: string[] }> {
  const child: ChildProcess = spawn(process.execPath, ["build/server.js"], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: "development",
      HOST: "127.0.0.1",
      SESSION_SECRET: "security-tests-secret-0123456789abcdef",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  return new Promise((resolve) =>
    child.once("exit", (code) => resolve({ code, lines: output.split("\n").filter(Boolean) })),
  );
}

test("a port already taken or a database that cannot open: one clear line, exit 1, no restarts", async () => {
  test.setTimeout(120_000);
  const port = await freePort();
  const holder = net.createServer();
  await new Promise<void>((resolve) => holder.listen(port, "127.0.0.1", resolve));
  try {
    for (const workers of ["1", "2"]) {
      const taken = await runToExit({ PORT: String(port), DATA_DIR: tempDir(), WEB_CONCURRENCY: workers });
      expect(taken.code).toBe(1);
      const errors = taken.lines.filter((line) => line.includes('"level":"error"'));
      expect(errors.map((line) => JSON.parse(line) as Record<string, unknown>)).toEqual([
        expect.objectContaining({
          level: "error",
          time: expect.any(String),
          msg: `cannot start: port ${port} on 127.0.0.1 is already in use (EADDRINUSE): stop what holds it or set PORT`,
        }),
      ]);
      expect(taken.lines.join("\n")).not.toMatch(/\n\s+at /);
    }
  } finally {
    holder.close();
  }
  const dataDir = tempDir();
  // A -shm file the server cannot write (a folder in its place: the tests run as root).
  fs.mkdirSync(path.join(dataDir, "kavach.sqlite-shm"));
  const missing = path.join(tempDir(), "no-such-folder", "kavach.sqlite");
  const faults: Record<string, string>[] = [{ DATA_DIR: dataDir }, { DATA_DIR: tempDir(), DATABASE_PATH: missing }];
  for (const env of faults) {
    const fault = await runToExit({ PORT: String(await freePort()), WEB_CONCURRENCY: "2", ...env });
    expect(fault.code).toBe(1);
    const errors = fault.lines.filter((line) => line.includes('"level":"error"'));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain("cannot start: the database");
    expect(fault.lines.join("\n")).not.toMatch(/\n\s+at /);
  }
});

test("a worker that keeps dying right after start is restarted more and more slowly, then the server gives up", async () => {
  test.setTimeout(180_000);
  const server = await startServer({ env: { WEB_CONCURRENCY: "2" } });
  await until(() => server.logs.some((line) => line.includes("all 2 workers listening")), "two workers listening");
  const [survivor] = workersOf(server.pid);
  const listening = () => server.logs.filter((line) => line.includes("Kavach listening")).length;
  let sawRestarting = false;
  let exited = false;
  const exit = new Promise<void>((resolve) =>
    until(
      () => {
        try {
          process.kill(server.pid, 0);
          return false;
        } catch {
          return true;
        }
      },
      "the primary to exit",
      150_000,
    ).then(() => ((exited = true), resolve())),
  );
  for (let deaths = 0; !exited && deaths < 10; deaths += 1) {
    const before = listening();
    const victim = workersOf(server.pid).find((pid) => pid !== survivor);
    if (victim === undefined) break;
    process.kill(victim, "SIGKILL");
    // While the replacement waits, the living worker says so.
    await until(
      async () => {
        const health = await fetch(`${server.url}/healthz`).then(
          (r) => r.json(),
          () => ({}),
        );
        if ((health as { workers?: string }).workers === "restarting") sawRestarting = true;
        return exited || listening() > before || sawRestarting;
      },
      "a replacement or a restarting health",
      60_000,
    );
    await until(() => exited || listening() > before, "the replacement to listen", 60_000);
  }
  await exit;
  expect(sawRestarting).toBe(true);
  expect(
    server.logs.some((line) => line.includes("workers keep dying right after they start (5 in a row); giving up")),
  ).toBe(true);
  // The delay grew: 0.5 s, 1 s, 2 s, 4 s before the replacements.
  const delays = server.logs.flatMap((line) => line.match(/"delayMs":(\d+)/)?.[1] ?? []).map(Number);
  expect(delays).toEqual([500, 1000, 2000, 4000]);
});

test("a hung Redis (stopped, connections open): codes are refused with a clear message, pages and /healthz carry on", async () => {
  test.setTimeout(120_000);
  const redisPort = await freePort();
  const redis = spawn(
    "redis-server",
    ["--port", String(redisPort), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
    { stdio: "ignore" },
  );
  try {
    await until(
      () =>
        new Promise<boolean>((resolve) => {
          const socket = net.connect(redisPort, "127.0.0.1");
          socket.once("connect", () => (socket.end(), resolve(true)));
          socket.once("error", () => resolve(false));
        }),
      "redis-server to start",
    );
    const server = await startServer({
      env: { WEB_CONCURRENCY: "2", REDIS_URL: `redis://127.0.0.1:${redisPort}` },
    });
    try {
      const visitor = await adminVisitor(server.url);
      redis.kill("SIGSTOP");
      // Ten sign-in attempts at once, and pages and /healthz beside them.
      const attempts = Array.from({ length: 10 }, () =>
        new Visitor(server.url).post("/checkout/verify", { mobile: freshMobile() }, {}),
      );
      const pages = Array.from({ length: 10 }, (_, i) =>
        fetch(`${server.url}${i % 2 ? "/" : "/about-us"}`, { signal: AbortSignal.timeout(15_000) }),
      );
      for (const page of await Promise.all(pages)) expect(page.status).toBe(200);
      for (const attempt of await Promise.all(attempts))
        expect(attempt.text).toContain("We cannot send or check codes right now.");
      // Ready, and saying that codes are refused, while Redis is still stopped.
      const health = await fetch(`${server.url}/healthz`, { signal: AbortSignal.timeout(15_000) });
      expect(health.status).toBe(200);
      expect(await health.json()).toEqual({ status: "ok", allowances: "degraded" });
      // A signed-in page is not affected.
      expect((await visitor.get("/checkout/summary")).status).toBeLessThan(500);
    } finally {
      redis.kill("SIGCONT");
      await server.stop();
    }
  } finally {
    redis.kill();
  }
});
