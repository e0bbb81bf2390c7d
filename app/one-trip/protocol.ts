/**
 * A hydrated step in one round trip (docs/decisions/0035, its contract and switch in 0045): the
 * protocol both halves share. The client's half (client.ts) wraps the page's fetch; the server's
 * (follow.server.ts) follows a post's redirect and answers both. `ONE_TRIP=off`
 * (app/config/env.server.ts) turns the server's half off: every post is answered as Remix answers
 * it, the client's half passes it through, and a step takes two round trips as before 0035.
 *
 * It rests on these details of Remix 2.17 that Remix does not promise (each pinned against the
 * installed Remix by tests/unit/one-trip-remix.test.ts, so an upgrade that changes one fails there;
 * turn the step off with ONE_TRIP=off while the upgrade is worked out):
 *
 * 1. The `.data` addresses: the client asks for a page's data at its path with `.data` added (a
 *    trailing slash dropped), `/_root.data` for `/`; the server answers every `.data` request.
 * 2. The 202 redirect: single fetch answers a post whose action redirects with status 202 and the
 *    `Location` kept, instead of a 3xx the browser's fetch would follow.
 * 3. `X-Remix-Response: yes` on every single-fetch answer Remix made (not a proxy's error page).
 * 4. `text/x-script`, the type of a single-fetch answer, which the kept answer is given again.
 * 5. `X-Remix-Reload-Document`, which makes the client load the redirect's page as a document.
 * 6. The next GET's exact address: after a post, Remix asks for the redirect's `.data` with the
 *    search kept and nothing added (`?_routes=` is added only when a route opts out of loading,
 *    with `shouldRevalidate` or `clientLoader`; no route here does).
 * 7. The global `fetch` wrapper: Remix's client calls the global `fetch` at each request (looked
 *    up then, so a wrapper installed before hydration sees it), with a URL and an init whose
 *    method is absent for a GET.
 * 8. The hand-written cookie jar (follow.server.ts, cookiesAfter) ignores Path, Domain and Secure:
 *    right while every cookie the app sets is `Path=/` on this host alone, as Remix's
 *    `createCookie` makes them by default and the app's do.
 */

/** Added by the client's half to a post that takes a followed answer; its answer's type. */
export const ONE_TRIP = {
  /** Sent with a post by a hydrated page that takes a followed answer. */
  header: "x-follow-redirect",
  /** The followed answer's type: JSON holding both single-fetch answers. */
  type: "application/vnd.kavach.followed+json",
} as const;

/** Remix 2.17's single fetch, as far as the step relies on it (the list above). */
export const SINGLE_FETCH = {
  /** 1. */
  suffix: ".data",
  root: "/_root.data",
  /** 2. */
  redirectStatus: 202,
  /** 3. */
  responseHeader: "X-Remix-Response",
  /** 4. */
  type: "text/x-script",
  /** 5. */
  reloadHeader: "X-Remix-Reload-Document",
} as const;

/** A post's answer and the next page's data, both as single fetch encodes them. */
export interface FollowedAnswer {
  answer: string;
  next: { url: string; body: string };
}

/** Where Remix's client asks for a page's data (detail 1; singleFetchUrl in @remix-run/react). */
export function singleFetchUrl(page: URL): URL {
  const url = new URL(page);
  url.pathname = url.pathname === "/" ? SINGLE_FETCH.root : `${url.pathname.replace(/\/$/, "")}${SINGLE_FETCH.suffix}`;
  return url;
}

/** A single-fetch answer's headers, for the kept answers the client hands Remix (details 3 and 4). */
export const SINGLE_FETCH_HEADERS = { "Content-Type": SINGLE_FETCH.type, [SINGLE_FETCH.responseHeader]: "yes" };
