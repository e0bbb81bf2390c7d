import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminVisitor } from "../support/admin-session";
import { Visitor, dataPath, freshMobile } from "../support/client";
import { type InProcessApp, appInProcess } from "../support/in-process";
import { openHostedCheckout, postCallback } from "../support/payments";
import { TEST_SECRET } from "../support/server";
import { DEV_COOKIE, sessionCodec } from "../support/session-cookie";
import { OUTBOX_HEADERS } from "../support/outbox";

/**
 * docs/product.md, Security rules: cross-site writes, the body limit, open redirects, and headers
 * (what a real browser does with them: tests/e2e/security-browser.spec.ts).
 */

let server: InProcessApp;
beforeAll(async () => {
  server = await appInProcess({ SANDBOX_PENDING_SETTLE_MS: "600000" });
});
afterAll(() => server.close());

/** Every route with an action; each must refuse a write another site started. */
const WRITES = [
  "/checkout/verify",
  "/checkout/verify-otp",
  "/checkout/gst-details",
  "/checkout/company-details",
  "/checkout/plan-select",
  "/checkout/add-people",
  "/checkout/checkout",
  "/checkout/payment",
  "/checkout/whatsapp",
  "/logout",
  "/teamsure/payment-fail",
  "/app",
];

describe("cross-site requests", () => {
  it("every write that Sec-Fetch-Site marks cross-site is refused with 403", async () => {
    const visitor = await adminVisitor(server.url);
    for (const path of WRITES) {
      const answer = await visitor.post(path, { mobile: freshMobile() }, { "sec-fetch-site": "cross-site" });
      expect(answer.status, path).toBe(403);
    }
    // The refused logout did nothing.
    expect((await visitor.get("/checkout/gst-details")).status).toBe(200);
  });

  it("without Sec-Fetch-Site, a foreign or opaque Origin is refused and the site's own is not", async () => {
    const visitor = new Visitor(server.url);
    const mobile = freshMobile();
    for (const origin of [
      "https://evil.example",
      "null",
      `http://127.0.0.1:${server.port + 1}`,
      `https://127.0.0.1:${server.port}`,
    ]) {
      const answer = await visitor.request("POST", "/checkout/verify", {
        body: new URLSearchParams({ mobile }),
        headers: { "content-type": "application/x-www-form-urlencoded", origin },
      });
      expect(answer.status, origin).toBe(403);
    }
    const outbox = (await (
      await fetch(`${server.url}/api/sandbox/sms?mobile_no=${mobile}`, { headers: OUTBOX_HEADERS })
    ).json()) as {
      data: unknown[];
    };
    expect(outbox.data).toEqual([]);
    const own = await visitor.request("POST", "/checkout/verify", {
      body: new URLSearchParams({ mobile }),
      headers: { "content-type": "application/x-www-form-urlencoded", origin: server.url },
    });
    expect(own.status).toBe(303);
  });

  it("the payment callback alone accepts a cross-site post, and only its signature decides", async () => {
    const answer = await postCallback(new Visitor(server.url), {
      razorpay_order_id: "order_00000000000000",
      razorpay_payment_id: "pay_1",
      razorpay_signature: "00",
    });
    expect(answer.status).toBe(303);
    expect(answer.location).toMatch(/^\/teamsure\/payment-fail/);
  });
});

describe("request bodies", () => {
  it("a body over 64 KB answers 413 before any route reads it; 64 KB exactly is read", async () => {
    const visitor = new Visitor(server.url);
    const over = `mobile=9876543210&pad=${"x".repeat(64 * 1024)}`;
    expect((await visitor.post("/checkout/verify", over)).status).toBe(413);
    expect((await visitor.post("/checkout/payment/callback", over, { "sec-fetch-site": "cross-site" })).status).toBe(
      413,
    );
    const exact = `pad=${"x".repeat(64 * 1024 - 4)}`;
    expect(Buffer.byteLength(exact)).toBe(64 * 1024);
    const read = await visitor.post("/checkout/verify", exact);
    expect(read.status).toBe(400);
  });

  it("a body of undeclared length is refused rather than read to find out", async () => {
    const body = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(`mobile=9876543210&pad=${"x".repeat(100 * 1024)}`));
        controller.close();
      },
    });
    const response = await fetch(`${server.url}/checkout/verify`, {
      method: "POST",
      body,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      duplex: "half",
    } as RequestInit);
    expect(response.status).toBe(411);
  });
});

