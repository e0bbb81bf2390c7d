import { once } from "node:events";
import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { holdsPersonalCookie } from "~/rendering/page-sharing.server";
import { createPageCache } from "../../server/page-cache";

/**
 * server/page-cache.ts ahead of a bare Express app whose "render" counts how often it runs, as in
 * server/app.ts, deciding which requests are personal with the app's own rule.
 */
let clock = 1_000_000;
let renders = 0;
let url = "";
let close = () => {};
const cache = createPageCache({ holdsPersonalCookie, maxEntries: 50, maxOtherEntries: 10, now: () => clock });

beforeAll(async () => {
  const app = express();
  app.use((_req, res, next) => {
    res.setHeader("X-Frame-Options", "DENY");
    next();
  });
  app.get("*", (req, res) => {
    renders += 1;
    const personal = req.path === "/sets-cookie";
    const body = Buffer.from(`<p>page ${req.path} render ${renders}</p>`);
    res.status(200).setHeader("Content-Type", "text/html; charset=utf-8");
    res.setHeader(
      "Cache-Control",
      req.path === "/private" ? "no-store" : "public, max-age=0, s-maxage=60, stale-while-revalidate=86400",
    );
    if (personal) res.setHeader("Set-Cookie", "kavach_toast=1");
    if (!cache.offer(req, res, body)) res.send(body.toString());
  });
  const server = http.createServer((req, res) => cache.answer(req, res) || app(req, res)).listen(0, "127.0.0.1");
  await once(server, "listening");
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(() => close());

describe("public pages from memory", () => {
  it("renders a public page once and serves it again from memory, with a strong ETag and 304", async () => {
    const first = await fetch(`${url}/reviews`);
    const second = await fetch(`${url}/reviews`);
    expect(await second.text()).toBe(await first.text());
    expect(renders).toBe(1);
    const etag = second.headers.get("etag")!;
    expect(etag).toMatch(/^"[\w-]{27}"$/);
    expect(second.headers.get("cache-control")).toContain("s-maxage=60");
    // The middleware's headers of the first answer go out with every later one.
    expect(second.headers.get("x-frame-options")).toBe("DENY");
    const revalidated = await fetch(`${url}/reviews`, { headers: { "If-None-Match": etag } });
    expect(revalidated.status).toBe(304);
    expect(renders).toBe(1);
  });

  it("keeps a page under the Host it was asked for", async () => {
    await fetch(`${url}/faq`);
    const before = renders;
    // fetch() will not send a Host of our choosing; node:http will.
    const otherHost = await new Promise<string>((resolve, reject) => {
      http
        .get(`${url}/faq`, { headers: { Host: "elsewhere.example" } }, (res) => {
          let text = "";
          res.setEncoding("utf8").on("data", (chunk: string) => (text += chunk));
          res.on("end", () => resolve(text));
        })
        .on("error", reject);
    });
    expect(otherHost).toContain(`render ${before + 1}`);
  });

  it("never answers a request carrying the session or a flash cookie from memory", async () => {
    const before = renders;
    const signedIn = await fetch(`${url}/reviews`, { headers: { Cookie: "kavach_session=abc" } });
    expect(await signedIn.text()).toContain(`render ${before + 1}`);
    const withToast = await fetch(`${url}/reviews`, { headers: { Cookie: "other=1; kavach_toast=x" } });
    expect(await withToast.text()).toContain(`render ${before + 2}`);
    // Read as the session reads cookies: a blank before "=" still names the session.
    const spaced = await fetch(`${url}/reviews`, { headers: { Cookie: "kavach_session =abc" } });
    expect(await spaced.text()).toContain(`render ${before + 3}`);
    const tabbed = await fetch(`${url}/reviews`, { headers: { Cookie: "a=1;\tkavach_toast\t=x" } });
    expect(await tabbed.text()).toContain(`render ${before + 4}`);
  });

  it("keeps the site's pages however many unique addresses a visitor asks for", async () => {
    await fetch(`${url}/contact-us`);
    const before = renders;
    for (let i = 0; i < 200; i += 1) await fetch(`${url}/reviews?utm_source=${i}`);
    for (let i = 0; i < 50; i += 1) await fetch(`${url}/Reviews-${i}/`);
    expect(renders - before).toBe(250);
    await fetch(`${url}/contact-us`);
    expect(renders - before).toBe(250);
  });

  it("keeps nothing personal: not a page that sets a cookie, nor one marked no-store", async () => {
    for (const path of ["/sets-cookie", "/private"]) {
      const before = renders;
      await fetch(`${url}${path}`);
      await fetch(`${url}${path}`);
      expect(renders - before, path).toBe(2);
    }
  });

  it("renders anew once s-maxage has passed, so a new deploy's content is never older than that", async () => {
    await fetch(`${url}/about-us`);
    const before = renders;
    clock += 59_000;
    await fetch(`${url}/about-us`);
    expect(renders).toBe(before);
    clock += 2_000;
    expect(await (await fetch(`${url}/about-us`)).text()).toContain(`render ${before + 1}`);
  });
});
