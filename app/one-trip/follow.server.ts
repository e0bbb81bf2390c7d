import { parse as parseCookies } from "cookie";
import { type FollowedAnswer, ONE_TRIP, SINGLE_FETCH, singleFetchUrl } from "./protocol";

/**
 * The server's half of a step in one round trip (protocol.ts lists what it relies on; docs/decisions/0035,
 * 0045). Without script a step is POST → 303 → GET; with script Remix posts the step's `.data`,
 * learns where the step goes, then asks for the next page's `.data`: the same two round trips. A
 * hydrated page's client asks (its header) that the server follow the redirect itself: the server
 * loads the next page's data as the browser would, with the cookies the browser will hold once
 * this answer is in, and answers both together; the client keeps the second for the request Remix
 * makes next.
 *
 * Only a redirect to a path of this origin is followed, never one that reloads the document (the
 * payment page); when the next page's data does not answer 200 (a guard sends elsewhere, an
 * outage) the redirect goes out alone and the browser asks as before. server/remix-handler.ts
 * calls it for every answer unless ONE_TRIP=off.
 */
export async function followRedirect(
  request: Request,
  answer: Response,
  load: (request: Request) => Promise<Response>,
): Promise<Response> {
  if (!followable(request, answer)) return answer;
  const next = singleFetchUrl(new URL(answer.headers.get("Location")!, request.url));
  const headers = new Headers(request.headers);
  for (const name of ["content-type", "content-length", ONE_TRIP.header]) headers.delete(name);
  headers.set("cookie", cookiesAfter(request.headers.get("cookie"), answer.headers.getSetCookie()));
  const nextAnswer = await load(new Request(next, { method: "GET", headers, signal: request.signal }));
  if (nextAnswer.status !== 200 || nextAnswer.headers.get(SINGLE_FETCH.responseHeader) !== "yes") return answer;

  const body: FollowedAnswer = {
    answer: await answer.text(),
    next: { url: `${next.pathname}${next.search}`, body: await nextAnswer.text() },
  };
  const out = new Headers(answer.headers);
  // The browser stores the post's cookies, then the next page's (they were made from the post's).
  for (const cookie of nextAnswer.headers.getSetCookie()) out.append("Set-Cookie", cookie);
  out.set("Content-Type", ONE_TRIP.type);
  out.set("Cache-Control", "no-store");
  out.delete("Content-Length");
  return new Response(JSON.stringify(body), { status: 200, headers: out });
}

/** Single fetch's answer to a post that redirects (details 1, 2, 3 and 5). */
function followable(request: Request, answer: Response): boolean {
  const location = answer.headers.get("Location");
  return (
    request.method === "POST" &&
    request.headers.get(ONE_TRIP.header) === "1" &&
    new URL(request.url).pathname.endsWith(SINGLE_FETCH.suffix) &&
    answer.status === SINGLE_FETCH.redirectStatus &&
    answer.headers.get(SINGLE_FETCH.responseHeader) === "yes" &&
    !answer.headers.has(SINGLE_FETCH.reloadHeader) &&
    location !== null &&
    location.startsWith("/") &&
    !location.startsWith("//")
  );
}

/**
 * The Cookie header a browser sends after storing `setCookies` on top of `cookieHeader` (detail 8:
 * Path, Domain and Secure are not read, as every cookie the app sets is `Path=/` on this host).
 */
export function cookiesAfter(cookieHeader: string | null, setCookies: string[]): string {
  // Values stay as sent: the server that reads them decodes them.
  const raw = parseCookies(cookieHeader ?? "", { decode: (value) => value });
  const jar = new Map(Object.entries(raw).map(([name, value]) => [name, value ?? ""]));
  for (const setCookie of setCookies) {
    const [pair, ...attributes] = setCookie.split(";");
    const at = pair.indexOf("=");
    if (at < 1) continue;
    const name = pair.slice(0, at).trim();
    if (attributes.some(expired)) jar.delete(name);
    else jar.set(name, pair.slice(at + 1).trim());
  }
  return [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
}

function expired(attribute: string): boolean {
  const [name, value = ""] = attribute.split("=").map((part) => part.trim());
  if (name.toLowerCase() === "max-age") return Number(value) <= 0;
  if (name.toLowerCase() === "expires") return Date.parse(value) <= Date.now();
  return false;
}
