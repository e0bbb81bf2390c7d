import { callApi } from "./cart";
import { readHostedCheckout } from "./payments";

/**
 * After payment, over the API (docs/api-contract.md, Employer v1 after payment): a cart at the
 * payment step paid as the sandbox gateway's success button pays it, and a census named in one
 * check and confirm, as the upload's "Confirm and add" does, without the pages.
 */

/** Pays the admin's cart; `origin` is the site's (the API takes callbacks only on its own origin). */
export async function payOverApi(origin: string, token: string, policy: "monthly" | "yearly" = "yearly") {
  const api = `${origin}/api`;
  const order = await callApi(api, token, "/checkout/order/create", {
    policy,
    callback_url: `${origin}/checkout/payment/callback`,
  });
  const { success } = await readHostedCheckout(origin, order.order_id);
  const paid = await callApi(api, token, "/checkout/order/verify", success);
  if (paid.status !== "paid") throw new Error(`order ${order.order_id} is ${paid.status}, not paid`);
}

const FIRST = [
  "Ananya",
  "Rahul",
  "Priya",
  "Arjun",
  "Kavya",
  "Vikram",
  "Meera",
  "Siddharth",
  "Lakshmi",
  "Farhan",
  "Deepa",
];
const LAST = [
  "Raghunathan",
  "Sharma",
  "Iyer",
  "Kulkarni",
  "D'Souza",
  "Banerjee",
  "Reddy",
  "Menon",
  "Chatterjee",
  "Nair",
];
/** Names, codes and dates that differ row to row, as a real team's do (gzip is not flattered by repeats). */
const nameOf = (i: number) => `${FIRST[i % FIRST.length]} ${LAST[(i * 7) % LAST.length]} ${i}`;
const bornIn = (year: number, i: number) =>
  `${year}-${String((i % 9) + 1).padStart(2, "0")}-${String((i % 18) + 10).padStart(2, "0")}`;

/**
 * Rows naming `employees` employees (aged 30 or 31 on a cover starting in `coverYear`, in the 18–35
 * band) and a spouse for each: twice as many members, for a purchase of that many on 2A cover.
 */
export function couples(employees: number, coverYear: number) {
  const rows: object[] = [];
  for (let i = 0; i < employees; i += 1) {
    const code = `KV-${String(i + 1).padStart(5, "0")}`;
    rows.push({
      row_number: rows.length + 2,
      employee_code: code,
      full_name: nameOf(i),
      gender: i % 2 ? "female" : "male",
      date_of_birth: bornIn(coverYear - 31, i),
      relationship: "self",
      mobile: `98${String(i).padStart(8, "0")}`,
      email: `${code.toLowerCase()}@fernleaf.example`,
      date_of_joining: "2024-06-01",
    });
    rows.push({
      row_number: rows.length + 2,
      employee_code: code,
      full_name: nameOf(i + 5_000),
      gender: i % 2 ? "male" : "female",
      date_of_birth: bornIn(coverYear - 29, i + 3),
      relationship: "spouse",
      mobile: null,
      email: null,
      date_of_joining: null,
    });
  }
  return rows;
}

/**
 * Checks the rows and saves them, in checks of 200 rows: the site's public /api takes bodies of at
 * most 64 KB (the app reaches the API on its private listener, without that limit). Throws unless
 * every row is ready. A family must not straddle two checks unless its employee comes first.
 */
export async function nameMembersOverApi(apiBaseUrl: string, token: string, rows: readonly object[]) {
  let added = 0;
  for (let from = 0; from < rows.length; from += 200) {
    const check = await callApi(apiBaseUrl, token, "/membership/census/check", { rows: rows.slice(from, from + 200) });
    if (check.rejected_count !== 0)
      throw new Error(`${check.rejected_count} rows rejected: ${JSON.stringify(check.rejected.slice(0, 3))}`);
    added += (await callApi(apiBaseUrl, token, "/membership/census/confirm", { check_id: check.check_id })).added;
  }
  return added;
}
