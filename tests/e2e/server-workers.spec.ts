import { execFileSync } from "node:child_process";
import http from "node:http";
import { expect, test } from "@playwright/test";
import { adminVisitor } from "../support/admin-session";
import { type Form, type Visitor, formBody } from "../support/client";
import { type HostedCheckout, openHostedCheckout, orderStatus } from "../support/payments";
import { startServer } from "../support/server";
import { until } from "../support/until";

/**
 * Workers share nothing a death can break (docs/decisions/0017): each worker reaches its own
 * embedded API, so a worker killed outright takes only its own connections with it.
 */

const SUCCESS_PAGE = /^\/teamsure\/verify-payment\?order_id=order_\w+$/;

function workersOf(primary: number): number[] {
  const out = execFileSync("ps", ["-o", "pid=", "--ppid", String(primary)], { encoding: "utf8" });
  return out
    .split("\n")
    .map((l) => Number(l.trim()))
    .filter((pid) => pid > 0);
}

/** The gateway's post back on a connection of its own, as a gateway that never saw the dead worker sends it. */
function callback(port: number, fields: Form): Promise<{ status: number; location: string | undefined }> {
  const body = formBody(fields).toString();
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        port,
        host: "127.0.0.1",
        method: "POST",
        path: "/checkout/payment/callback",
        agent: false,
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          "content-length": Buffer.byteLength(body),
          "sec-fetch-site": "cross-site",
          origin: "https://gateway.example",
        },
      },
      (response) => {
        response.resume();
        response.on("end", () => resolve({ status: response.statusCode!, location: response.headers.location }));
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

test("kill -9 of one worker: the other's payment callbacks are still paid and shown as paid", async () => {
  test.setTimeout(180_000);
  const server = await startServer({ env: { WEB_CONCURRENCY: "2", SANDBOX_PENDING_SETTLE_MS: "600000" } });
  try {
    await until(() => server.logs.some((line) => line.includes("all 2 workers listening")), "two workers listening");
    const admins: Array<{ visitor: Visitor; checkout: HostedCheckout }> = [];
    for (let i = 0; i < 8; i += 1) {
      const visitor = await adminVisitor(server.url, "payment");
      admins.push({ visitor, checkout: await openHostedCheckout(visitor) });
    }
    const [victim] = workersOf(server.pid);
    process.kill(victim!, "SIGKILL");
    // The callbacks come while the dead worker is being replaced; each lands on a living worker.
    const answers = [];
    for (const { checkout } of admins) answers.push(await callback(server.port, checkout.forms.success));
    for (const answer of answers) {
      expect(answer.status).toBe(303);
      expect(answer.location).toMatch(SUCCESS_PAGE);
    }
    for (const { checkout } of admins) expect((await orderStatus(server, checkout.orderId)).status).toBe("paid");
  } finally {
    await server.stop();
  }
});
