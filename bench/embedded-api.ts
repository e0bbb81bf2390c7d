/**
 * What the API benches share: the embedded API in this process on a loopback port with a fresh
 * database, a caller that reads the outbox as the developer does (decision 0040), and a paid yearly
 * membership for employees aged 18–35 on employee-only cover, bought over the API as the app buys it.
 */
import express from "express";
import { once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createEmbeddedApi } from "../sandbox/index";
import { OUTBOX_HEADERS, OUTBOX_KEY } from "../tests/support/outbox";
import { freshGstin } from "../tests/support/cart";

export const V1 = "/api/employer/v1";

export async function startEmbeddedApi(name: string) {
  const dir = mkdtempSync(join(tmpdir(), `kavach-bench-${name}-`));
  const api = createEmbeddedApi({
    databasePath: join(dir, "api.sqlite"),
    mountPath: "/api",
    publicOrigin: "https://kavach.example",
    gatewayKeySecret: "bench_secret",
    outboxKey: OUTBOX_KEY,
    log: () => {},
  });
  const app = express();
  app.use("/api", api.router);
  const server = app.listen(0, "127.0.0.1");
  await once(server, "listening");
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  async function call(method: string, path: string, token?: string, body?: unknown) {
    const res = await fetch(base + path, {
      method,
      headers: {
        ...OUTBOX_HEADERS,
        ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a bench reads a few known fields of each answer
    return (await res.json()) as { success: number; data: any; msg?: string };
  }

  /** Signs in `mobile` with the code from the outbox and pays for `count` employees; answers the token. */
  async function paidAdmin(mobile: string, count: number): Promise<string> {
    await call("GET", `/api/global/users?country_id=91&mobile_no=${mobile}`);
    const sms = await call("GET", `/api/sandbox/sms?mobile_no=${mobile}`);
    const code = /^(\d{4})/.exec(sms.data[0].text)![1];
    const token = (
      await call("POST", "/api/global/users/verify/otp", undefined, { mobile_no: mobile, country_id: 91, code })
    ).data.token as string;
    const update = (type: string, item: unknown) => call("POST", `${V1}/carts/update`, token, { type, item });
    // Each paid admin buys for a company of its own: a GSTIN holds one membership.
    await update("company", { gstin: freshGstin() });
    await update("admin", {
      name: "Asha Rao",
      email: "asha@fernleaf.example",
      total_employees: count,
      authorised: true,
    });
    await update("plan", { plan_id: "kavach-essential", coverage_ids: [] });
    await update("people", { rows: [{ band: "18-35", range: "1A", count }] });
    const order = await call("POST", `${V1}/checkout/order/create`, token, {
      policy: "yearly",
      callback_url: "https://app.example/checkout/payment/callback",
    });
    const page = await (await fetch(`${base}/api/sandbox/checkout/${order.data.order_id}`)).text();
    const form = /<form method="post" action="[^"]*">([\s\S]*?)<\/form>/.exec(page)![1]!;
    const fields = Object.fromEntries([...form.matchAll(/name="([^"]*)" value="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    const paid = await call("POST", `${V1}/checkout/order/verify`, undefined, fields);
    if (paid.data?.status !== "paid") throw new Error(`payment failed: ${JSON.stringify(paid)}`);
    return token;
  }

  function close() {
    server.close();
    api.close();
    rmSync(dir, { recursive: true, force: true });
  }

  return { base, call, paidAdmin, close };
}

/** `count` employees of one company as census rows, E-1 onwards, each with their own mobile and email. */
export function censusRows(count: number) {
  return Array.from({ length: count }, (_, i) => ({
    row_number: i + 2,
    employee_code: `E-${i + 1}`,
    full_name: `Employee ${i + 1}`,
    gender: i % 2 === 0 ? "female" : "male",
    date_of_birth: `${1995 + (i % 9)}-0${1 + (i % 9)}-1${i % 10}`,
    relationship: "self",
    mobile: `98${String(i).padStart(8, "0")}`,
    email: `e${i + 1}@fernleaf.example`,
    date_of_joining: "2024-06-01",
  }));
}
