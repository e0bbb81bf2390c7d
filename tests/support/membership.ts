import { readHostedCheckout } from "./payments";

/**
 * A paid membership with its team named, made over the API (docs/api-contract.md): the order created and
 * paid through the sandbox's hosted checkout, then every employee bought named in the census, so the
 * policy and e-cards are issued. For tests about what comes after, with no walk through the checkout.
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

/** Pays a cart standing on the payment step, and names `codes` as its employees (18–35, employee only). */
export async function payAndNameTeam(origin: string, token: string, codes: readonly string[]): Promise<void> {
  const api = `${origin}/api`;
  const order = await call(api, token, "/checkout/order/create", {
    policy: "yearly",
    callback_url: `${origin}/checkout/payment/callback`,
  });
  const { success } = await readHostedCheckout(origin, order.order_id);
  await call(api, null, "/checkout/order/verify", success);
  for (const code of codes) {
    await call(api, token, "/membership/census/members", {
      rows: [
        {
          employee_code: code,
          full_name: `Employee ${code}`,
          gender: "female",
          date_of_birth: "1995-01-01",
          relationship: "self",
          mobile: "9876543210",
          email: `${code.toLowerCase()}.${token
            .slice(-8)
            .toLowerCase()
            .replace(/[^a-z0-9]/g, "x")}@fernleaf.example`,
          date_of_joining: "2024-06-01",
        },
      ],
    });
  }
}

/** Quotes a change and confirms it at the price shown; answers the change with its document. */
export async function confirmChange(origin: string, token: string, body: unknown): Promise<any> {
  const api = `${origin}/api`;
  const { change } = await call(api, token, "/membership/changes/quote", body);
  return (await call(api, token, `/membership/changes/${change.change_id}/confirm`, {})).change;
}
