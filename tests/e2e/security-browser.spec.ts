import http from "node:http";
import type { AddressInfo } from "node:net";
import { ORIGIN, expect, test } from "./fixtures";

/**
 * docs/product.md, Security rules, as a real browser applies them: another site's form post is
 * refused, and a script without the page's nonce does not run (the headers themselves:
 * tests/server/security-requests.test.ts).
 */

test("a form on another site posting here in a real browser gets 403", async ({ page }) => {
  // "localhost" and "127.0.0.1" are different sites to the browser.
  const evil = http.createServer((_req, res) => {
    res.setHeader("content-type", "text/html");
    res.end(`<form method="post" action="${ORIGIN}/logout"></form><script>document.forms[0].submit()</script>`);
  });
  await new Promise<void>((resolve) => evil.listen(0, "localhost", resolve));
  try {
    const refused = page.waitForResponse((r) => r.url() === `${ORIGIN}/logout`);
    await page.goto(`http://localhost:${(evil.address() as AddressInfo).port}/`);
    const response = await refused;
    expect(response.status()).toBe(403);
    expect((await response.request().allHeaders())["sec-fetch-site"]).toBe("cross-site");
  } finally {
    evil.close();
  }
});

test("the browser enforces the CSP: a script without the nonce does not run, the app's own scripts do", async ({
  page,
  adminAt,
}) => {
  // A hydrated page, where Remix's inline scripts run by the nonce (the first step is served plain).
  await adminAt("gst");
  await page.route(`${ORIGIN}/checkout/gst-details`, async (route) => {
    const response = await route.fetch();
    const html = (await response.text()).replace("</head>", "<script>window.injected = true</script></head>");
    await route.fulfill({ response, body: html });
  });
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/.test(message.text())) violations.push(message.text());
  });
  await page.goto(`${ORIGIN}/checkout/gst-details`);
  // The page's own nonce'd script has run once it has pushed the page view.
  await expect.poll(() => page.evaluate(() => window.dataLayer?.length)).toBe(1);
  expect(await page.evaluate(() => (window as { injected?: boolean }).injected)).toBeUndefined();
  expect(violations.length).toBeGreaterThan(0);
});
