import net from "node:net";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminVisitor } from "../support/admin-session";
import { type InProcessApp, appInProcess } from "../support/in-process";
import { TEST_SECRET } from "../support/server";
import { sessionCodec } from "../support/session-cookie";

/**
 * Requests that once answered 500, or left a session alive, against the app built in-process
 * (docs/product.md, Security rules and Sign-in; docs/decisions/0015).
 */
let app: InProcessApp;
beforeAll(async () => {
  app = await appInProcess({
    IP_CODE_REQUESTS_PER_HOUR: "1000",
    IP_CODE_VERIFICATIONS_PER_HOUR: "1000",
    IP_APP_LINKS_PER_HOUR: "1000",
  });
});
afterAll(() => app.close());

const codec = sessionCodec([TEST_SECRET]);
const MINUTE = 60_000;

/** One raw request, as a client that writes its own request line would send it. */
function raw(request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const { port, hostname } = new URL(app.url);
    const socket = net.connect(Number(port), hostname);
    let answer = "";
    socket.on("data", (chunk) => (answer += String(chunk)));
    socket.on("end", () => resolve(answer));
    socket.on("error", reject);
    socket.write(request);
  });
}

describe("requests that are the client's mistake answer 4xx", () => {
  it("an absolute-form request line", async () => {
    const answer = await raw("GET http://x/about-us HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
  });

  it("a body sent to /api as gzip that is not gzip, and one that is gzip of something else", async () => {
    for (const body of [Buffer.from('{"mobile_no":"9000000001"}'), gzipSync("not json")]) {
      const answer = await fetch(`${app.url}/api/global/users/verify/otp`, {
        method: "POST",
        headers: { "content-type": "application/json", "content-encoding": "gzip" },
        body,
      });
      expect(answer.status).toBeGreaterThanOrEqual(400);
      expect(answer.status).toBeLessThan(500);
    }
  });

  it("a returnTo past Latin-1 on the WhatsApp toggle", async () => {
    const now = Date.now();
    const cookie = await codec.write({ token: "t", version: "1.0.2", createdAt: now, lastSeenAt: now });
    for (const returnTo of ["/checkout/gst-details?\u0100", "/checkout/\u{1F600}", "/checkout/gst details"]) {
      const answer = await fetch(`${app.url}/checkout/whatsapp`, {
        method: "POST",
        headers: { cookie: `kavach_session=${cookie}`, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ whatsapp: "on", returnTo }),
        redirect: "manual",
      });
      expect(answer.status, returnTo).toBe(400);
    }
  });
});

describe("a public page read with an ended session", () => {
  it.each([
    ["idle past 30 minutes", (now: number) => ({ createdAt: now - 60 * MINUTE, lastSeenAt: now - 31 * MINUTE })],
    ["past 12 hours", (now: number) => ({ createdAt: now - 12 * 60 * MINUTE - MINUTE, lastSeenAt: now })],
  ])("(%s) is read signed out, and its token no longer works", async (_name, clock) => {
    const visitor = await adminVisitor(app.url);
    const live = await codec.read(visitor.cookie("kavach_session")!);
    const token = live.token as string;
    expect((await visitor.get("/about-us")).text).toContain('data-signed-in="true"');

    const ended = await codec.write({ ...live, ...clock(Date.now()) });
    visitor.cookies.set("kavach_session", ended);
    const page = await visitor.get("/about-us");
    expect(page.status).toBe(200);
    expect(page.text).toContain('data-signed-in="false"');
    // The cookie is cleared, and the token revoked, as the checkout does.
    expect(visitor.cookie("kavach_session")).toBeUndefined();
    const withToken = await fetch(`${app.url}/api/global/logout`, { headers: { authorization: `Bearer ${token}` } });
    expect(withToken.status).toBe(401);
  });
});

describe("an invoice PDF that is not the admin's", () => {
  it("answers the site's not-found page with 404, not JSON", async () => {
    const visitor = await adminVisitor(app.url);
    for (const path of ["/membership/invoices/KV-26-27-000999/pdf", "/membership/invoices/nonsense/pdf"]) {
      const answer = await visitor.get(path);
      expect(answer.status, path).toBe(404);
      expect(answer.headers.get("content-type"), path).toMatch(/^text\/html/);
      expect(answer.text, path).toContain("Page not found");
    }
  });
});
