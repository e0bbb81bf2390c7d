import type { EntryContext } from "@remix-run/node";
import { SESSION_COOKIE_NAME } from "~/session/session.server";
import { TOAST_COOKIE_NAME } from "~/session/toast.server";

/**
 * Which rendered pages may be shared (docs/decisions/0010). A page that does not hydrate runs only
 * script files of this origin, so it needs no per-request nonce; answered to a visitor who holds
 * none of our cookies, and setting none, it is the same for everyone and may be kept by this
 * server (server/page-cache.ts) and by a CDN for a few minutes.
 */

/** The cookies that make a page personal: whoever holds one always gets a fresh render. */
export const PERSONAL_COOKIES = [SESSION_COOKIE_NAME, TOAST_COOKIE_NAME];

const SHARED_FOR_S = 300;
const IST_OFFSET_S = 5.5 * 60 * 60;

/** As root.tsx decides with useShouldHydrate: a matched route asks, and the visitor is not saving data. */
export function pageHydrates(request: Request, context: EntryContext): boolean {
  if (request.headers.get("Save-Data")?.trim().toLowerCase() === "on") return false;
  return context.staticHandlerContext.matches.some(
    (match) => (context.routeModules[match.route.id]?.handle as { hydrate?: unknown } | undefined)?.hydrate === true,
  );
}

function holdsPersonalCookie(request: Request): boolean {
  const cookies = request.headers.get("Cookie") ?? "";
  return PERSONAL_COOKIES.some((name) => new RegExp(`(?:^|;\\s*)${name}=`).test(cookies));
}

/**
 * The Cache-Control of a page anyone may be given, or null. The home page greets by the hour in
 * India, so nothing is shared past the next Indian hour.
 */
export function sharedCacheControl(
  request: Request,
  status: number,
  headers: Headers,
  now = Date.now(),
): string | null {
  if (request.method !== "GET" || status !== 200 || headers.has("Set-Cookie") || headers.has("Cache-Control"))
    return null;
  if (holdsPersonalCookie(request)) return null;
  const untilNextHour = 3600 - ((Math.floor(now / 1000) + IST_OFFSET_S) % 3600);
  return `public, max-age=0, s-maxage=${Math.min(SHARED_FOR_S, untilNextHour)}, stale-while-revalidate=86400`;
}
