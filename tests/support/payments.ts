import path from "node:path";
import Database from "better-sqlite3";
import type { Form, Visitor } from "./client";

/** The embedded sandbox's hosted checkout, read as its three forms, and its callbacks. */

export type Outcome = "success" | "failure" | "pending";

export interface HostedCheckout {
  orderId: string;
  forms: Record<Outcome, Form>;
}

/** Pays from the payment step: the app creates (or reuses) the order and sends the browser to the sandbox. */
export async function openHostedCheckout(
  visitor: Visitor,
  policy: "monthly" | "yearly" = "yearly",
): Promise<HostedCheckout> {
  const answer = await visitor.post("/checkout/payment", { policy });
  const orderId = answer.location?.match(/\/api\/sandbox\/checkout\/(order_\w+)$/)?.[1];
  if (answer.status !== 303 || !orderId) throw new Error(`payment answered ${answer.status} → ${answer.location}`);
  return { orderId, forms: await readHostedCheckout(visitor.baseUrl, orderId) };
}

export async function readHostedCheckout(baseUrl: string, orderId: string): Promise<Record<Outcome, Form>> {
  const html = await (await fetch(`${baseUrl}/api/sandbox/checkout/${orderId}`)).text();
  const forms = [...html.matchAll(/<form[^>]*>([\s\S]*?)<\/form>/g)].map(([, inner]) => {
    const fields: Form = {};
    for (const [, name, value] of inner!.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g))
      fields[unescape(name!)] = unescape(value!);
    return fields;
  });
  const [success, failure, pending] = forms;
  if (!success || !failure || !pending) throw new Error(`no payment forms for ${orderId}`);
  return { success, failure, pending };
}

function unescape(value: string): string {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

/** The gateway's post back, as a browser coming from the gateway's site sends it. */
export function postCallback(visitor: Visitor, fields: Form) {
  return visitor.post("/checkout/payment/callback", fields, {
    "sec-fetch-site": "cross-site",
    origin: "https://gateway.example",
  });
}

/**
 * What the API holds of an order now, read from its database (a look-up over HTTP needs the owner's
 * token, which the tests' visitors keep sealed in their cookies).
 */
export async function orderStatus(
  server: { dataDir: string },
  orderId: string,
): Promise<{ status: string; payment_id: string | null; amount_paise: number }> {
  const db = new Database(path.join(server.dataDir, "kavach.sqlite"), { readonly: true });
  try {
    const row = db.prepare("SELECT status, payment_id, amount_paise FROM orders WHERE order_id = ?").get(orderId) as
      { status: string; payment_id: string | null; amount_paise: number } | undefined;
    if (!row) throw new Error(`no order ${orderId}`);
    return row;
  } finally {
    db.close();
  }
}
