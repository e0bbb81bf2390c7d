import { readHostedCheckout } from "./payments";

/**
 * A paid membership with its census named, over the API and the sandbox's hosted checkout
 * (docs/api-contract.md, Checkout and Members): what the payment and census pages do, without them,
 * for tests that start after the purchase. The cart must already stand on the payment step.
 */

async function call(apiBaseUrl: string, token: string | null, path: string, body?: unknown): Promise<any> {
  const response = await fetch(`${apiBaseUrl}/employer/v1${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), "content-type": "application/json" },
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
    // Each company's own addresses, so a test reads only its own emails from the outbox.
    email: `${e.employee_code.toLowerCase()}.${token
      .slice(-8)
      .toLowerCase()
      .replace(/[^a-z0-9]/g, "x")}@fernleaf.example`,
    date_of_joining: "2024-04-01",
  }));
  const check = await call(api, token, "/membership/census/check", { rows });
  if (check.rejected.length > 0) throw new Error(`census rows refused: ${JSON.stringify(check.rejected)}`);
  await call(api, token, "/membership/census/confirm", { check_id: check.check_id });
}

/** Pays a cart standing on the payment step, yearly, and names `codes` as its employees (18–35, employee only). */
export async function payAndNameTeam(origin: string, token: string, codes: readonly string[]): Promise<void> {
  await payOverApi(origin, token, "yearly");
  await nameTeamOverApi(
    origin,
    token,
    codes.map((code) => ({ employee_code: code, full_name: `Employee ${code}`, date_of_birth: "1995-01-01" })),
  );
}

/**
 * Quotes a change and makes it at the price shown: confirmed, or for a yearly addition with something left
 * to pay after the cash deposit, paid with the sandbox gateway's "Success". Answers the change with its document.
 */
export async function confirmChange(origin: string, token: string, body: unknown): Promise<any> {
  const api = `${origin}/api`;
  const { change } = await call(api, token, "/membership/changes/quote", body);
  const id = change.change_id;
  const shown = await call(api, token, `/membership/changes/${id}`);
  if (shown.amount_due_paise > 0) {
    const { payment } = await call(api, token, `/membership/changes/${id}/pay`, {
      callback_url: `${origin}/membership/changes/payment/callback`,
    });
    const forms = await readHostedCheckout(origin, payment.order_id);
    await call(api, null, "/membership/changes/payments/verify", forms.success);
    return (await call(api, token, `/membership/changes/${id}`)).change;
  }
  return (await call(api, token, `/membership/changes/${id}/confirm`, {})).change;
}

/** The paid order of the signed-in admin's membership. */
export async function membershipOrderId(origin: string, token: string): Promise<string> {
  return (await call(`${origin}/api`, token, "/membership")).order.order_id;
}
