import { once } from "node:events";
import type { AddressInfo } from "node:net";
import express, { type RequestHandler } from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  bodyLimit,
  createSecurityHeaders,
  errorAnswers,
  noStoreForSessions,
  sameSiteWrites,
} from "../../server/security";

/** The server's own protections (server/security.ts), each on a bare Express app. */

async function serve(...handlers: RequestHandler[]) {
  const app = express();
  app.use(...handlers);
  app.all("*", (req, res) => {
    if (req.path === "/sets-session") res.cookie("kavach_session", "x");
    res.setHeader("Cache-Control", "public, max-age=600");
    res.type("text/plain").send(`reached ${req.method}`);
  });
  const server = app.listen(0, "127.0.0.1");
  await once(server, "listening");
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() };
}

describe("securityHeaders", () => {
  let site: Awaited<ReturnType<typeof serve>>;
  beforeAll(async () => (site = await serve(createSecurityHeaders({ hsts: false }))));
  afterAll(() => site.close());

  it("sends an enforced CSP with a fresh nonce per request, and the other headers", async () => {
    const [a, b] = await Promise.all([fetch(site.url), fetch(site.url)]);
    const csp = a.headers.get("content-security-policy")!;
    expect(csp).toMatch(/script-src 'nonce-[A-Za-z0-9+/]{22}==' 'strict-dynamic'/);
    for (const directive of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'"])
      expect(csp).toContain(directive);
    expect(csp.split(";").find((d) => d.trim().startsWith("script-src"))).not.toContain("unsafe-inline");
    expect(csp.match(/'nonce-([^']+)'/)![1]).not.toBe(
      b.headers.get("content-security-policy")!.match(/'nonce-([^']+)'/)![1],
    );
    expect(a.headers.get("x-content-type-options")).toBe("nosniff");
    expect(a.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(a.headers.get("strict-transport-security")).toBeNull();
  });

  it("adds HSTS where the site is served over https", async () => {
    const https = await serve(createSecurityHeaders({ hsts: true }));
    const response = await fetch(https.url);
    https.close();
    expect(response.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
  });
});

describe("sameSiteWrites", () => {
  let site: Awaited<ReturnType<typeof serve>>;
  beforeAll(async () => (site = await serve(sameSiteWrites({ sameSiteOrigins: ["https://www.kavach.example"] }))));
  afterAll(() => site.close());

  const post = (path: string, headers: Record<string, string>) =>
    fetch(`${site.url}${path}`, { method: "POST", headers, body: "a=1" });

  it.each([
    [{ "sec-fetch-site": "cross-site" }, 403],
    [{ "sec-fetch-site": "cross-site", origin: "SITE" }, 403],
    [{ origin: "https://evil.example" }, 403],
    [{ origin: "null" }, 403],
    [{ "sec-fetch-site": "same-origin" }, 200],
    [{ "sec-fetch-site": "same-origin", origin: "https://evil.example" }, 403],
    // A sister site is another site unless listed (SAME_SITE_ORIGINS); by default none is.
    [{ "sec-fetch-site": "same-site" }, 403],
    [{ "sec-fetch-site": "same-site", origin: "https://blog.kavach.example" }, 403],
    [{ "sec-fetch-site": "same-site", origin: "https://www.kavach.example" }, 200],
    [{ origin: "https://www.kavach.example" }, 200],
    [{ "sec-fetch-site": "none" }, 200],
    [{ origin: "SITE" }, 200],
    [{}, 200],
  ])("a POST with %j answers %i", async (headers, status) => {
    const withSite = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, v === "SITE" ? site.url : v]));
    expect((await post("/checkout/verify", withSite)).status).toBe(status);
  });

  it("lets the payment gateway post back cross-site, and only there", async () => {
    expect((await post("/checkout/payment/callback", { "sec-fetch-site": "cross-site" })).status).toBe(200);
    expect((await post("/checkout/payment/callback/x", { "sec-fetch-site": "cross-site" })).status).toBe(403);
    // A renewal is paid at the same gateway (docs/product.md, Renewal).
    expect((await post("/membership/renewal/payment/callback", { "sec-fetch-site": "cross-site" })).status).toBe(200);
    expect((await post("/membership/renewal/payment/callback?index", { "sec-fetch-site": "cross-site" })).status).toBe(
      403,
    );
  });

  it.each(["?_data=routes/checkout.payment", "?index", "?_data=root", ".data"])(
    "refuses a cross-site post to the callback path with %s: it could run another route's action",
    async (suffix) => {
      expect((await post(`/checkout/payment/callback${suffix}`, { "sec-fetch-site": "cross-site" })).status).toBe(403);
    },
  );

  it("never refuses a GET", async () => {
    expect((await fetch(site.url, { headers: { "sec-fetch-site": "cross-site" } })).status).toBe(200);
  });
});

