import type { EntryContext } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { pageHydrates, pageScripting, routeHydrates, routeScripting } from "~/rendering/hydration";
import { holdsPersonalCookie, matchedHandles, sharedCacheControl } from "~/rendering/page-sharing.server";

/**
 * app/rendering/page-sharing.server.ts and hydration.ts: one rule for "may this answer be shared"
 * and one for "does this route hydrate" (docs/decisions/0010, 0015).
 */

/** A render's context as Remix hands it to entry.server: the matched routes and their modules' handles. */
function contextOf(routes: Record<string, unknown>): EntryContext {
  return {
    staticHandlerContext: { matches: Object.keys(routes).map((id) => ({ route: { id } })) },
    routeModules: Object.fromEntries(Object.entries(routes).map(([id, handle]) => [id, { handle }])),
  } as unknown as EntryContext;
}

const publicPage = contextOf({ root: undefined, "routes/reviews": undefined });
// A new hydrating route that, unlike the checkout's, says nothing of caching (no `no-store`).
const hydratingPage = contextOf({ root: undefined, "routes/new-hydrated": { hydrate: true } });
const NOON_IST = Date.UTC(2026, 10, 26, 6, 30);

const get = (headers: Record<string, string> = {}) => new Request("http://localhost/reviews", { headers });

describe("sharedCacheControl", () => {
  it("shares an unhydrated page answered 200 to a visitor without our cookies", () => {
    expect(sharedCacheControl(get(), 200, new Headers(), publicPage, NOON_IST)).toMatch(/^public, .*s-maxage=300/);
  });

  it("never shares a hydrating route, whether or not it says no-store, and also when asked with Save-Data: on", () => {
    expect(sharedCacheControl(get(), 200, new Headers(), hydratingPage, NOON_IST)).toBeNull();
    const savingData = get({ "Save-Data": "on" });
    // That visitor gets the page without script …
    expect(pageHydrates(matchedHandles(hydratingPage), savingData.headers)).toBe(false);
    // … but the answer is still not one for everyone.
    expect(sharedCacheControl(savingData, 200, new Headers(), hydratingPage, NOON_IST)).toBeNull();
  });

  it.each([
    "kavach_session=v1.abc",
    "kavach_session =v1.abc",
    "other=1;kavach_session\t=v1.abc",
    "kavach_toast=x",
    " kavach_toast = x",
  ])("never shares a page asked with our cookie (%s), read as the session reads it", (cookie) => {
    expect(holdsPersonalCookie(cookie)).toBe(true);
    expect(sharedCacheControl(get({ Cookie: cookie }), 200, new Headers(), publicPage, NOON_IST)).toBeNull();
  });

  it("shares nothing but a 200 to a GET that sets no cookie", () => {
    expect(sharedCacheControl(get(), 404, new Headers(), publicPage, NOON_IST)).toBeNull();
    expect(sharedCacheControl(get(), 200, new Headers({ "Set-Cookie": "a=1" }), publicPage, NOON_IST)).toBeNull();
    const post = new Request("http://localhost/reviews", { method: "POST" });
    expect(sharedCacheControl(post, 200, new Headers(), publicPage, NOON_IST)).toBeNull();
    expect(holdsPersonalCookie("kavach_sessionx=1; other=2")).toBe(false);
  });
});

describe("routeHydrates", () => {
  it("is the route's own flag: only `hydrate: true` on a matched route", () => {
    expect(routeHydrates([undefined, { hydrate: true }])).toBe(true);
    expect(routeHydrates([undefined, { reloadOnBack: true }, null])).toBe(false);
  });
});

describe("routeScripting and pageScripting (decision 0053)", () => {
  // The checkout layout asks to hydrate; its first step says "next", the steps after it say nothing.
  const firstStep = [undefined, { hydrate: true }, { hydrate: "next" }];
  const laterStep = [undefined, { hydrate: true }, { reloadOnBack: true }];

  it("takes the deepest matched route that says anything about hydration", () => {
    expect(routeScripting(firstStep)).toBe("next");
    expect(routeScripting(laterStep)).toBe("hydrate");
    expect(routeScripting([undefined, { hydrate: true }, { hydrate: false }])).toBe("plain");
    expect(routeScripting([undefined, null])).toBe("plain");
  });

  it("serves the first step plain with the page script, and never shares it: it is part of the React app", () => {
    expect(pageScripting(firstStep, false)).toBe("next");
    expect(pageHydrates(firstStep, new Headers())).toBe(false);
    expect(routeHydrates(firstStep)).toBe(true);
    const first = contextOf({
      root: undefined,
      "routes/checkout": { hydrate: true },
      "routes/first": { hydrate: "next" },
    });
    expect(sharedCacheControl(get(), 200, new Headers(), first, NOON_IST)).toBeNull();
  });

  it("gives a visitor saving data no script at all on a route of the React app, the page script elsewhere", () => {
    expect(pageScripting(firstStep, true)).toBe("none");
    expect(pageScripting(laterStep, true)).toBe("none");
    expect(pageScripting([undefined, undefined], true)).toBe("plain");
  });
});
