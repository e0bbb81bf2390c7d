import net from "node:net";
import { expect, test } from "@playwright/test";
import { adminVisitor } from "../support/admin-session";
import { Visitor } from "../support/client";
import { type HostedCheckout, openHostedCheckout, orderStatus, postCallback } from "../support/payments";
import { startServer } from "../support/server";

/**
 * docs/product.md, Security rules: deploys lose nothing. SIGTERM stops new connections, lets requests in
 * flight finish (their calls to the embedded API included), then exits; a payment callback during
 * shutdown either completes or is refused at connect, which a gateway retries, and is never shown
 * as a failed payment.
 */

const SUCCESS_PAGE = /^\/teamsure\/verify-payment\?order_id=order_\w+$/;

/** A callback post whose headers and first half of the body are sent now, the rest when asked. */
function halfSentCallback(port: number, fields: Record<string, string | string[]>) {
  const body = new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)])).toString();
  const socket = net.connect(port, "127.0.0.1");
  let received = "";
  socket.setEncoding("utf8");
  socket.on("data", (chunk: string) => (received += chunk));
  socket.on("error", () => undefined);
  const sent = new Promise<void>((resolve) =>
    socket.once("connect", () => {
      socket.write(
        `POST /checkout/payment/callback HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\nSec-Fetch-Site: cross-site\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 20)}`,
        () => resolve(),
      );
    }),
  );
  return {
    sent,
    async finish(): Promise<{ status: number; location: string | null }> {
      socket.write(body.slice(20));
      await new Promise((resolve) => socket.once("close", resolve));
      return {
        status: Number(received.match(/^HTTP\/1\.1 (\d{3})/)?.[1] ?? 0),
        location: received.match(/\r\nLocation: ([^\r]+)/i)?.[1] ?? null,
      };
    },
  };
}

test("SIGTERM during a burst of purchases and payment callbacks loses none and shows none as failed", async () => {
  test.setTimeout(120_000);
  const server = await startServer({ env: { SANDBOX_PENDING_SETTLE_MS: "600000", BODY_TIMEOUT_MS: "15000" } });
  const admins: Array<{ visitor: Visitor; checkout: HostedCheckout }> = [];
  for (let i = 0; i < 8; i += 1) {
    const visitor = await adminVisitor(server.url, "payment");
    admins.push({ visitor, checkout: await openHostedCheckout(visitor) });
  }
  // Three callbacks in flight when the signal comes: their bodies are still arriving. The server
  // accepts in order, so once a request on a newer connection is answered, theirs are in.
  const inFlight = admins.slice(0, 3).map(({ checkout }) => halfSentCallback(server.port, checkout.forms.success));
  await Promise.all(inFlight.map((c) => c.sent));
  await (await fetch(`${server.url}/favicon.svg`, { headers: { connection: "close" } })).arrayBuffer();

  // The burst: the other callbacks, page views and payment posts, with SIGTERM in the middle.
  const burst = admins.slice(3).map(({ visitor, checkout }) =>
    postCallback(visitor, checkout.forms.success).then(
      (a) => a,
      () => "refused" as const,
    ),
  );
  const pages = admins.map(({ visitor }) =>
    visitor.get("/checkout/summary").then(
      (a) => a.status,
      () => "refused" as const,
    ),
  );
  process.kill(server.pid, "SIGTERM");
  const late = Array.from({ length: 5 }, () =>
    fetch(`${server.url}/healthz`).then(
      (r) => r.status,
      () => "refused" as const,
    ),
  );

  // New connections are refused once the listener has closed.
  await expect
    .poll(() =>
      fetch(`${server.url}/`, { headers: { connection: "close" } }).then(
        () => "answered",
        () => "refused",
      ),
    )
    .toBe("refused");

  // The requests in flight finish, their API calls included: paid, and shown as paid.
  for (const callback of inFlight) {
    const answer = await callback.finish();
    expect(answer.status).toBe(303);
    expect(answer.location).toMatch(SUCCESS_PAGE);
  }
  const retry: HostedCheckout[] = [];
  for (const [i, answer] of (await Promise.all(burst)).entries()) {
    if (answer === "refused") retry.push(admins[3 + i]!.checkout);
    else {
      expect(answer.status).toBe(303);
      expect(answer.location).toMatch(SUCCESS_PAGE);
    }
  }
  for (const status of [...(await Promise.all(pages)), ...(await Promise.all(late))]) {
    if (status !== "refused") expect(status).toBeLessThan(500);
  }
  await server.stop();
  expect(server.logs.some((line) => line.includes("drained: exiting"))).toBe(true);

  // The next process: the gateway retries what was refused, and every order is paid exactly once.
  const next = await startServer({ dataDir: server.dataDir, env: { SANDBOX_PENDING_SETTLE_MS: "600000" } });
  try {
    for (const checkout of retry) {
      const answer = await postCallback(new Visitor(next.url), checkout.forms.success);
      expect(answer.location).toMatch(SUCCESS_PAGE);
    }
    for (const { checkout } of admins) {
      const status = await orderStatus(next, checkout.orderId);
      expect(status.status).toBe("paid");
      expect(status.payment_id).toBe(String(checkout.forms.success.razorpay_payment_id));
    }
  } finally {
    await next.stop();
  }
});
