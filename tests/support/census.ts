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

/**
 * `count` employees aged 30 on employee-only cover (18–35, 1A), each with a code and name of their
 * own and no email, so naming the last of them issues the policy without an email per employee.
 */
export function employeesAged30(count: number, coverStart = new Date()) {
  const born = `${coverStart.getUTCFullYear() - 30}-01-01`;
  return Array.from({ length: count }, (_, i) => ({
    row_number: i + 2,
    employee_code: `E${i + 1}`,
    full_name: `Employee ${i + 1}`,
    gender: i % 2 ? "female" : "male",
    date_of_birth: born,
    relationship: "self",
    mobile: "9876543210",
    email: null,
    date_of_joining: "2024-06-01",
  }));
}

/** Checks the rows and saves them; throws unless every row is ready. */
export async function nameMembersOverApi(apiBaseUrl: string, token: string, rows: readonly object[]) {
  const check = await callApi(apiBaseUrl, token, "/membership/census/check", { rows });
  if (check.rejected_count !== 0)
    throw new Error(`${check.rejected_count} rows rejected: ${JSON.stringify(check.rejected.slice(0, 3))}`);
  return (await callApi(apiBaseUrl, token, "/membership/census/confirm", { check_id: check.check_id })) as {
    added: number;
  };
}