describe("bodyLimit", () => {
  let site: Awaited<ReturnType<typeof serve>>;
  beforeAll(async () => (site = await serve(bodyLimit(new Set(["/upload"])))));
  afterAll(() => site.close());

  it("answers 413 past 64 KB, and reads 64 KB exactly", async () => {
    expect((await fetch(site.url, { method: "POST", body: "x".repeat(64 * 1024 + 1) })).status).toBe(413);
    expect((await fetch(site.url, { method: "POST", body: "x".repeat(64 * 1024) })).status).toBe(200);
  });

  it("leaves a file upload's path to its own, larger limit", async () => {
    const body = "x".repeat(64 * 1024 + 1);
    expect((await fetch(`${site.url}/upload`, { method: "POST", body })).status).toBe(200);
  });
});

describe("noStoreForSessions", () => {
  let site: Awaited<ReturnType<typeof serve>>;
  beforeAll(async () => (site = await serve(noStoreForSessions("kavach_session"))));
  afterAll(() => site.close());

  it("forces no-store for a browser holding the session, over what the route said", async () => {
    const response = await fetch(`${site.url}/any`, { headers: { cookie: "other=1; kavach_session=abc" } });
    expect(response.headers.get("cache-control")).toBe("no-store");
  });

  it("forces no-store on the answer that hands the session out", async () => {
    expect((await fetch(`${site.url}/sets-session`)).headers.get("cache-control")).toBe("no-store");
  });

  it("leaves other visitors' caching alone", async () => {
    const response = await fetch(`${site.url}/any`, { headers: { cookie: "kavach_session_other=abc" } });
    expect(response.headers.get("cache-control")).toBe("public, max-age=600");
  });
});

describe("errorAnswers", () => {
  async function failing(error: unknown) {
    const app = express();
    app.get("*", () => {
      throw error;
    });
    const logged: string[] = [];
    app.use(errorAnswers((entry) => logged.push(JSON.stringify(entry))));
    const server = app.listen(0, "127.0.0.1");
    await once(server, "listening");
    try {
      const answer = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/x`);
      return { status: answer.status, text: await answer.text(), logged };
    } finally {
      server.close();
    }
  }

  it("answers a storage fault 503, so a gateway retries, and logs it", async () => {
    const fault = Object.assign(new Error("disk I/O error"), { code: "SQLITE_IOERR_SHMOPEN" });
    const answer = await failing(fault);
    expect(answer.status).toBe(503);
    expect(answer.text).toBe("Currently service is down. Please try after sometime.");
    expect(answer.logged.join("\n")).toMatch(/"event":"storage_fault".*SQLITE_IOERR_SHMOPEN|disk I\/O error/);
  });

  it("keeps a client's mistake a 4xx, and says nothing of other errors beyond the generic message", async () => {
    expect((await failing(Object.assign(new URIError("URI malformed"), { status: 400 }))).status).toBe(400);
    const other = await failing(new Error("secret detail"));
    expect(other.status).toBe(500);
    expect(other.text).not.toContain("secret detail");
  });
});
