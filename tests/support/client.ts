import { decode } from "turbo-stream";
import { FERNLEAF, freshGstin } from "./cart";
import { latestCode } from "./codes";
import { freshMobile } from "./mobiles";

/**
 * A form-posting visitor without a browser: keeps cookies like one (name=value, cleared by Max-Age=0
 * or a past Expires) and never follows redirects, so tests see every status and Location.
 */

export type Form = Record<string, string | string[]>;

export interface Answer {
  status: number;
  headers: Headers;
  location: string | null;
  text: string;
}

export function formBody(form: Form): URLSearchParams {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(form)) for (const v of [value].flat()) body.append(name, v);
  return body;
}

export class Visitor {
  readonly cookies = new Map<string, string>();

  constructor(
    readonly baseUrl: string,
    /** Headers sent with every request, e.g. an X-Forwarded-For to act as another address. */
    readonly defaultHeaders: Record<string, string> = {},
  ) {}

  get cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  /** The value of one cookie, e.g. to replay it later. */
  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  async request(
    method: string,
    path: string,
    init: { body?: BodyInit; headers?: Record<string, string> } = {},
  ): Promise<Answer> {
    const headers: Record<string, string> = { ...this.defaultHeaders, ...init.headers };
    if (this.cookies.size > 0 && headers.cookie === undefined) headers.cookie = this.cookieHeader;
    const response = await fetch(new URL(path, this.baseUrl), { method, headers, body: init.body, redirect: "manual" });
    for (const setCookie of response.headers.getSetCookie()) this.keep(setCookie);
    return {
      status: response.status,
      headers: response.headers,
      location: response.headers.get("location"),
      text: await response.text(),
    };
  }

  get(path: string, headers: Record<string, string> = {}): Promise<Answer> {
    return this.request("GET", path, { headers });
  }

  /** A form post as a same-origin browser sends it. */
  post(path: string, form: Form | URLSearchParams | string, headers: Record<string, string> = {}): Promise<Answer> {
    const body = typeof form === "string" || form instanceof URLSearchParams ? form : formBody(form);
    return this.request("POST", path, {
      body,
      headers: { "content-type": "application/x-www-form-urlencoded", "sec-fetch-site": "same-origin", ...headers },
    });
  }

  private keep(setCookie: string) {
    const [pair, ...attributes] = setCookie.split(";").map((part) => part.trim());
    const at = pair!.indexOf("=");
    const name = pair!.slice(0, at);
    const value = pair!.slice(at + 1);
    const expired = attributes.some(
      (a) => /^max-age=0$/i.test(a) || (/^expires=/i.test(a) && Date.parse(a.slice(8)) <= Date.now()),
    );
    if (expired || value === "") this.cookies.delete(name);
    else this.cookies.set(name, value);
  }
}

export { freshMobile } from "./mobiles";
export { latestCode } from "./codes";

/** Signs in through the app's own forms, as a browser without script would. */
export async function signIn(
  visitor: Visitor,
  apiBaseUrl = `${visitor.baseUrl}/api`,
  mobile = freshMobile(),
): Promise<string> {
  const asked = await visitor.post("/checkout/verify", { mobile });
  if (asked.status !== 303) throw new Error(`asking for a code answered ${asked.status}`);
  const verified = await visitor.post("/checkout/verify-otp", {
    intent: "verify",
    code: await latestCode(apiBaseUrl, mobile),
  });
  if (verified.status !== 303 || verified.location === "/checkout/verify-otp")
    throw new Error(`verifying answered ${verified.status}`);
  return mobile;
}

export const FERNLEAF_GSTIN = FERNLEAF;

/**
 * Fills every step up to payment through the forms, for a company of its own (a GSTIN holds one
 * membership: docs/product.md, One membership per company); leaves the cart ready to pay.
 */
export async function fillCart(visitor: Visitor): Promise<void> {
  const steps: Array<[string, Form]> = [
    ["/checkout/gst-details", { intent: "confirm", gstin: freshGstin() }],
    [
      "/checkout/company-details",
      { name: "Asha Rao", email: "asha.rao@fernleaf.example", totalEmployees: "12", authorised: "on" },
    ],
  ];
  for (const [path, form] of steps) await expectSeeOther(visitor.post(path, form), path);
  const radios = (await visitor.get("/checkout/plan-select")).text.match(/<input[^>]*name="planId"[^>]*>/g) ?? [];
  const planId = radios.find((tag) => / checked/.test(tag))?.match(/value="([^"]+)"/)?.[1];
  if (!planId) throw new Error("no plan chosen on the plan page");
  await expectSeeOther(visitor.post("/checkout/plan-select", { planId }), "/checkout/plan-select");
  await expectSeeOther(visitor.post("/checkout/add-people", peopleForm()), "/checkout/add-people");
  await expectSeeOther(visitor.post("/checkout/checkout", { policy: "yearly" }), "/checkout/checkout");
}

/** Eight employees aged 18–35 on their own: within the 2–10,000 the checkout accepts. */
export function peopleForm(count = "8"): Form {
  return { intent: "continue", "rows[0].band": "18-35", "rows[0].range": "1A", "rows[0].count": count };
}

async function expectSeeOther(answer: Promise<Answer>, what: string) {
  const { status, text } = await answer;
  if (status !== 303) throw new Error(`${what} answered ${status}: ${text.slice(0, 500)}`);
}

/**
 * Remix's data request for a page (single fetch): the same path with `.data` before the query,
 * answered in turbo-stream, which `decodeData` reads back.
 */
export function dataPath(path: string): string {
  const [pathname, query] = path.split("?");
  return `${pathname}.data${query ? `?${query}` : ""}`;
}

export async function decodeData<T>(text: string): Promise<T> {
  const decoded = await decode(new Response(text).body!);
  await decoded.done;
  return decoded.value as T;
}
