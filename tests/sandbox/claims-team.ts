import { expect } from "vitest";
import { type TestApi, checkoutForms } from "./helpers";
import { freshGstin } from "../support/cart";
import { V1 } from "./paid-membership";

const CALLBACK = "https://app.example/checkout/payment/callback";
let nextAdmin = 9400000001;
let nextEmployee = 8100000001;

/**
 * A paid yearly membership with its policy issued, for claims: E-1 (employee only) and E-2 (employee
 * and spouse), each employee named with a mobile number of their own, and E-3 (employee only), so that one
 * may leave (two must stay covered); the sum insured is ₹1,00,000 (kavach-essential).
 */
export async function claimsTeam(api: TestApi) {
  const adminMobile = String(nextAdmin++);
  const token = await api.login(adminMobile);
  const update = (type: string, item: unknown) =>
    api.call("POST", `${V1}/carts/update`, { token, body: { type, item } });
  // A company of its own: a GSTIN holds one membership (docs/product.md, One membership per company).
  await update("company", { gstin: freshGstin() });
  await update("admin", {
    name: "Ananya Rao",
    email: `admin-${adminMobile}@fernleaf.example`,
    total_employees: 3,
    authorised: true,
  });
  await update("plan", { plan_id: "kavach-essential", coverage_ids: [] });
  await update("people", {
    rows: [
      { band: "18-35", range: "1A", count: 2 },
      { band: "18-35", range: "2A", count: 1 },
    ],
  });
  const order = await api.call("POST", `${V1}/checkout/order/create`, {
    token,
    body: { policy: "yearly", callback_url: CALLBACK },
  });
  const page = await api.html(`/api/sandbox/checkout/${order.json.data.order_id}`);
  const pay = [...checkoutForms(page.text).entries()].find(([label]) => label.endsWith("— Success"))![1];
  const paid = await api.call("POST", `${V1}/checkout/order/verify`, { body: pay.fields });
  expect(paid.json.data.status).toBe("paid");
  const mobiles = { "E-1": String(nextEmployee++), "E-2": String(nextEmployee++), "E-3": String(nextEmployee++) };
  const person = (code: string, name: string, relationship: string, mobile: string | null) => ({
    employee_code: code,
    full_name: name,
    gender: relationship === "spouse" ? "male" : "female",
    date_of_birth: relationship === "spouse" ? "1993-03-04" : "1995-01-01",
    relationship,
    mobile,
    email: relationship === "self" ? `${code.toLowerCase()}-${adminMobile}@fernleaf.example` : null,
    date_of_joining: relationship === "self" ? "2024-06-01" : null,
  });
  for (const rows of [
    [person("E-1", "Asha Iyer", "self", mobiles["E-1"])],
    [person("E-2", "Meera Nair", "self", mobiles["E-2"]), person("E-2", "Rahul Nair", "spouse", null)],
    [person("E-3", "Divya Menon", "self", mobiles["E-3"])],
  ]) {
    const saved = await api.call("POST", `${V1}/membership/census/members`, { token, body: { rows } });
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
  }
  const census = await api.call("GET", `${V1}/membership/census`, { token });
  const members = census.json.data.members as { member_id: string; full_name: string; employee_code: string }[];
  const idOf = (name: string) => members.find((m) => m.full_name === name)!.member_id;
  return {
    adminMobile,
    adminToken: token,
    mobiles,
    emailOf: (code: "E-1" | "E-2") => `${code.toLowerCase()}-${adminMobile}@fernleaf.example`,
    ids: { asha: idOf("Asha Iyer"), meera: idOf("Meera Nair"), rahul: idOf("Rahul Nair") },
  };
}

/** Signs an employee in at their own door: the code /global/users texts, verified for an employee token. */
export async function employeeSignIn(api: TestApi, mobileNo: string) {
  const sent = await api.sendCode(mobileNo);
  expect(sent.status).toBe(200);
  return api.call("POST", "/api/employee/v1/sign-in", {
    body: { mobile_no: mobileNo, country_id: 91, code: await api.lastCode(mobileNo) },
  });
}
