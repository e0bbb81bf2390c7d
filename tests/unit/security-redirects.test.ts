import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { membershipReturnPath, safeRedirectPath, safeReturnHost } from "~/utils/safe-redirect";

/** docs/product.md, Security rules: a redirect target from a query or a form never leaves the site. */

const SITE = "https://kavach.example";
const FALLBACK = "/checkout/gst-details";

const HOSTILE = [
  "//evil.example",
  "https://evil.example",
  "http:evil.example",
  "HTTPS://evil.example/checkout",
  "/\\evil.example",
  "\\\\evil.example",
  "/\t/evil.example",
  "/\n/evil.example",
  "/\r/evil.example",
  "\u0000//evil.example",
  " //evil.example",
  "///evil.example",
  // Nothing a Location header cannot carry (it would throw as the header is built: a 500).
  "/checkout/gst-details?\u0100",
  "/checkout/\u{1F600}",
  "javascript:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "evil.example",
  "",
];

/** Where a browser on this site would land for a Location header. */
function landing(location: string): URL {
  return new URL(location, `${SITE}/checkout/payment`);
}

describe("safeRedirectPath", () => {
  it.each(HOSTILE)("refuses %j", (target) => {
    expect(safeRedirectPath(target, FALLBACK)).toBe(FALLBACK);
  });

  it("keeps a path on the site, with its query", () => {
    expect(safeRedirectPath("/checkout/summary?from=x", FALLBACK)).toBe("/checkout/summary?from=x");
  });

  it("never answers anything a browser would take off the site (property)", () => {
    const pieces = fc.constantFrom(
      "/",
      "//",
      "\\",
      "\t",
      "\n",
      "@",
      ":",
      ".",
      "evil.example",
      "https:",
      "%2f",
      "%5c",
      " ",
      "\u3000",
      "?",
      "#",
    );
    const target = fc.oneof(
      fc.string(),
      fc.array(pieces, { maxLength: 8 }).map((p) => p.join("")),
      fc.webUrl(),
      fc.webPath(),
    );
    fc.assert(
      fc.property(target, (to) => {
        const safe = safeRedirectPath(to, FALLBACK);
        expect(landing(safe).origin).toBe(SITE);
        expect(safe.startsWith("/")).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it("refuses what is not a string (a file field)", () => {
    expect(safeRedirectPath(new File(["x"], "x.txt"), FALLBACK)).toBe(FALLBACK);
    expect(safeRedirectPath(null, FALLBACK)).toBe(FALLBACK);
  });
});

describe("safeReturnHost (the `from` query)", () => {
  it.each([
    "//evil.example",
    "https://evil.example",
    "evil.example/path",
    "evil.example:8080",
    "<script>",
    "localhost",
    "a..b",
    "",
  ])("drops %j", (from) => {
    expect(safeReturnHost(from)).toBeNull();
  });

  it("keeps a bare host name, lower-cased", () => {
    expect(safeReturnHost(" Partner.Example ")).toBe("partner.example");
  });

  it("only ever keeps a bare host name (property)", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.domain(), fc.webUrl()), (from) => {
        const host = safeReturnHost(from);
        if (host !== null) expect(new URL(`https://${host}/`).host).toBe(host);
      }),
      { numRuns: 2000 },
    );
  });
});

/** docs/product.md, Signing in again: the page a sign-in returns to is a membership page of this site, or none. */
describe("membershipReturnPath", () => {
  it.each([
    "/membership",
    "/membership/members",
    "/membership/changes/KVC-1a2b",
    "/membership/invoices/KV%2F25-26%2F000001",
  ])("keeps %j", (path) => {
    expect(membershipReturnPath(path)).toBe(path);
  });

  it.each([
    ...HOSTILE,
    "/membership/../checkout/payment",
    "/membership/%2e%2e/logout",
    "/membershipx",
    "/membership/members?page=2",
    "/membership//evil.example",
    "/checkout/verify",
    `/membership/${"a".repeat(200)}`,
  ])("refuses %j", (path) => {
    expect(membershipReturnPath(path)).toBeNull();
  });

  it("never answers a path a browser would take off the membership (property)", () => {
    const pieces = fc.constantFrom(
      "/membership",
      "/",
      "//",
      "..",
      ".",
      "%2e",
      "\\",
      "evil.example",
      "?",
      "#",
      "@",
      ":",
    );
    fc.assert(
      fc.property(
        fc.array(pieces, { maxLength: 8 }).map((p) => p.join("")),
        (path) => {
          const kept = membershipReturnPath(path);
          if (kept !== null) expect(landing(kept).pathname.startsWith("/membership")).toBe(true);
          if (kept !== null) expect(landing(kept).origin).toBe(SITE);
        },
      ),
      { numRuns: 2000 },
    );
  });
});
