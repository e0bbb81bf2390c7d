import net from "node:net";
import { expect, test } from "@playwright/test";
import { type RunningServer, startServer } from "../support/server";

/**
 * docs/product.md, Security rules: slow clients cannot starve the server. A post takes a render slot only once
 * its body is in; slow bodies, slow headers and idle kept-alive sockets are cut off by explicit
 * timeouts. The socket timeouts are set where the process listens (server.ts), so these tests run
 * the built server; /healthz as a readiness check: tests/server/server-readiness.test.ts.
 */

test.describe.configure({ mode: "serial" });

let server: RunningServer;
test.beforeAll(async () => {
  server = await startServer({
    env: {
      BODY_TIMEOUT_MS: "3000",
      HEADERS_TIMEOUT_MS: "2000",
      REQUEST_TIMEOUT_MS: "4000",
      KEEP_ALIVE_TIMEOUT_MS: "1000",
    },
  });
});
test.afterAll(async () => server.stop());

/** A raw socket to the server; resolves with everything it received once the server closes it. */
function rawSocket(port: number) {
  const socket = net.connect(port, "127.0.0.1");
  socket.on("error", () => undefined);
  let received = "";
  socket.setEncoding("utf8");
  socket.on("data", (chunk: string) => (received += chunk));
  const closed = new Promise<{ received: string; at: number }>((resolve) =>
    socket.once("close", () => resolve({ received, at: Date.now() })),
  );
  return { socket, closed };
}

/**
 * Writes `text` a character every `everyMs` until it is all out or the socket closes; resolves
 * once the first character has been handed to the network.
 */
function trickle(socket: net.Socket, text: string, everyMs: number): Promise<void> {
  let at = 0;
  const timer = setInterval(() => {
    if (socket.destroyed || at >= text.length) return clearInterval(timer);
    socket.write(text[at++]!);
  }, everyMs);
  socket.once("close", () => clearInterval(timer));
  return new Promise((resolve) => socket.write(text[at++]!, () => resolve()));
}

/**
 * Resolves once the server has taken in every connection opened before: it accepts in order, so
 * when a request on a newer connection is answered, the older ones and what they sent are in. A
 * file from public/, which no render slot stands in front of.
 */
async function serverHasSeenEarlierConnections(url: string) {
  const response = await fetch(`${url}/favicon.svg`, { headers: { connection: "close" } });
  await response.arrayBuffer();
}

async function timed(url: string): Promise<{ status: number; ms: number }> {
  const started = Date.now();
  const response = await fetch(url);
  await response.arrayBuffer();
  return { status: response.status, ms: Date.now() - started };
}

test("form bodies sent a byte at a time hold no render slot, and are cut off with 408", async () => {
  const body = "mobile=9876543210&whatever=" + "x".repeat(60);
  const slow = Array.from({ length: 12 }, () => {
    const { socket, closed } = rawSocket(server.port);
    socket.write(
      `POST /checkout/verify HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\nSec-Fetch-Site: same-origin\r\nContent-Length: ${body.length}\r\n\r\n`,
    );
    return { closed, started: trickle(socket, body, 400) };
  });
  const opened = Date.now();
  await Promise.all(slow.map((post) => post.started));
  await serverHasSeenEarlierConnections(server.url);
  // Twelve slow posts against four render slots: pages, the callback path and /healthz still answer at once.
  for (const path of ["/", "/checkout/verify", "/about-us", "/healthz"]) {
    const answer = await timed(`${server.url}${path}`);
    expect(answer.status, path).toBe(200);
    expect(answer.ms, path).toBeLessThan(1000);
  }
  const ends = await Promise.all(slow.map((post) => post.closed));
  for (const end of ends) {
    expect(end.received).toMatch(/^HTTP\/1\.1 408/);
    // BODY_TIMEOUT_MS is 3 s; the body would have taken 35 s.
    expect(end.at - opened).toBeLessThan(6000);
  }
});

test("headers sent a byte at a time are cut off by the headers timeout, and pages keep answering", async () => {
  const slow = Array.from({ length: 12 }, () => {
    const { socket, closed } = rawSocket(server.port);
    return {
      closed,
      started: trickle(socket, "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Padding: " + "y".repeat(200) + "\r\n\r\n", 300),
    };
  });
  const opened = Date.now();
  await Promise.all(slow.map((get) => get.started));
  await serverHasSeenEarlierConnections(server.url);
  const answer = await timed(`${server.url}/`);
  expect(answer.status).toBe(200);
  expect(answer.ms).toBeLessThan(1000);
  const ends = await Promise.all(slow.map((get) => get.closed));
  // HEADERS_TIMEOUT_MS is 2 s, checked every second; the headers would have taken over a minute.
  for (const end of ends) expect(end.at - opened).toBeLessThan(5000);
});

test("an idle kept-alive socket is closed after the keep-alive timeout", async () => {
  const { socket, closed } = rawSocket(server.port);
  socket.write("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
  const sent = Date.now();
  const end = await closed;
  expect(end.received).toMatch(/^HTTP\/1\.1 200/);
  // KEEP_ALIVE_TIMEOUT_MS is 1 s.
  expect(end.at - sent).toBeLessThan(3000);
});
