import { type FollowedAnswer, ONE_TRIP, SINGLE_FETCH, SINGLE_FETCH_HEADERS } from "./protocol";

/**
 * The client's half of a step in one round trip (protocol.ts lists what it relies on; docs/decisions/0045).
 * Wraps the page's fetch once, before Remix starts (detail 7): a post to one of this origin's
 * `.data` addresses asks to be followed, and the followed answer's second half answers the one GET
 * that asks for exactly its address (detail 6); any other request, or a later one, goes to the
 * network. When the server does not follow (ONE_TRIP=off, or a post it does not follow) the answer
 * is handed to Remix as it came.
 */
export function followRedirectsInOneTrip(): void {
  const send = window.fetch.bind(window);
  let kept: { url: string; answer: Response } | null = null;
  window.fetch = async (input, init) => {
    if (typeof input !== "string" && !(input instanceof URL)) return send(input, init);
    const url = new URL(input, window.location.href);
    if (url.origin !== window.location.origin || !url.pathname.endsWith(SINGLE_FETCH.suffix)) return send(input, init);
    const method = (init?.method ?? "GET").toUpperCase();
    const waiting = kept;
    kept = null;
    if (method === "GET") return waiting?.url === `${url.pathname}${url.search}` ? waiting.answer : send(input, init);
    const headers = new Headers(init?.headers);
    headers.set(ONE_TRIP.header, "1");
    const answer = await send(input, { ...init, headers });
    if (answer.headers.get("Content-Type") !== ONE_TRIP.type) return answer;
    const followed = (await answer.json()) as FollowedAnswer;
    kept = { url: followed.next.url, answer: new Response(followed.next.body, { headers: SINGLE_FETCH_HEADERS }) };
    return new Response(followed.answer, { status: SINGLE_FETCH.redirectStatus, headers: SINGLE_FETCH_HEADERS });
  };
}
