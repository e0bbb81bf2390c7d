import { afterAll, beforeAll, expect, it } from "vitest";
import { Visitor, fillCart, signIn } from "../support/client";
import { type InProcessApp, appInProcess } from "../support/in-process";

/**
 * A page is rendered whole, in one pass, with the loader data read first (docs/decisions/0058):
 * what the browser is sent must be the complete document a hydrating page needs, its data and the
 * end of that data included, every inline script under the page's nonce.
 */

let app: InProcessApp;
beforeAll(async () => {
  app = await appInProcess({ NODE_ENV: "production" });
});
afterAll(() => app.close());

/** The text each inline script hands to Remix's stream of route data, in order. */
function handedOver(html: string): string[] {
  return [...html.matchAll(/streamController\.enqueue\(("(?:[^"\\]|\\.)*")\);<\/script>/g)].map(
    (m) => JSON.parse(m[1]!) as string,
  );
}

it("a hydrated step's document carries its doctype, all its route data, the data's end, and only nonced inline scripts", async () => {
  const visitor = new Visitor(app.url);
  await signIn(visitor);
  await fillCart(visitor);
  const page = await visitor.get("/checkout/company-details");
  expect(page.status).toBe(200);
  expect(page.text.startsWith('<!DOCTYPE html><html lang="en-IN">')).toBe(true);
  const data = handedOver(page.text).join("");
  // The root's data and the step's own, the admin's name the step shows among it.
  expect(data).toContain('"root"');
  expect(data).toContain('"routes/checkout.company-details"');
  expect(data).toContain('"Asha Rao"');
  // The data's end is the last thing the page says (Remix renders it after the document element).
  expect(page.text).toMatch(
    /<script nonce="[^"]+">window\.__remixContext\.streamController\.close\(\);<\/script>(<!--\/\$-->)+$/,
  );
  const nonce = page.headers.get("content-security-policy")!.match(/'nonce-([^']+)'/)![1];
  const inline = [...page.text.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)].map((m) => m[1]!);
  expect(inline.length).toBeGreaterThan(2);
  for (const attributes of inline) expect(attributes).toContain(`nonce="${nonce}"`);
});

it("a page that does not hydrate is a whole document with no route data and no nonce", async () => {
  const page = await new Visitor(app.url).get("/this-page-does-not-exist");
  expect(page.status).toBe(404);
  expect(page.text.startsWith('<!DOCTYPE html><html lang="en-IN">')).toBe(true);
  expect(page.text).toMatch(/<\/html>(<!--\$--><!--\/\$-->)?$/);
  expect(handedOver(page.text)).toEqual([]);
  expect(page.text).not.toContain("nonce=");
});
