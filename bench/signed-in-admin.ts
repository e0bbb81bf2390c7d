import { freshGstin } from "../tests/support/cart";
import { freshMobile } from "../tests/support/mobiles";
import { CookieJar } from "./cookie-jar";
import { OUTBOX_HEADERS } from "../tests/support/outbox";

/**
 * A signed-in admin with a filled cart, made over plain HTTP the way a browser without script
 * makes it: the same form posts, the cookie kept between them.
 */

export { freshMobile } from "../tests/support/mobiles";

/**
 * A company no other walk buys for: a GSTIN holds one membership (docs/product.md, One membership per
 * company), so each admin chooses one of its own, which the sandbox registry answers (decision 0051).
 */
export { freshGstin } from "../tests/support/cart";
/** Bodies of the two posts the benchmark repeats; posting them again leaves the cart as it is. */
export const COMPANY_DETAILS_BODY = "authorised=on&name=Asha%20Rao&email=asha%40fernleaf.example&totalEmployees=12";
export const ADD_PEOPLE_BODY = "intent=continue&rows%5B0%5D.band=18-35&rows%5B0%5D.range=1A&rows%5B0%5D.count=8";

/** The checkout step pages an admin with a filled cart can open, in purchase order. */
export const CHECKOUT_STEP_PAGES = [
  "/checkout/gst-details",
  "/checkout/company-details",
  "/checkout/plan-select",
  "/checkout/add-people",
  "/checkout/checkout",
  "/checkout/payment",
  "/checkout/summary",
] as const;

export class Admin {
  readonly cookies = new CookieJar();
  constructor(readonly origin: string) {}

  /** One request, no redirect followed; cookies kept. */
  async send(
    path: string,
    init: { method?: "GET" | "POST"; body?: string; headers?: Record<string, string> } = {},
  ): Promise<Response> {
    const response = await fetch(this.origin + path, {
      method: init.method ?? "GET",
      redirect: "manual",
      headers: {
        cookie: this.cookies.header(),
        ...(init.body === undefined ? {} : { "content-type": "application/x-www-form-urlencoded" }),
        ...init.headers,
      },
      body: init.body,
    });
    this.cookies.take(response);
    return response;
  }

  /** A form post that must answer 303 to the given page. */
  async post(path: string, body: string, expectedLocation: string): Promise<void> {
    const response = await this.send(path, { method: "POST", body });
    await response.arrayBuffer();
    const location = response.headers.get("location");
    if (response.status !== 303 || location !== expectedLocation) {
      throw new Error(`POST ${path} answered ${response.status} to ${location}, expected 303 to ${expectedLocation}`);
    }
  }

  async page(path: string): Promise<string> {
    const response = await this.send(path);
    const html = await response.text();
    if (response.status !== 200)
      throw new Error(`GET ${path} answered ${response.status} ${response.headers.get("location") ?? ""}`);
    return html;
  }

  /**
   * A page view re-issues the session cookie once it is a minute old (the idle timeout). Taking
   * the fresh one before each measurement keeps the cookie-signing cost out of long runs, as a
   * browser would.
   */
  async refreshSession(): Promise<void> {
    await this.page("/checkout/summary");
  }
}

async function readCode(origin: string, mobile: string): Promise<string> {
  const response = await fetch(`${origin}/api/sandbox/sms?mobile_no=${mobile}`, { headers: OUTBOX_HEADERS });
  const body = (await response.json()) as { data: Array<{ text: string }> };
  const code = body.data[0]?.text.match(/\b(\d{4,6})\b/)?.[1];
  if (!code) throw new Error(`no code in the outbox for ${mobile}`);
  return code;
}

/** Signs in with a fresh number and posts every step up to the payment page. */
export async function signedInAdminWithFilledCart(origin: string): Promise<Admin> {
  const admin = new Admin(origin);
  const mobile = freshMobile();
  await admin.post("/checkout/verify", `mobile=${mobile}`, "/checkout/verify-otp");
  await admin.post(
    "/checkout/verify-otp",
    `intent=verify&code=${await readCode(origin, mobile)}`,
    "/checkout/gst-details",
  );
  await admin.post("/checkout/gst-details", `intent=confirm&gstin=${freshGstin()}`, "/checkout/company-details");
  await admin.post("/checkout/company-details", COMPANY_DETAILS_BODY, "/checkout/plan-select");
  const planId = (await admin.page("/checkout/plan-select")).match(/name="planId" value="([^"]+)"/)?.[1];
  if (!planId) throw new Error("no plan on /checkout/plan-select");
  await admin.post(
    "/checkout/plan-select",
    `planId=${encodeURIComponent(planId)}&coverage=group-health-insurance`,
    "/checkout/add-people",
  );
  await admin.post("/checkout/add-people", ADD_PEOPLE_BODY, "/checkout/checkout");
  await admin.post("/checkout/checkout", "policy=yearly", "/checkout/payment");
  return admin;
}
