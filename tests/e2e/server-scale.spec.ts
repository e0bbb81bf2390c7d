import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import net from "node:net";
import { expect, test } from "@playwright/test";
import { freshMobile } from "../support/client";
import { freePort, startServer, tempDir } from "../support/server";
import { until } from "../support/until";

/**
 * Every core and one set of limits (docs/decisions/0009): workers under node:cluster that share the
 * allowances through the primary, and servers that share them through Redis (Debian's redis-server).
 * Processes are the subject here; the page cache's sharing rule: tests/server/server-page-cache.test.ts.
 */

const CAP = { IP_CODE_REQUESTS_PER_HOUR: "3" };
const TOO_MANY = "Too many codes were asked for from your network.";

/** Asks the public API for a code, on a fresh connection each time so a cluster spreads them over its workers. */
async function askForCode(url: string): Promise<{ status: number; text: string }> {
  const answer = await fetch(`${url}/api/global/users?country_id=91&mobile_no=${freshMobile()}`, {
    headers: { Connection: "close" },
  });
  return { status: answer.status, text: await answer.text() };
}

function workersOf(primary: number): number[] {
  const out = execFileSync("ps", ["-o", "pid=", "--ppid", String(primary)], { encoding: "utf8" });
  return out
    .split("\n")
    .map((l) => Number(l.trim()))
    .filter((pid) => pid > 0);
}

test("two workers serve one port, share one allowance, and a worker that dies is replaced", async () => {
  const server = await startServer({ env: { WEB_CONCURRENCY: "2", ...CAP } });
  try {
    // Both must be up: a worker that dies before it ever listened stops the server (server/cluster.ts).
    await until(() => server.logs.some((line) => line.includes("all 2 workers listening")), "two workers listening");
    expect(workersOf(server.pid)).toHaveLength(2);
    const answers = [];
    for (let i = 0; i < 4; i += 1) answers.push(await askForCode(server.url));
    expect(answers.slice(0, 3).map((a) => a.status)).toEqual([200, 200, 200]);
    expect(answers[3]).toMatchObject({ status: 429 });
    expect(answers[3]!.text).toContain(TOO_MANY);

    const [victim] = workersOf(server.pid);
    process.kill(victim!, "SIGKILL");
    await until(
      () => server.logs.some((line) => line.includes("worker died; starting another")),
      "the replacement to be logged",
    );
    await until(() => workersOf(server.pid).length === 2 && !workersOf(server.pid).includes(victim!), "a new worker");
    await until(async () => (await fetch(`${server.url}/healthz`)).ok, "the server to answer");
  } finally {
    await server.stop();
  }
});

test.describe("servers sharing Redis", () => {
  let redis: ChildProcess;
  let redisUrl = "";

  test.beforeAll(async () => {
    const port = await freePort();
    redisUrl = `redis://127.0.0.1:${port}`;
    redis = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], {
      stdio: "ignore",
    });
    const listening = () =>
      new Promise<boolean>((resolve) => {
        const socket = net.connect(port, "127.0.0.1");
        socket.once("connect", () => (socket.end(), resolve(true)));
        socket.once("error", () => resolve(false));
      });
    await until(listening, "redis-server");
  });
  test.afterAll(() => {
    redis.kill();
  });

  test("grant one allowance between them, and refuse codes (not pages) while Redis is gone", async () => {
    const env = { REDIS_URL: redisUrl, ...CAP };
    const [first, second] = await Promise.all([
      startServer({ env, dataDir: tempDir() }),
      startServer({ env, dataDir: tempDir() }),
    ]);
    try {
      expect((await askForCode(first.url)).status).toBe(200);
      expect((await askForCode(second.url)).status).toBe(200);
      expect((await askForCode(first.url)).status).toBe(200);
      for (const server of [second, first]) {
        const refused = await askForCode(server.url);
        expect(refused.status).toBe(429);
        expect(refused.text).toContain(TOO_MANY);
      }

      redis.kill();
      await until(() => redis.exitCode !== null || redis.signalCode !== null, "redis-server to stop");
      const refused = await askForCode(first.url);
      expect(refused.status).toBe(429);
      expect(refused.text).toContain("We cannot send or check codes right now.");
      expect((await fetch(`${first.url}/`)).status).toBe(200);
      await until(() => first.logs.some((line) => line.includes("Redis unreachable")), "the log to say so");
    } finally {
      await Promise.all([first.stop(), second.stop()]);
    }
  });
});
