/**
 * npm run bench:changes: the server's share of a 10,000-row changes upload (docs/decisions/0042; the
 * census's budget, docs/performance.md: under 1.5 s of server time). The app's own code does the whole
 * upload as the page's action does (`checkChangeUpload`: the file read, every row checked, one quoting
 * call) against the embedded API on a loopback port with a fresh database, in this process: 10,000
 * leavers of a company of 10,000 employees (one of them never named, so one row is refused), then 10,000
 * joiners. Each: wall time and CPU time (the
 * fairer figure on a shared machine), medians of a few runs.
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
const RUNS = 3;
const V1 = "/api/employer/v1";

const dir = mkdtempSync(join(tmpdir(), "kavach-bench-changes-"));
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
// The app's typed client calls this API as it would a real upstream.
process.env.API_BASE_URL = `${base}/api`;
const { checkChangeUpload } = await import("~/members/change-upload.server");
const { todayInIndia } = await import("~/utils/dates");

async function call(method: string, path: string, token?: string, body?: unknown) {
  const res = await fetch(base + path, {
    method,
    headers: {
      // The bench reads its admins' codes from the outbox, as the developer does (decision 0040).
      ...OUTBOX_HEADERS,
      ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a bench reads a few known fields of each answer
  return (await res.json()) as { success: number; data: any; msg?: string };
}

/**
 * A paid yearly membership for `count` employees aged 18–35, employee-only cover, all named but the last:
 * so no policy is issued, and its 10,000 e-cards are not drawn while the upload is timed.
 */
async function paidAdmin(mobile: string, count: number): Promise<string> {
  await call("GET", `/api/global/users?country_id=91&mobile_no=${mobile}`);
  const sms = await call("GET", `/api/sandbox/sms?mobile_no=${mobile}`);
  const code = /^(\d{4})/.exec(sms.data[0].text)![1];
  const token = (
    await call("POST", "/api/global/users/verify/otp", undefined, { mobile_no: mobile, country_id: 91, code })
  ).data.token as string;
  const update = (type: string, item: unknown) => call("POST", `${V1}/carts/update`, token, { type, item });
  await update("company", { gstin: "29AAKCF2931M1Z6" });
  await update("admin", { name: "Asha Rao", email: "asha@fernleaf.example", total_employees: count });
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
  const rows = Array.from({ length: count - 1 }, (_, i) => ({
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
  const checked = await call("POST", `${V1}/membership/census/check`, token, { rows });
  const saved = await call("POST", `${V1}/membership/census/confirm`, token, { check_id: checked.data.check_id });
  if (saved.success !== 1) throw new Error(`census not saved: ${saved.msg}`);
  return token;
}

// Leavers from a company of 10,000; joiners to one of 2, which 10,000 more would not overfill.
const tokens = { leavers: await paidAdmin("9812345678", ROWS), joiners: await paidAdmin("9812345679", 2) };
const today = todayInIndia();
const header =
  "employee_code,full_name,gender,date_of_birth,relationship,mobile,email,date_of_joining,change,last_day,reason";
const files = {
  leavers: Array.from({ length: ROWS }, (_, i) => `E-${i + 1},,,,,,,,remove,${today},Resigned`),
  joiners: Array.from(
    { length: ROWS },
    (_, i) =>
      `J-${i + 1},Joiner ${i + 1},male,1996-03-01,self,98${String(i).padStart(8, "0")},j${i}@fernleaf.example,${today},add,,`,
  ),
};
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
for (const [name, lines] of Object.entries(files)) {
  const file = new File([`${[header, ...lines].join("\r\n")}\r\n`], "changes.csv", { type: "text/csv" });
  const ms: number[] = [];
  const cpuMs: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const cpu = process.cpuUsage();
    const started = performance.now();
    const result = await checkChangeUpload(tokens[name as keyof typeof tokens], file, today, ["18-35|1A"]);
    ms.push(performance.now() - started);
    const used = process.cpuUsage(cpu);
    cpuMs.push((used.user + used.system) / 1000);
    // Every row quoted but the leaver never named, refused on its row.
    if (!result.ok || result.changes.length !== (name === "leavers" ? ROWS - 1 : ROWS))
      throw new Error(
        `${name}: ${result.ok ? `${result.changes.length} quoted, ${result.problems[0]?.message}` : result.message}`,
      );
  }
  console.log(
    `changes upload, 10,000 ${name} (one quoting call): median ${median(ms).toFixed(0)} ms wall, ${median(cpuMs).toFixed(0)} ms CPU ` +
      `(this process: the app's read and checks, the API and both ends of the HTTP) of ${RUNS}; ` +
      `load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores`,
  );
}
server.close();
api.close();
rmSync(dir, { recursive: true, force: true });
