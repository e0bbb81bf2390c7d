import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import net from "node:net";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ALLOWANCES_UNAVAILABLE, allowanceStore, allowancesHealth, createAllowances } from "../../server/allowances";

/** server/allowances.ts: the caps of docs/decisions/0006, in memory and shared through Redis. */
const CAPS = { codeRequest: 3, codeVerification: 3, appLink: 1 };
const quiet = () => undefined;

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => (socket.end(), resolve(true)));
    socket.once("error", () => resolve(false));
  });
}

describe("in one process", () => {
  it("grants the cap and then refuses, saying when to try again", async () => {
    const spend = createAllowances(CAPS, { prefix: "ip", store: { kind: "memory" }, log: quiet });
    for (let i = 0; i < 3; i += 1) expect(await spend("203.0.113.9", "codeRequest")).toEqual({ ok: true });
    expect(await spend("203.0.113.9", "codeRequest")).toEqual({
      ok: false,
      message: "Too many codes were asked for from your network. Try again in 60 minutes.",
    });
    // Another address, and another kind, have their own allowance.
    expect(await spend("203.0.113.10", "codeRequest")).toEqual({ ok: true });
    expect(await spend("203.0.113.9", "codeVerification")).toEqual({ ok: true });
  });
});

describe("app-link allowances", () => {
  it("count per key, so a number's cap and an address's cap are separate; kinds without a cap are free", async () => {
    const perNumber = createAllowances({ appLink: 1 }, { prefix: "number", store: { kind: "memory" }, log: quiet });
    expect(await perNumber("9876543210", "appLink")).toEqual({ ok: true });
    expect(await perNumber("9876543210", "appLink")).toEqual({
      ok: false,
      message: "Too many links were asked for. Try again in 60 minutes.",
    });
    expect(await perNumber("9123456780", "appLink")).toEqual({ ok: true });
    for (let i = 0; i < 5; i += 1) expect(await perNumber("9876543210", "codeRequest")).toEqual({ ok: true });
  });
});

describe("through Redis (Debian's redis-server)", () => {
  let redis: ChildProcess;
  let url = "";
  const clients: Redis[] = [];
  /** A server's allowances on a client of its own, once that client is connected. */
  const serverWith = async () => {
    const client = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1, connectTimeout: 1_000 });
    client.on("error", quiet);
    clients.push(client);
    await once(client, "ready");
    return createAllowances(CAPS, { prefix: "ip", store: { kind: "redis", client }, log: quiet });
  };

  beforeAll(async () => {
    const port = await freePort();
    url = `redis://127.0.0.1:${port}`;
    redis = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], {
      stdio: "ignore",
    });
    await vi.waitFor(
      async () => {
        if (!(await answers(port))) throw new Error("redis-server is not listening yet");
      },
      { timeout: 5_000, interval: 50 },
    );
  });
  afterAll(async () => {
    for (const client of clients) client.disconnect();
    redis.kill();
  });

  it("two servers sharing Redis grant one allowance between them", async () => {
    const [first, second] = await Promise.all([serverWith(), serverWith()]);
    expect(await first("198.51.100.7", "codeRequest")).toEqual({ ok: true });
    expect(await second("198.51.100.7", "codeRequest")).toEqual({ ok: true });
    expect(await first("198.51.100.7", "codeRequest")).toEqual({ ok: true });
    expect((await second("198.51.100.7", "codeRequest")).ok).toBe(false);
    expect((await first("198.51.100.7", "codeRequest")).ok).toBe(false);
  });

  it("fails closed within a moment when Redis hangs (connections open, no answers), and recovers", async () => {
    // The server's own client (server/allowances.ts), with its timeouts.
    const store = allowanceStore(url, quiet);
    if (store.kind !== "redis") throw new Error("expected a Redis store");
    clients.push(store.client);
    const spend = createAllowances(CAPS, { prefix: "ip", store, log: quiet });
    if (store.client.status !== "ready") await once(store.client, "ready");
    expect(await spend("198.51.100.20", "codeRequest")).toEqual({ ok: true });
    expect(allowancesHealth(store)).toBe("ok");
    redis.kill("SIGSTOP");
    try {
      let started = Date.now();
      expect(await spend("198.51.100.21", "codeRequest")).toEqual({ ok: false, message: ALLOWANCES_UNAVAILABLE });
      expect(Date.now() - started).toBeLessThan(1_500);
      expect(allowancesHealth(store)).toBe("degraded");
      // The next code requests are refused without waiting on it again.
      started = Date.now();
      for (let i = 0; i < 10; i += 1)
        expect(await spend(`198.51.100.${30 + i}`, "codeVerification")).toEqual({
          ok: false,
          message: ALLOWANCES_UNAVAILABLE,
        });
      expect(Date.now() - started).toBeLessThan(200);
    } finally {
      redis.kill("SIGCONT");
    }
    // Back: once the pause is over, codes are counted again.
    await expect
      .poll(async () => (await spend("198.51.100.22", "codeRequest")).ok, {
        message: "allowances to recover",
        timeout: 10_000,
      })
      .toBe(true);
    expect(allowancesHealth(store)).toBe("ok");
  }, 20_000);

  it("fails closed, at once and with a clear message, when Redis is gone", async () => {
    const spend = await serverWith();
    redis.kill();
    await new Promise((resolve) => redis.once("exit", resolve));
    const started = Date.now();
    expect(await spend("198.51.100.8", "codeRequest")).toEqual({ ok: false, message: ALLOWANCES_UNAVAILABLE });
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});
