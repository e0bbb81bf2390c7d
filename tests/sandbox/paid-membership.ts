import { expect } from "vitest";
import { freshGstin } from "../support/cart";
import { type TestApi, checkoutForms } from "./helpers";

export const V1 = "/api/employer/v1";
export const KARNATAKA = "29AAKCF2931M1Z6";
export const DELHI = "07AAFCT1128B1ZV";
export const SEZ = "33AAHCS4170P1ZY";
/**
 * Other companies in the registry, for a second membership in one database: a GSTIN holds one membership
 * (docs/product.md, One membership per company). Banyan and Quillpoint are in Karnataka, as Fernleaf.
 */
export const BANYAN = "29AABCB4021K1ZU";
export const QUILLPOINT = "29AAGCQ7712F1Z9";
export const BLUEJAY = "07AAJCB8836D1ZK";
export const KAVERI = "33AAECK3306H1ZY";
export const DAY = 24 * 60 * 60 * 1000;
const CALLBACK = "https://app.example/checkout/payment/callback";

let nextMobile = 9300000001;

/**
 * A membership paid through the sandbox checkout for three employees (18–35, employee only), all named in
 * the census so the policy is issued: E-1, E-2 and E-3. `withSpouse`: E-3 is bought employee-and-spouse
 * cover and named with their spouse, "Spouse of E-3". `coverageIds`: add-ons bought with the plan. `datesOfBirth`: an employee's other than 1 January 1995, `band` the age band bought for all.
 */
export async function paidTeam(
  api: TestApi,
  policy: "monthly" | "yearly",
  // A company of its own: a GSTIN holds one membership (docs/product.md, One membership per company).
  gstin = freshGstin(),
  {
    withSpouse = false,
    datesOfBirth = {} as Record<string, string>,
    band = "18-35",
    coverageIds = [] as string[],
  } = {},
) {
  const mobileNo = String(nextMobile++);
  let token = await api.login(mobileNo);
  const update = (type: string, item: unknown) =>
    api.call("POST", `${V1}/carts/update`, { token, body: { type, item } });
  await update("company", { gstin });
  await update("admin", {
    name: "Ananya Rao",
    email: `admin-${mobileNo}@fernleaf.example`,
    total_employees: 3,
    authorised: true,
  });
  await update("plan", { plan_id: "kavach-essential", coverage_ids: coverageIds });
  await update("people", {
    rows: withSpouse
      ? [
          { band, range: "1A", count: 2 },
          { band, range: "2A", count: 1 },
        ]
      : [{ band, range: "1A", count: 3 }],
  });
  const order = await api.call("POST", `${V1}/checkout/order/create`, {
    token,
    body: { policy, callback_url: CALLBACK },
  });
  const page = await api.html(`/api/sandbox/checkout/${order.json.data.order_id}`);
  const pay = [...checkoutForms(page.text).entries()].find(([label]) => label.endsWith("— Success"))![1];
  const paid = await api.call("POST", `${V1}/checkout/order/verify`, { body: pay.fields });
  expect(paid.json.data.status).toBe("paid");
  const post = (path: string, body: unknown) => api.call("POST", `${V1}${path}`, { token, body });
  const codes = ["E-1", "E-2", "E-3"];
  for (const code of codes) {
    const saved = await post("/membership/census/members", {
      rows: [
        {
          employee_code: code,
          full_name: `Employee ${code}`,
          gender: "female",
          date_of_birth: datesOfBirth[code] ?? "1995-01-01",
          relationship: "self",
          mobile: "9876543210",
          email: `${code.toLowerCase()}-${mobileNo}@fernleaf.example`,
          date_of_joining: "2024-06-01",
        },
        ...(withSpouse && code === "E-3"
          ? [
              {
                employee_code: code,
                full_name: `Spouse of ${code}`,
                gender: "male",
                date_of_birth: "1994-05-06",
                relationship: "spouse",
                mobile: null,
                email: null,
                date_of_joining: null,
              },
            ]
          : []),
      ],
    });
    expect(saved.status).toBe(200);
  }
  return {
    mobileNo,
    adminEmail: `admin-${mobileNo}@fernleaf.example`,
    token: () => token,
    /** Signs in again: a session lasts hours, and these tests move the clock by days. */
    async later(ms: number) {
      api.advance(ms);
      token = await api.login(mobileNo);
    },
    post,
    get: (path: string) => api.call("GET", `${V1}${path}`, { token }),
    async file(path: string) {
      const res = await fetch(`${api.base}${V1}${path}`, { headers: { authorization: `Bearer ${token}` } });
      return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
    },
    /**
     * Quotes a change and makes it at the price shown: confirmed, or for a yearly addition with something
     * left to pay after the cash deposit, paid with the sandbox gateway's "Success".
     */
    async change(body: unknown) {
      const quoted = await post("/membership/changes/quote", body);
      expect(quoted.status).toBe(200);
      const id = quoted.json.data.change.change_id;
      const shown = await api.call("GET", `${V1}/membership/changes/${id}`, { token });
      if (shown.json.data.amount_due_paise > 0) {
        const pay = await post(`/membership/changes/${id}/pay`, { callback_url: CALLBACK });
        const forms = checkoutForms((await api.html(pay.json.data.payment.checkout_url)).text);
        const success = [...forms.entries()].find(([label]) => label.endsWith("— Success"))![1];
        const paid = await api.call("POST", `${V1}/membership/changes/payments/verify`, { body: success.fields });
        expect(paid.json.data.status).toBe("paid");
        return (await api.call("GET", `${V1}/membership/changes/${id}`, { token })).json.data.change;
      }
      const confirmed = await post(`/membership/changes/${id}/confirm`, {});
      expect(confirmed.status).toBe(200);
      return confirmed.json.data.change;
    },
  };
}

/** An employee joining during the year, aged 18–35; `more` overrides any field. */
export const joiningEmployee = (employee_code: string, more: Record<string, string | null> = {}) => ({
  employee_code,
  full_name: `Joiner ${employee_code}`,
  gender: "male",
  date_of_birth: "1996-03-01",
  relationship: "self",
  mobile: "9812345678",
  email: `${employee_code.toLowerCase()}@fernleaf.example`,
  date_of_joining: null,
  ...more,
});

/** A joiner aged 18–35 joining on `effective_date`, on `range` cover with any `dependants`. */
export const joiner = (effective_date: string, employee_code = "E-9", range = "1A", dependants: object[] = []) => ({
  kind: "add",
  band: "18-35",
  range,
  effective_date,
  members: [joiningEmployee(employee_code), ...dependants],
});

export const leaver = (effective_date: string, employee_code = "E-1", reason = "Resigned") => ({
  kind: "remove",
  employee_code,
  effective_date,
  reason,
});
