import type { DelayedUpstream } from "./delayed-upstream";
import { sequentialCount } from "./request-chain";
import { Admin, ADD_PEOPLE_BODY, COMPANY_DETAILS_BODY, freshMobile, GSTIN } from "./signed-in-admin";

/** One request of the walk: what it was, its time to first byte, and the upstream calls it made. */
export interface UpstreamStep {
  request: string;
  status: number;
  ttfbMs: number;
  calls: number;
  /** The longest chain of those calls each made after the one before was answered. */
  sequential: number;
  /** The app server's CPU time for the request, when the walk was given a way to read it (the API's is not in it). */
  cpuMs?: number;
}

/**
 * The purchase as a browser without script makes it, request by request (each post's 303 is the
 * next row's page), against an app whose upstream is `upstream`: 18 requests from the sign-in page
 * to the payment post, whose 303 leads to the hosted payment page. One request at a time, so the
 * calls the upstream recorded between a request's start and its answer are that request's, and so is
 * the CPU time `serverCpuMs` (the app server's, in ms so far) moved from the request to its last byte.
 */
export async function walkThroughUpstream(
  origin: string,
  upstream: DelayedUpstream,
  serverCpuMs?: () => number,
): Promise<UpstreamStep[]> {
  const admin = new Admin(origin);
  const steps: UpstreamStep[] = [];
  async function request(path: string, body?: string, expected = body === undefined ? 200 : 303): Promise<string> {
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
      cpuMs,
    });
    if (response.status !== expected)
      throw new Error(
        `${body === undefined ? "GET" : "POST"} ${path} answered ${response.status}, expected ${expected}`,
      );
    return body === undefined ? text : (response.headers.get("location") ?? "");
  }
  const mobile = freshMobile();
  await request("/checkout/verify");
  await request("/checkout/verify", `mobile=${mobile}`);
  await request("/checkout/verify-otp");
  const sms = (await (await fetch(`${upstream.baseUrl}/sandbox/sms?mobile_no=${mobile}`)).json()) as {
    data: Array<{ text: string }>;
  };
  const code = sms.data[0]?.text.match(/\b(\d{4,6})\b/)?.[1];
  if (!code) throw new Error(`no code in the upstream's outbox for ${mobile}`);
  await request("/checkout/verify-otp", `intent=verify&code=${code}`);
  await request("/checkout/gst-details");
  const confirm = await request("/checkout/gst-details", `intent=gstin&gstin=${GSTIN}`);
  await request(confirm);
  await request("/checkout/gst-details", `intent=confirm&gstin=${GSTIN}`);
  await request("/checkout/company-details");
  await request("/checkout/company-details", COMPANY_DETAILS_BODY);
  const planId = (await request("/checkout/plan-select")).match(/name="planId" value="([^"]+)"/)?.[1];
  if (!planId) throw new Error("no plan on /checkout/plan-select");
  await request("/checkout/plan-select", `planId=${encodeURIComponent(planId)}&coverage=group-health-insurance`);
  await request("/checkout/add-people");
  await request("/checkout/add-people", ADD_PEOPLE_BODY);
  await request("/checkout/checkout");
  await request("/checkout/checkout", "policy=yearly");
  await request("/checkout/payment");
  const hosted = await request("/checkout/payment", "policy=yearly");
  if (!hosted.includes("/sandbox/checkout/"))
    throw new Error(`the payment post led to ${hosted}, not the payment page`);
  return steps;
}
