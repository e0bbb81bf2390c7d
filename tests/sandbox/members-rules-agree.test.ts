import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RawMemberRow } from "~/membership/census/rules";
import { MEMBER_MESSAGES, checkMemberRow } from "~/membership/census/rules";
import { type TestApi, checkoutForms, startApi } from "./helpers";

/**
 * The app's row rules (app/membership/census/rules.ts) and the API's (docs/api-contract.md, Members, policy and
 * e-cards) say the same of the same rows: each row of the table goes to both, and the columns and
 * messages they name must match. Rows are sent one at a time (a dependant after a valid employee
 * with family cover), so the API's context rules (counts, bands) stay out of the comparison.
 */

const V1 = "/api/employer/v1";
let api: TestApi;
let dir: string;
let token: string;
/** The API's today, as the sandbox clock says (T0: 2 June 2025, IST). */
const TODAY = "2025-06-02";

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "kavach-agree-"));
  api = await startApi({ databasePath: join(dir, "api.sqlite") });
  token = await api.login("9100000077");
  const update = (type: string, item: unknown) =>
    api.call("POST", `${V1}/carts/update`, { token, body: { type, item } });
  await update("company", { gstin: "29AAKCF2931M1Z6" });
  await update("admin", {
    name: "Ananya Rao",
    email: "ananya@fernleaf.example",
    total_employees: 60,
    authorised: true,
  });
  await update("plan", { plan_id: "kavach-essential", coverage_ids: [] });
  await update("people", {
    rows: [
      { band: "18-35", range: "1A", count: 30 },
      { band: "36-45", range: "2A+2C", count: 30 },
    ],
  });
  const order = await api.call("POST", `${V1}/checkout/order/create`, {
    token,
    body: { policy: "yearly", callback_url: "https://app.example/checkout/payment/callback" },
  });
  const page = await api.html(`/api/sandbox/checkout/${order.json.data.order_id}`);
  const pay = [...checkoutForms(page.text).entries()].find(([label]) => label.endsWith("— Success"))![1];
  const paid = await api.call("POST", `${V1}/checkout/order/verify`, { body: pay.fields });
  expect(paid.json.data.status).toBe("paid");
});
afterAll(async () => {
  await api.close();
  rmSync(dir, { recursive: true, force: true });
});

const employee: RawMemberRow = {
  employee_code: "E-40",
  full_name: "Arjun Mehta",
  gender: "male",
  date_of_birth: "1985-02-10",
  relationship: "self",
  mobile: "9812345678",
  email: "arjun@fernleaf.example",
  date_of_joining: "2020-04-01",
};
const spouse: RawMemberRow = {
  ...employee,
  full_name: "Kavya Mehta",
  gender: "female",
  date_of_birth: "1986-05-05",
  relationship: "spouse",
  mobile: "",
  email: "",
  date_of_joining: "",
};

const ROWS: Array<[string, RawMemberRow]> = [
  ["a valid employee", employee],
  ["a valid spouse", spouse],
  ["a bad employee code", { ...employee, employee_code: "E 40!" }],
  ["an employee code over 40 characters", { ...employee, employee_code: "E".repeat(41) }],
  ["no full name", { ...employee, full_name: "   " }],
  ["a name in Devanagari", { ...employee, full_name: "अर्जुन मेहता" }],
  ["a name over 200 characters", { ...employee, full_name: "A".repeat(201) }],
  ["an unknown gender", { ...employee, gender: "m" }],
  ["a date of birth that is no day", { ...employee, date_of_birth: "1985-02-30" }],
  ["a date of birth in the future", { ...employee, date_of_birth: "2030-01-01" }],
  ["an unknown relationship", { ...spouse, relationship: "brother" }],
  ["an employee without a mobile", { ...employee, mobile: "" }],
  ["a mobile starting with 5", { ...employee, mobile: "5812345678" }],
  ["a short mobile", { ...employee, mobile: "98123" }],
  ["an employee without an email", { ...employee, email: "" }],
  ["a bad email", { ...employee, email: "arjun@fernleaf" }],
  ["a spouse with a bad email", { ...spouse, email: "kavya@" }],
  ["an employee without a date of joining", { ...employee, date_of_joining: "" }],
  ["a date of joining after today", { ...employee, date_of_joining: "2025-12-01" }],
  ["several problems at once", { ...employee, gender: "x", mobile: "1", email: "y" }],
];

/** The row as the app sends it: the app's normalised values where its rules pass, the cells otherwise. */
function sent(row: RawMemberRow) {
  const checked = checkMemberRow(row, TODAY);
  const values = checked.ok ? checked.member : { ...row };
  return Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v === "" ? null : v]));
}

const ROW_MESSAGES = new Set<string>(Object.values(MEMBER_MESSAGES));

describe("the app's row rules and the API's agree", () => {
  it.each(ROWS)("%s", async (_label, row) => {
    const app = checkMemberRow(row, TODAY);
    const appSays = app.ok ? [] : app.problems.map((p) => `${p.column}: ${p.message}`);
    // A dependant goes after their employee, as in a file.
    const rows = row.relationship === "self" ? [row] : [employee, row];
    const answer = await api.call("POST", `${V1}/membership/census/check`, {
      token,
      body: { rows: rows.map((r, i) => ({ row_number: i + 2, ...sent(r) })) },
    });
    expect(answer.status).toBe(200);
    const apiSays = (answer.json.data.rejected as Array<{ row_number: number; column: string; message: string }>)
      .filter((r) => r.row_number === rows.length + 1 && ROW_MESSAGES.has(r.message))
      .map((r) => `${r.column}: ${r.message}`);
    expect(apiSays.sort()).toEqual(appSays.sort());
  });
});
