import { gzipSync } from "node:zlib";
import { PUBLIC_PAGES, CANONICAL_PAGES } from "~/content/public-pages";
import { REDIRECTS } from "~/routing/redirects";
import { seoMeta } from "~/content/seo";
import { E2E_SESSION_SECRET } from "../../playwright.config";
import { sessionCodec } from "../support/session-cookie";
import { expect, test } from "./fixtures";
import { freshMobile, pay } from "./helpers";

/**
 * The route list and the redirect table, walked over HTTP against the built server: every older path
 * answers 301 to its new page, every page 200 with its own title and canonical, unknown paths 404.
 */

const decode = (s: string) =>
  s
    .replace(/&amp;/g, "&")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">");

const expectedTitle = (seo: (typeof PUBLIC_PAGES)[number]["seo"]) =>
  String((seoMeta(seo, undefined).find((d) => "title" in d) as { title: string }).title);

test.describe("redirect table", () => {
  for (const [from, to] of REDIRECTS) {
    test(`${from} answers 301 to ${to}, query kept`, async ({ request, baseURL }) => {
      for (const query of ["", "?utm_source=mail&utm_campaign=mediascopy"]) {
        const response = await request.get(`${from}${query}`, { maxRedirects: 0 });
        expect(response.status()).toBe(301);
        const location = new URL(response.headers().location, baseURL);
        const target = new URL(to, baseURL);
        expect(`${location.origin}${location.pathname}`).toBe(`${target.origin}${target.pathname}`);
        expect(location.search).toBe(query);
      }
    });
  }
});

