import { afterAll, beforeAll, expect, it } from "vitest";
import { adminVisitor } from "../support/admin-session";
import { Visitor } from "../support/client";
import { type InProcessApp, appInProcess } from "../support/in-process";

/** Public pages from memory (docs/decisions/0010): shared by anonymous visitors, never by an admin. */

let server: InProcessApp;
beforeAll(async () => {
  server = await appInProcess();
});
afterAll(() => server.close());

it("a public page is rendered once and shared by anonymous visitors, never by a signed-in admin", async () => {
  const anonymous = new Visitor(server.url);
  const first = await anonymous.get("/reviews");
  const cacheControl = first.headers.get("cache-control")!;
  expect(cacheControl).toMatch(/^public, max-age=0, s-maxage=(\d+), stale-while-revalidate=\d+$/);
  // Never stale past five minutes in a shared cache, whatever deploy comes next.
  expect(Number(/s-maxage=(\d+)/.exec(cacheControl)![1])).toBeLessThanOrEqual(300);
  const etag = first.headers.get("etag")!;
  expect(etag).toMatch(/^"[\w-]{27}"$/);
  const again = await anonymous.get("/reviews", { "If-None-Match": etag });
  expect(again.status).toBe(304);

  const admin = await adminVisitor(server.url);
  const personal = await admin.get("/reviews");
  expect(personal.headers.get("cache-control")).toBe("no-store");
  expect(personal.headers.get("etag")).toBeNull();
  expect(personal.text).toContain("Sign out");
  expect(first.text).not.toContain("Sign out");
});
