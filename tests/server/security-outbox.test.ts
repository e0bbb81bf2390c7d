import { afterAll, beforeAll, expect, it } from "vitest";
import { adminSession } from "../support/admin-session";
import { callApi } from "../support/cart";
import { type InProcessApp, appInProcess } from "../support/in-process";
import { OUTBOX_HEADERS, OUTBOX_KEY } from "../support/outbox";
import { readHostedCheckout } from "../support/payments";
import { signInOverApi } from "../support/sign-in";

/**
 * The sandbox outbox shows a person only their own messages (decision 0040), in production as in
 * development: the whole outbox to the holder of the key set at start, a signed-in caller their own
 * SMS and email, anyone else nothing — not a mobile number, not an attachment.
 */
let app: InProcessApp;
let api = "";
let paying: { mobile: string; token: string };
let other: { mobile: string; token: string };
let invoiceEmail: { id: number; to: string };
beforeAll(async () => {
  app = await appInProcess({ NODE_ENV: "production" });
  api = `${app.url}/api`;
  const { admin } = await adminSession(api, "payment");
  // Paid as in production: the callback on the site's public origin.
  const order = await callApi(api, admin.token, "/checkout/order/create", {
    policy: "yearly",
    callback_url: "https://kavach.example/checkout/payment/callback",
  });
  const forms = await readHostedCheckout(app.url, order.order_id);
  expect((await callApi(api, admin.token, "/checkout/order/verify", forms.success)).status).toBe("paid");
  paying = { mobile: admin.mobile, token: admin.token };
  other = await signInOverApi(api);
  await callApi(api, other.token, "/carts/update", {
    type: "admin",
    item: { name: "Ravi Iyer", email: "ravi@tanager.example", total_employees: 12, authorised: true },
  });
  const emails = await read("/sandbox/emails", OUTBOX_HEADERS);
  invoiceEmail = emails.data.find((email: { to: string }) => email.to === "asha.rao@fernleaf.example");
  expect(invoiceEmail).toBeDefined();
});
afterAll(() => app.close());

async function read(path: string, headers: Record<string, string> = {}): Promise<any> {
  const answer = await fetch(`${api}${path}`, { headers });
  return { status: answer.status, ...((await answer.json()) as object) };
}
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

it("a stranger reads nothing: no SMS, no email, no page, no attachment", async () => {
  expect((await read(`/sandbox/sms?mobile_no=${paying.mobile}`)).status).toBe(401);
  expect((await read("/sandbox/sms")).status).toBe(401);
  expect((await read("/sandbox/emails")).status).toBe(401);
  const page = await fetch(`${app.url}/dev/outbox`, { headers: { host: "kavach.example" } });
  expect(page.status).toBe(401);
  const html = await page.text();
  expect(html).not.toContain(paying.mobile);
  expect(html).not.toContain("fernleaf");
  const attachment = await fetch(`${app.url}/dev/outbox/emails/${invoiceEmail.id}/attachments/0`, {
    headers: { host: "kavach.example" },
  });
  expect(attachment.status).toBe(404);
});

it("a signed-in caller reads only their own SMS and email", async () => {
  const theirs = await read(`/sandbox/sms?mobile_no=${paying.mobile}`, bearer(other.token));
  expect(theirs).toMatchObject({ status: 200, data: [] });
  const own = await read("/sandbox/sms", bearer(other.token));
  expect(own.data.length).toBeGreaterThan(0);
  expect(own.data.every((sms: { mobile_no: string }) => sms.mobile_no === other.mobile)).toBe(true);
  expect((await read("/sandbox/emails", bearer(other.token))).data).toEqual([]);
  expect((await read("/sandbox/emails?to=asha.rao@fernleaf.example", bearer(other.token))).data).toEqual([]);
  const payers = await read("/sandbox/emails", bearer(paying.token));
  expect(payers.data.map((email: { id: number }) => email.id)).toContain(invoiceEmail.id);
});

it("the key's holder reads everything; in the page the key moves from the address to a cookie", async () => {
  const all = await read("/sandbox/sms", OUTBOX_HEADERS);
  const numbers = new Set(all.data.map((sms: { mobile_no: string }) => sms.mobile_no));
  expect(numbers).toContain(paying.mobile);
  expect(numbers).toContain(other.mobile);

  const host = { host: "kavach.example" };
  const wrong = await fetch(`${app.url}/dev/outbox?key=not-the-key-0123456789`, { headers: host, redirect: "manual" });
  expect(wrong.status).toBe(401);
  const given = await fetch(`${app.url}/dev/outbox?key=${OUTBOX_KEY}`, { headers: host, redirect: "manual" });
  expect(given.status).toBe(303);
  expect(given.headers.get("location")).toBe("outbox");
  const cookie = given.headers.getSetCookie()[0]!;
  expect(cookie).toMatch(/HttpOnly/i);
  expect(cookie).toMatch(/SameSite=Strict/i);
  expect(cookie).toMatch(/Path=\/dev/);
  const page = await fetch(`${app.url}/dev/outbox`, { headers: { ...host, cookie: cookie.split(";")[0]! } });
  expect(page.status).toBe(200);
  expect(await page.text()).toContain(paying.mobile);
});