/** The Location a path answers with, sent byte for byte (fetch would resolve `//host` to another host). */
function rawLocation(path: string): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: "127.0.0.1", port: server.port, path }, (response) => {
        response.resume();
        resolve(response.headers.location);
      })
      .on("error", reject);
  });
}

describe("redirect targets", () => {
  const HOSTILE = [
    "//evil.example",
    "https://evil.example",
    "http:evil.example",
    "/\\evil.example",
    "\\\\evil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    "javascript:alert(1)",
    " //evil.example",
    "///evil.example",
    "evil.example",
  ];

  it("the WhatsApp toggle's returnTo never leaves the site", async () => {
    const visitor = await adminVisitor(server.url);
    for (const returnTo of HOSTILE) {
      const answer = await visitor.post("/checkout/whatsapp", { whatsapp: "on", returnTo });
      // A blank or control character is in no path of the site: the post is refused outright
      // (docs/product.md, Security rules); any other off-site target falls back to a step.
      if (/[^\x21-\x7e]/.test(returnTo)) {
        expect(answer.status, returnTo).toBe(400);
        continue;
      }
      expect(answer.status, returnTo).toBe(303);
      expect(answer.location, returnTo).toBe("/checkout/gst-details");
    }
    const onSite = await visitor.post("/checkout/whatsapp", { whatsapp: "off", returnTo: "/checkout/summary" });
    expect(onSite.location).toBe("/checkout/summary");
  });

  it("the `from` value keeps only a bare host name, from the query or the form", async () => {
    const codec = sessionCodec([TEST_SECRET]);
    for (const from of HOSTILE.filter((h) => h !== "evil.example")) {
      const page = await new Visitor(server.url).get(`/checkout/verify?from=${encodeURIComponent(from)}`);
      expect(page.text, from).not.toMatch(/name="from"/);
      const visitor = new Visitor(server.url);
      await visitor.post("/checkout/verify", { mobile: freshMobile(), from });
      expect(await codec.read(visitor.cookie(DEV_COOKIE)!), from).not.toHaveProperty("from");
    }
    const visitor = new Visitor(server.url);
    await visitor.post("/checkout/verify", { mobile: freshMobile(), from: "Partner.Example" });
    expect(await codec.read(visitor.cookie(DEV_COOKIE)!)).toHaveProperty("from", "partner.example");
  });

  it("odd paths never redirect to another host", async () => {
    for (const path of [
      "//evil.example",
      "//evil.example/",
      "///evil.example",
      "/%2F%2Fevil.example",
      "/\\evil.example",
      "//images",
      "//build",
      "//faq",
    ]) {
      const location = await rawLocation(path);
      if (location) expect(new URL(location, server.url).host, path).toBe(new URL(server.url).host);
    }
  });
});