test.describe("public pages", () => {
  for (const page of PUBLIC_PAGES) {
    test(`${page.path} answers 200 with its title and canonical`, async ({ request, baseURL }) => {
      const response = await request.get(page.path, { maxRedirects: 0 });
      expect(response.status()).toBe(200);
      const html = await response.text();
      // One doctype, first: a second one further in is a parse error in every browser.
      expect(html.startsWith("<!DOCTYPE html><html")).toBe(true);
      expect(html.match(/<!DOCTYPE/gi)).toHaveLength(1);
      expect(decode(html.match(/<title>([^<]*)<\/title>/)?.[1] ?? "")).toBe(expectedTitle(page.seo));
      expect(html).toContain(`<link rel="canonical" href="${baseURL}${page.seo.path}"/>`);
      expect(decode(html.match(/<meta name="description" content="([^"]*)"/)?.[1] ?? "")).toBe(page.seo.description);
      expect(html.match(/<meta name="keywords" content="([^"]*)"/)?.[1]).toBeTruthy();
      // The page is complete in the server HTML: its heading and the footer are there before any script.
      expect(html).toMatch(/<h1[^>]*>.+?<\/h1>/s);
      expect(html).toContain('class="site-footer"');
      expect(gzipSync(html).length, "page HTML gzip budget").toBeLessThan(14 * 1024);
    });
  }

  test("the whole site's CSS stays under 12 KB gzip", async ({ request }) => {
    const html = await (await request.get("/")).text();
    const sheets = [...html.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((m) => m[1]);
    expect(sheets.length).toBeGreaterThan(0);
    let total = 0;
    for (const href of sheets) total += gzipSync(await (await request.get(href)).body()).length;
    expect(total).toBeLessThan(12 * 1024);
  });
});

test.describe("unknown paths", () => {
  for (const path of [
    "/no-such-page",
    "/teamsure/nothing-here",
    "/employee-healthcare/not-a-benefit",
    "/venture-capitals/nobody",
    "/partnerships/nobody",
    "/partners/nobody",
    "/404",
  ]) {
    test(`${path} answers 404 with the not-found page`, async ({ request }) => {
      const response = await request.get(path, { maxRedirects: 0 });
      expect(response.status()).toBe(404);
      const html = await response.text();
      expect(html).toContain("Page not found");
      expect(html).toContain('class="site-footer"');
      expect(html).toContain('<meta name="robots" content="noindex"/>');
    });
  }
});

test("robots.txt points at the sitemap and keeps crawlers out of the purchase flow", async ({ request, baseURL }) => {
  const response = await request.get("/robots.txt");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain("text/plain");
  const body = await response.text();
  expect(body).toContain("Disallow: /checkout/");
  expect(body).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
});

test("sitemap.xml lists every canonical public page and nothing else", async ({ request, baseURL }) => {
  const response = await request.get("/sitemap.xml");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain("application/xml");
  const locs = [...(await response.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
  expect(locs.sort()).toEqual(CANONICAL_PAGES.map((p) => `${baseURL}${p.path}`).sort());
});

test("the call-back request is found from search: in the sitemap, indexable, its own canonical address", async ({
  request,
  baseURL,
}) => {
  const sitemap = await (await request.get("/sitemap.xml")).text();
  expect(sitemap).toContain(`<loc>${baseURL}/contact-us/call-back</loc>`);
  // A visitor's headcount in the query is not a page of its own.
  const response = await request.get("/contact-us/call-back?headcount=20000");
  expect(response.status()).toBe(200);
  expect(response.headers()["x-robots-tag"]).toBeUndefined();
  const html = await response.text();
  expect(html).toContain(`<link rel="canonical" href="${baseURL}/contact-us/call-back"/>`);
  expect(html).not.toContain('content="noindex"');
});

test.describe("home query handling (docs/product.md, Query handling)", () => {
  test("a prefill link is stored in the session and the query removed from the address", async ({ request }) => {
    const response = await request.get("/?prefill=1&business_contact_number=9876543210&gstin=29AAKCF2931M1Z6", {
      maxRedirects: 0,
    });
    expect(response.status()).toBe(302);
    expect(response.headers().location).toBe("/");
    expect(response.headers()["set-cookie"]).toBeTruthy();
  });

  test("the mediascopy campaign is remembered on home only with a utm_source", async ({ playwright, baseURL }) => {
    for (const [query, remembered] of [
      ["?utm_campaign=mediascopy&utm_source=news", true],
      ["?utm_campaign=mediascopy", false],
    ] as const) {
      const request = await playwright.request.newContext({ baseURL });
      const response = await request.get(`/${query}`);
      expect(response.status()).toBe(200);
      expect(Boolean(response.headers()["set-cookie"]), query).toBe(remembered);
      await request.dispose();
    }
  });
});

test.describe("parent=LGE (docs/product.md, Query handling)", () => {
  const LINK = "/?prefill=1&parent=LGE&business_contact_number=9876543210";

  test("answers the loader page, which keeps the flag and refreshes to the bare address after a second", async ({
    request,
  }) => {
    const response = await request.get(LINK, { maxRedirects: 0 });
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toContain('<meta http-equiv="refresh" content="1;url=/"/>');
    expect(html).toContain('class="fs-loader"');
    expect(html).toContain('<meta name="robots" content="noindex"/>');
    expect(response.headers()["cache-control"]).toBe("no-store");
    const cookie = response.headers()["set-cookie"]?.match(/kavach_session=([^;]+)/)?.[1];
    expect(await sessionCodec([E2E_SESSION_SECRET]).read(cookie!)).toMatchObject({
      parentLge: true,
      prefill: { mobile: "9876543210" },
    });
  });

  test("without parent=LGE a prefill link still redirects at once", async ({ request }) => {
    const response = await request.get("/?prefill=1&parent=other", { maxRedirects: 0 });
    expect(response.status()).toBe(302);
  });

  for (const javaScriptEnabled of [false, true]) {
    test(`the browser shows the loader, then the home page at the bare address (JavaScript ${javaScriptEnabled ? "on" : "off"})`, async ({
      browser,
      baseURL,
    }) => {
      const context = await browser.newContext({ javaScriptEnabled });
      const page = await context.newPage();
      const started = Date.now();
      await page.goto(LINK);
      await expect(page.getByRole("status")).toBeVisible();
      await expect(page).toHaveURL(`${baseURL}/`, { timeout: 5_000 });
      expect(Date.now() - started).toBeGreaterThanOrEqual(900);
      await expect(page.locator("h1")).toBeVisible();
      await expect(page.locator(".fs-loader")).toHaveCount(0);
      await context.close();
    });
  }
});

test("every checkout step and payment outcome page declares its keywords too", async ({ page, adminAt }) => {
  const keywords = async () => expect(await page.locator('meta[name="keywords"]').getAttribute("content")).toBeTruthy();
  await page.goto("/checkout/verify");
  await keywords();
  await page.getByLabel("Mobile number").fill(freshMobile());
  await page.getByRole("button", { name: "Send code" }).click();
  // With script the step changes in place: wait for it before reading the next page.
  await expect(page).toHaveURL(/\/checkout\/verify-otp$/);
  await keywords();
  // Signed in with the cart filled, every step is open to go back to.
  await adminAt("payment");
  for (const step of [
    "gst-details",
    "company-details",
    "plan-select",
    "add-people",
    "checkout",
    "summary",
    "payment",
  ]) {
    await page.goto(`/checkout/${step}`);
    await expect(page).toHaveURL(new RegExp(`/checkout/${step}$`));
    await keywords();
  }
  await pay(page);
  await page.getByRole("button", { name: "Simulate Pending" }).click();
  await expect(page.getByRole("heading", { name: "Payment processing" })).toBeVisible();
  await keywords();
  const orderId = new URL(page.url()).searchParams.get("order_id");
  await expect(page.getByRole("heading", { name: "Payment successful" })).toBeVisible({ timeout: 20_000 });
  await keywords();
  await page.goto(`/teamsure/payment-fail?order_id=unknown-${orderId}`);
  await expect(page.getByRole("heading", { name: "Payment failed" })).toBeVisible();
  await keywords();
});
