/**
 * npm run bench:census: how long the embedded API takes to check a 10,000-row census (README,
 * Performance: under 1.5 s of server time for the whole upload, file reading included), and how much
 * memory it takes. The API runs in this process on a loopback port with a fresh database; the
 * figures are the check call's wall time (body sent to answer received) and the heap it adds.
 */
import express from "express";
import { once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import os, { tmpdir } from "node:os";
import { join } from "node:path";
import { createEmbeddedApi } from "../sandbox/index";
import { OUTBOX_HEADERS, OUTBOX_KEY } from "../tests/support/outbox";

const ROWS = 10_000;
const RUNS = 5;
const V1 = "/api/employer/v1";

const dir = mkdtempSync(join(tmpdir(), "kavach-bench-census-"));
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

/** A paid membership for 10,000 employees aged 18–35, employee-only cover, over the API as the app makes it. */
async function paidAdmin(): Promise<string> {
  const mobile = "9812345678";
  await call("GET", `/api/global/users?country_id=91&mobile_no=${mobile}`);
  const sms = await call("GET", `/api/sandbox/sms?mobile_no=${mobile}`);
  const code = /^(\d{4})/.exec(sms.data[0].text)![1];
  const token = (
    await call("POST", "/api/global/users/verify/otp", undefined, { mobile_no: mobile, country_id: 91, code })
  ).data.token as string;
  const update = (type: string, item: unknown) => call("POST", `${V1}/carts/update`, token, { type, item });
  await update("company", { gstin: "29AAKCF2931M1Z6" });
  await update("admin", { name: "Asha Rao", email: "asha@fernleaf.example", total_employees: ROWS });
  await update("plan", { plan_id: "kavach-essential", coverage_ids: [] });
  await update("people", { rows: [{ band: "18-35", range: "1A", count: ROWS }] });
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

const token = await paidAdmin();
const rows = Array.from({ length: ROWS }, (_, i) => ({
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
const body = JSON.stringify({ rows });
const times: number[] = [];
const cpu: number[] = [];
let heapMb = 0;
for (let run = 0; run < RUNS; run++) {
  global.gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  const res = await fetch(`${base}${V1}/membership/census/check`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body,
  });
  const text = await res.text();
  times.push(performance.now() - started);
  const used = process.cpuUsage(cpuBefore);
  cpu.push((used.user + used.system) / 1000);
  heapMb = Math.max(heapMb, (process.memoryUsage().heapUsed - heapBefore) / 1e6);
  const answer = JSON.parse(text) as { data: { ready_count: number } };
  if (answer.data.ready_count !== ROWS) throw new Error(`expected ${ROWS} ready rows, got ${answer.data.ready_count}`);
}
times.sort((a, b) => a - b);
cpu.sort((a, b) => a - b);
console.log(
  `census check, ${ROWS.toLocaleString("en-IN")} rows (${(body.length / 1e6).toFixed(1)} MB of JSON): ` +
    `median ${times[Math.floor(RUNS / 2)]!.toFixed(0)} ms, best ${times[0]!.toFixed(0)} ms of ${RUNS}; ` +
    `CPU median ${cpu[Math.floor(RUNS / 2)]!.toFixed(0)} ms (this process: the API and the sending client); ` +
    `heap added up to ${heapMb.toFixed(0)} MB; load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores`,
);
server.close();
api.close();
rmSync(dir, { recursive: true, force: true });
