/**
 * The client's half of a step in one round trip (server/follow-redirect.ts, docs/decisions/0035):
 * a hydrated page's posts ask the server to follow their redirect, and the next page's data that
 * comes back with the answer is handed to Remix when it asks for it, instead of a second request.
 */
export const FOLLOWED_REDIRECT = {
  /** Sent with a post by a hydrated page that takes a followed answer. */
  header: "x-follow-redirect",
  /** The followed answer's type: JSON holding both single-fetch answers. */
  type: "application/vnd.kavach.followed+json",
} as const;
export type FollowedRedirectProtocol = typeof FOLLOWED_REDIRECT;

/** A post's answer and the next page's data, both as single fetch encodes them. */
export interface FollowedAnswer {
  answer: string;
  next: { url: string; body: string };
}

const SINGLE_FETCH_HEADERS = { "Content-Type": "text/x-script", "X-Remix-Response": "yes" };

/**
 * Wraps the page's fetch once, before Remix starts: a post to one of this origin's `.data`
 * addresses asks to be followed, and the followed answer's second half answers the one GET that
 * asks for exactly its address (any other request, or a later one, goes to the network).
 */
export function followRedirectsInOneTrip(): void {
  const send = window.fetch.bind(window);
  let kept: { url: string; answer: Response } | null = null;
  window.fetch = async (input, init) => {
    if (typeof input !== "string" && !(input instanceof URL)) return send(input, init);
    const url = new URL(input, window.location.href);
    if (url.origin !== window.location.origin || !url.pathname.endsWith(".data")) return send(input, init);
    const method = (init?.method ?? "GET").toUpperCase();
    const waiting = kept;
    kept = null;
    if (method === "GET") return waiting?.url === `${url.pathname}${url.search}` ? waiting.answer : send(input, init);
    const headers = new Headers(init?.headers);
    headers.set(FOLLOWED_REDIRECT.header, "1");
    const answer = await send(input, { ...init, headers });
    if (answer.headers.get("Content-Type") !== FOLLOWED_REDIRECT.type) return answer;
    const followed = (await answer.json()) as FollowedAnswer;
    kept = { url: followed.next.url, answer: new Response(followed.next.body, { headers: SINGLE_FETCH_HEADERS }) };
    return new Response(followed.answer, { status: 202, headers: SINGLE_FETCH_HEADERS });
  };
}
