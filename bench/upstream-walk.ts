import type { DelayedUpstream } from "./delayed-upstream";
import { sequentialCount } from "./request-chain";
import { type FollowedAnswer, ONE_TRIP } from "../app/one-trip/protocol";
import { Admin, ADD_PEOPLE_BODY, COMPANY_DETAILS_BODY, freshGstin, freshMobile } from "./signed-in-admin";
import { OUTBOX_HEADERS } from "../tests/support/outbox";

/** One request of the walk: what it was, its time to first byte, and the upstream calls it made. */
export interface UpstreamStep {
  request: string;
  status: number;
  ttfbMs: number;
  calls: number;
  /** The longest chain of those calls each made after the one before was answered. */
  sequential: number;
  /** Those calls, "METHOD /path" in the order they were answered: what to read when a count is over. */
  names: string[];
  /** The app server's CPU time for the request, when the walk was given a way to read it (the API's is not in it). */
  cpuMs?: number;
}

/** How the purchase is walked: as a browser without script, or as a hydrated page (decision 0035). */
export type WalkShape = "form posts" | "hydrated";

/**
 * The purchase request by request against an app whose upstream is `upstream`, one request at a
 * time, so the calls the upstream recorded between a request's start and its answer are that
 * request's, and so is the CPU time `serverCpuMs` (the app server's, in ms so far) moved from the
 * request to its last byte.
 *
 * - "form posts", as a browser without script: 18 requests from the sign-in page to the payment
 *   post, each post's 303 the next row's page; the payment post's 303 leads to the hosted page.
 * - "hydrated", as a hydrated page: the sign-in page, then each step's `.data` post asking to be
 *   followed, answered with the next page's data (10 requests); the payment post is a document
 *   redirect to the hosted page, not followed.
 *
 * It buys for `gstin`, by default a company of its own (a GSTIN holds one membership). With `pay`
 * false it stops on the payment page: another walk may then buy that company, with the answers
 * every admin choosing it shares (its plans) already kept, as in a server that has run a while.
 */
export async function walkThroughUpstream(
  origin: string,
  upstream: DelayedUpstream,
  serverCpuMs?: () => number,
  shape: WalkShape = "form posts",
  { gstin = freshGstin(), pay = true }: { gstin?: string; pay?: boolean } = {},
): Promise<UpstreamStep[]> {
  const admin = new Admin(origin);
  const steps: UpstreamStep[] = [];
  const hydrated = shape === "hydrated";
  /** A GET answers 200; a form post 303; a hydrated post 200 (followed) or 202 (a document redirect). */
  async function request(path: string, body?: string, expected = body === undefined ? 200 : 303): Promise<string> {
    if (hydrated && body !== undefined) return followedPost(path, body);
    const before = upstream.calls.length;
    const cpuBefore = serverCpuMs?.();
    const started = performance.now();
    const response = await admin.send(path, body === undefined ? {} : { method: "POST", body });
    const ttfbMs = performance.now() - started;
    const text = await response.text();
    const cpuMs = cpuBefore === undefined ? undefined : serverCpuMs!() - cpuBefore;
    const calls = upstream.calls.slice(before);
    steps.push({
      request: `${body === undefined ? "GET" : "POST"} ${path}`,
      status: response.status,
      ttfbMs,
      calls: calls.length,
      sequential: sequentialCount(calls),
      names: calls.map((c) => c.call),
      cpuMs,
    });
    if (response.status !== expected)
      throw new Error(
        `${body === undefined ? "GET" : "POST"} ${path} answered ${response.status}, expected ${expected}`,
      );
    return body === undefined ? text : (response.headers.get("location") ?? "");
  }
  /** A hydrated page's post: where it led (the followed page's address, or the document redirect's). */
  async function followedPost(path: string, body: string): Promise<string> {
    const [pathname, query] = path.split("?");
    const before = upstream.calls.length;
    const cpuBefore = serverCpuMs?.();
    const started = performance.now();
    const response = await admin.send(`${pathname}.data${query ? `?${query}` : ""}`, {
      method: "POST",
      body,
      headers: { [ONE_TRIP.header]: "1" },
    });
    const ttfbMs = performance.now() - started;
    const text = await response.text();
    const calls = upstream.calls.slice(before);
    steps.push({
      request: `POST ${pathname}.data`,
      status: response.status,
      ttfbMs,
      calls: calls.length,
      sequential: sequentialCount(calls),
      names: calls.map((c) => c.call),
      cpuMs: cpuBefore === undefined ? undefined : serverCpuMs!() - cpuBefore,
    });
    if (response.headers.get("content-type") === ONE_TRIP.type)
      return (JSON.parse(text) as FollowedAnswer).next.url.replace(/\.data(?=\?|$)/, "");
    if (response.status === 202 && response.headers.has("x-remix-reload-document"))
      return response.headers.get("location") ?? "";
    throw new Error(`POST ${pathname}.data answered ${response.status}, neither followed nor a document redirect`);
  }
  /** A page the hydrated walk has already been answered with (its data came with the post): not asked again. */
  const page = (path: string) => (hydrated ? Promise.resolve("") : request(path));
  const mobile = freshMobile();
  await request("/checkout/verify");
  await request("/checkout/verify", `mobile=${mobile}`);
  await page("/checkout/verify-otp");
  const sms = (await (
    await fetch(`${upstream.baseUrl}/sandbox/sms?mobile_no=${mobile}`, { headers: OUTBOX_HEADERS })
  ).json()) as {
    data: Array<{ text: string }>;
  };
  const code = sms.data[0]?.text.match(/\b(\d{4,6})\b/)?.[1];
  if (!code) throw new Error(`no code in the upstream's outbox for ${mobile}`);
  await request("/checkout/verify-otp", `intent=verify&code=${code}`);
  await page("/checkout/gst-details");
  const confirm = await request("/checkout/gst-details", `intent=gstin&gstin=${gstin}`);
  await page(confirm);
  await request("/checkout/gst-details", `intent=confirm&gstin=${gstin}`);
  await page("/checkout/company-details");
  await request("/checkout/company-details", COMPANY_DETAILS_BODY);
  // The plan to choose is read off the page; walking hydrated, that read is not one of the walk's.
  const planPage = hydrated ? await admin.page("/checkout/plan-select") : await request("/checkout/plan-select");
  const planId = planPage.match(/name="planId" value="([^"]+)"/)?.[1];
  if (!planId) throw new Error("no plan on /checkout/plan-select");
  await request("/checkout/plan-select", `planId=${encodeURIComponent(planId)}&coverage=group-health-insurance`);
  await page("/checkout/add-people");
  await request("/checkout/add-people", ADD_PEOPLE_BODY);
  await page("/checkout/checkout");
  await request("/checkout/checkout", "policy=yearly");
  await page("/checkout/payment");
  if (!pay) return steps;
  const hosted = await request("/checkout/payment", "policy=yearly");
  if (!hosted.includes("/sandbox/checkout/"))
    throw new Error(`the payment post led to ${hosted}, not the payment page`);
  return steps;
}
