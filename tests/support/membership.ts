import { readHostedCheckout } from "./payments";

/**
 * A paid membership with its census named, over the API and the sandbox's hosted checkout
 * (docs/api-contract.md, Checkout and Members): what the payment and census pages do, without them,
 * for tests that start after the purchase. The cart must already stand on the payment step.
 */

async function call(apiBaseUrl: string, token: string, path: string, body?: unknown): Promise<any> {
  const response = await fetch(`${apiBaseUrl}/employer/v1${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = (await response.json()) as { success: number; msg?: string; data?: any };
  if (answer.success !== 1) throw new Error(`${path} answered ${response.status}: ${answer.msg}`);
  return answer.data;
}

/** Pays the cart's order with the sandbox's "Success" button, as the gateway's page does. */
export async function payOverApi(origin: string, token: string, policy: "monthly" | "yearly"): Promise<void> {
  const api = `${origin}/api`;
  const order = await call(api, token, "/checkout/order/create", {
    policy,
    callback_url: `${origin}/checkout/payment/callback`,
  });
  const forms = await readHostedCheckout(origin, order.order_id);
  const paid = await call(api, token, "/checkout/order/verify", forms.success);
  if (paid.status !== "paid") throw new Error(`the order is ${paid.status}, not paid`);
}

export interface Employee {
  employee_code: string;
  full_name: string;
  /** Chooses the age band: 1995 is 18–35, 1985 is 36–45 (in 2026). */
  date_of_birth: string;
}

/** Names each employee (employee alone), checked and confirmed as an uploaded file is. */
export async function nameTeamOverApi(origin: string, token: string, employees: Employee[]): Promise<void> {
  const api = `${origin}/api`;
  const rows = employees.map((e, i) => ({
    row_number: i + 2,
    ...e,
    gender: "female",
    relationship: "self",
    mobile: "9876543210",
    email: `${e.employee_code.toLowerCase()}@fernleaf.example`,
    date_of_joining: "2024-04-01",
  }));
  const check = await call(api, token, "/membership/census/check", { rows });
  if (check.rejected.length > 0) throw new Error(`census rows refused: ${JSON.stringify(check.rejected)}`);
  await call(api, token, "/membership/census/confirm", { check_id: check.check_id });
}
