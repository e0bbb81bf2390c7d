import type { EntryContext } from "@remix-run/node";
import { parse as parseCookies } from "cookie";
import { SESSION_COOKIE_NAME } from "~/session/session.server";
import { TOAST_COOKIE_NAME } from "~/session/toast.server";
import { routeHydrates } from "./hydration";

/**
 * Which answers may be shared, decided here and nowhere else (docs/decisions/0010, 0015). A page
 * whose route does not hydrate runs only script files of this origin, so it needs no per-request
 * nonce; answered with status 200 to a GET from a visitor who holds none of our cookies, and
 * setting none, it is the same for everyone and may be kept by this server (server/page-cache.ts,
 * which is handed `holdsPersonalCookie` to decide which requests it may answer) and by a CDN for a
 * few minutes.
 */

/** The cookies that make a page personal: whoever holds one always gets a fresh render. */
const PERSONAL_COOKIES = [SESSION_COOKIE_NAME, TOAST_COOKIE_NAME];

const SHARED_FOR_S = 300;
const IST_OFFSET_S = 5.5 * 60 * 60;

/**
 * Whether a Cookie header holds one of the app's cookies, read exactly as the session reads it
 * (the `cookie` package: `kavach_session =v`, with a blank before `=`, is the session too).
 */
export function holdsPersonalCookie(cookieHeader: string | null | undefined): boolean {
  if (!cookieHeader) return false;
  const cookies = parseCookies(cookieHeader);
  return PERSONAL_COOKIES.some((name) => cookies[name] !== undefined);
}

/** The handles of the routes a render matched, for app/rendering/hydration.ts. */
export function matchedHandles(context: EntryContext): unknown[] {
  return context.staticHandlerContext.matches.map((match) => context.routeModules[match.route.id]?.handle);
}

/**
 * The Cache-Control of a page anyone may be given, or null. The home page greets by the hour in
 * India, so nothing is shared past the next Indian hour.
 */
export function sharedCacheControl(
  request: Request,
  status: number,
  headers: Headers,
  context: EntryContext,
  now = Date.now(),
): string | null {
  if (request.method !== "GET" || status !== 200 || headers.has("Set-Cookie") || headers.has("Cache-Control"))
    return null;
  // The route's own flag, not whether this answer hydrates: Save-Data turns hydration off for one visitor.
  if (routeHydrates(matchedHandles(context))) return null;
  if (holdsPersonalCookie(request.headers.get("Cookie"))) return null;
  const untilNextHour = 3600 - ((Math.floor(now / 1000) + IST_OFFSET_S) % 3600);
  return `public, max-age=0, s-maxage=${Math.min(SHARED_FOR_S, untilNextHour)}, stale-while-revalidate=86400`;
}