describe("headers", () => {
  const directives = (csp: string) =>
    new Map(
      csp
        .split(";")
        .map((d) => d.trim().split(/\s+/))
        .map(([name, ...values]) => [name!, values]),
    );

  it("every page has an enforced CSP: a fresh nonce on every script of a hydrated page, this origin's files only elsewhere; plus nosniff and a Referrer-Policy", async () => {
    const visitor = await adminVisitor(server.url);
    const strict = (csp: Map<string, string[]>, path: string) => {
      expect(csp.get("script-src"), path).not.toContain("'unsafe-inline'");
      expect(csp.get("object-src"), path).toEqual(["'none'"]);
      expect(csp.get("base-uri"), path).toEqual(["'none'"]);
      expect(csp.get("frame-ancestors"), path).toEqual(["'none'"]);
    };
    const nonces = new Set<string>();
    // Hydrated: Remix's inline scripts run by the nonce, and what they load by 'strict-dynamic'.
    const hydrated: Array<[Visitor, string]> = [
      [visitor, "/checkout/gst-details"],
      [visitor, "/checkout/gst-details"],
      [await adminVisitor(server.url), "/checkout/gst-details"],
    ];
    for (const [who, path] of hydrated) {
      const answer = await who.get(path);
      expect(answer.status, path).toBe(200);
      expect(answer.headers.get("content-security-policy-report-only"), path).toBeNull();
      const csp = directives(answer.headers.get("content-security-policy") ?? "");
      const nonce = csp
        .get("script-src")
        ?.find((s) => s.startsWith("'nonce-"))
        ?.slice(7, -1);
      expect(nonce, path).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(csp.get("script-src"), path).toContain("'strict-dynamic'");
      strict(csp, path);
      const scripts = [...answer.text.matchAll(/<script\b[^>]*>/g)].map(([tag]) => tag);
      expect(scripts.length, path).toBeGreaterThan(0);
      for (const tag of scripts) expect(tag, path).toContain(`nonce="${nonce}"`);
      nonces.add(nonce!);
      expect(answer.headers.get("x-content-type-options"), path).toBe("nosniff");
      expect(answer.headers.get("referrer-policy"), path).toBe("strict-origin-when-cross-origin");
    }
    expect(nonces.size).toBe(3);
    // Not hydrated (docs/decisions/0010): script files of this origin only, and no inline script at
    // all; the first page of the purchase among them, which fetches the client only later (decision 0053).
    const plain: Array<[Visitor, string]> = [
      ...["/", "/terms-of-use", "/app", "/no-such-page"].map((path): [Visitor, string] => [visitor, path]),
      [new Visitor(server.url), "/checkout/verify"],
    ];
    for (const [who, path] of plain) {
      const answer = await who.get(path);
      const csp = directives(answer.headers.get("content-security-policy") ?? "");
      expect(csp.get("script-src"), path).toEqual(["'self'"]);
      strict(csp, path);
      const scripts = [...answer.text.matchAll(/<script\b[^>]*>/g)].map(([tag]) => tag);
      for (const tag of scripts) expect(tag, path).toMatch(/ src="\/build\/[^"]+\.js"/);
      expect(answer.headers.get("x-content-type-options"), path).toBe("nosniff");
    }
  });

  it("no HSTS over plain-http development (production sends it: see the production cookie test)", async () => {
    expect((await new Visitor(server.url).get("/")).headers.get("strict-transport-security")).toBeNull();
  });

  it("no-store on every checkout and outcome page: documents always, data fetches too when signed in", async () => {
    const visitor = await adminVisitor(server.url, "payment");
    const { orderId, forms } = await openHostedCheckout(visitor);
    const pending = await adminVisitor(server.url, "payment");
    const pendingOrder = await openHostedCheckout(pending);
    await postCallback(pending, pendingOrder.forms.pending);

    const signedInPages: Array<[string, string]> = [
      ["/checkout/gst-details", "routes/checkout.gst-details"],
      ["/checkout/company-details", "routes/checkout.company-details"],
      ["/checkout/plan-select", "routes/checkout.plan-select"],
      ["/checkout/add-people", "routes/checkout.add-people"],
      ["/checkout/checkout", "routes/checkout.checkout"],
      ["/checkout/payment", "routes/checkout.payment"],
      ["/checkout/summary", "routes/checkout.summary"],
      [`/teamsure/payment-fail?order_id=${orderId}`, "routes/teamsure.payment-fail"],
      [`/teamsure/payment-pending?order_id=${pendingOrder.orderId}`, "routes/teamsure.payment-pending"],
    ];
    const check = async (who: Visitor, path: string, routeId: string) => {
      const document = await who.get(path);
      expect(document.status, path).toBe(200);
      expect(document.headers.get("cache-control"), path).toBe("no-store");
      // A data fetch's headers come from its loader alone: no-store here is the server's doing.
      if (!who.cookie(DEV_COOKIE)) return;
      const data = await who.get(
        `${dataPath(path)}${path.includes("?") ? "&" : "?"}_route=${encodeURIComponent(routeId)}`,
      );
      expect(data.status, `${path} data`).toBe(200);
      expect(data.headers.get("cache-control"), `${path} data`).toBe("no-store");
    };
    for (const [path, routeId] of signedInPages)
      await check(path.includes(pendingOrder.orderId) ? pending : visitor, path, routeId);

    await postCallback(visitor, forms.success);
    await check(visitor, `/teamsure/verify-payment?order_id=${orderId}`, "routes/teamsure.verify-payment");

    // Without a session (a browser back from the gateway without its cookie), and before sign-in.
    const stranger = new Visitor(server.url);
    await check(stranger, "/checkout/verify", "routes/checkout.verify");
    // An order is looked up only with its owner's token (docs/product.md, Security rules): without
    // a session the outcome page shows nothing of it and sends the browser on.
    const unowned = await stranger.get(`/teamsure/verify-payment?order_id=${orderId}`);
    expect(unowned.status).toBe(302);
    expect(unowned.text).not.toContain(orderId);
    await stranger.post("/checkout/verify", { mobile: freshMobile() });
    await check(stranger, "/checkout/verify-otp", "routes/checkout.verify-otp");
  });
});
