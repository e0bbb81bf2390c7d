import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { checkoutForms } from "./helpers";
import { OUTBOX_HEADERS, OUTBOX_KEY } from "../support/outbox";

const ROOT = path.resolve(import.meta.dirname, "../..");
const V1 = "/employer/v1";
const EMPLOYEES = 24;

/** The embedded API in its own process on `file`, as a cluster worker serves it; answers its base URL. */
async function worker(file: string): Promise<{ base: string; child: ChildProcess }> {
  const script = `
    import express from "express";
    import { createEmbeddedApi } from "./sandbox/index.ts";
    const api = createEmbeddedApi({ databasePath: ${JSON.stringify(file)}, mountPath: "/api", gatewayKeySecret: "s", outboxKey: ${JSON.stringify(OUTBOX_KEY)}, log: () => {} });
    const app = express();
    app.use("/api", api.router);
    const server = app.listen(0, "127.0.0.1", () => console.log("PORT " + server.address().port));
  `;
  const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], { cwd: ROOT });
  let out = "";
  for await (const chunk of child.stdout!) {
    out += String(chunk);
    const port = /PORT (\d+)/.exec(out)?.[1];
    if (port !== undefined) return { base: `http://127.0.0.1:${port}/api`, child };
  }
  throw new Error("the worker did not start");
}

const children: ChildProcess[] = [];
afterEach(async () => {
  for (const child of children.splice(0)) {
    child.kill();
    await once(child, "exit");
  }
});

async function call(base: string, method: string, p: string, token?: string, body?: unknown) {
  const res = await fetch(base + p, {
    method,
    headers: {
      ...OUTBOX_HEADERS,
      ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as { success: number; msg?: string; data: any } };
}

const employee = (i: number) => ({
  employee_code: `E-${i}`,
  full_name: `Employee ${i}`,
  gender: "other",
  date_of_birth: "1996-03-04",
  relationship: "self",
  mobile: "9876543210",
  email: `e${i}@fernleaf.example`,
  date_of_joining: "2024-06-01",
});

describe("two server processes saving the census at once", () => {
  it(
    "never answer 'database is locked', save every member once and issue one policy",
    { timeout: 60_000 },
    async () => {
      const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "kavach-members-")), "api.sqlite");
      const a = await worker(file);
      children.push(a.child);
      const b = await worker(file);
      children.push(b.child);

      // A paid membership for 24 employees aged 18–35 on employee-only cover, bought through worker A.
      const mobile = "9834567012";
      await call(a.base, "GET", `/global/users?country_id=91&mobile_no=${mobile}`);
      const sms = await call(a.base, "GET", `/sandbox/sms?mobile_no=${mobile}`);
      const code = /^(\d{4})/.exec(sms.json.data[0].text)![1];
      const token = (
        await call(a.base, "POST", "/global/users/verify/otp", undefined, { mobile_no: mobile, country_id: 91, code })
      ).json.data.token as string;
      const update = (type: string, item: unknown) => call(a.base, "POST", `${V1}/carts/update`, token, { type, item });
      await update("company", { gstin: "29AAKCF2931M1Z6" });
      await update("admin", {
        name: "Asha Rao",
        email: "asha@fernleaf.example",
        total_employees: EMPLOYEES,
        authorised: true,
      });
      await update("plan", { plan_id: "kavach-essential", coverage_ids: [] });
      await update("people", { rows: [{ band: "18-35", range: "1A", count: EMPLOYEES }] });
      const order = await call(a.base, "POST", `${V1}/checkout/order/create`, token, {
        policy: "yearly",
        callback_url: "https://app.example/checkout/payment/callback",
      });
      const page = await (await fetch(`${a.base}/sandbox/checkout/${order.json.data.order_id}`)).text();
      const pay = [...checkoutForms(page).entries()].find(([label]) => label.endsWith("— Success"))![1];
      expect((await call(a.base, "POST", `${V1}/checkout/order/verify`, undefined, pay.fields)).json.data.status).toBe(
        "paid",
      );

      // One check confirmed through both workers at once: saved once, the same answer twice.
      const check = await call(a.base, "POST", `${V1}/membership/census/check`, token, {
        rows: [1, 2, 3, 4].map((i) => ({ row_number: i + 1, ...employee(i) })),
      });
      expect(check.json.data.ready_count).toBe(4);
      const confirms = await Promise.all(
        [a, b].map((w) =>
          call(w.base, "POST", `${V1}/membership/census/confirm`, token, { check_id: check.json.data.check_id }),
        ),
      );
      expect(confirms.map((r) => [r.status, r.json.data.added])).toEqual([
        [200, 4],
        [200, 4],
      ]);

      // The other 20 employees added one by one, alternately through each worker, all at once.
      const adds = await Promise.all(
        Array.from({ length: EMPLOYEES - 4 }, (_, k) =>
          call([a, b][k % 2]!.base, "POST", `${V1}/membership/census/members`, token, { rows: [employee(k + 5)] }),
        ),
      );
      expect(adds.map((r) => r.status)).toEqual(adds.map(() => 200));
      const census = (await call(b.base, "GET", `${V1}/membership/census?page_size=200`, token)).json.data;
      expect(census.total).toBe(EMPLOYEES);
      expect(new Set(census.members.map((m: { member_id: string }) => m.member_id)).size).toBe(EMPLOYEES);
      expect(census.summary.complete).toBe(true);
      expect(census.policy.policy_number).toMatch(/^KVP\/\d{4}\/\d{6}$/);
      const policy = (await call(a.base, "GET", `${V1}/membership/policy`, token)).json.data;
      expect(policy.policy_number).toBe(census.policy.policy_number);
    },
  );
});
