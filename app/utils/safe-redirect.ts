import { safeRedirect } from "remix-utils/safe-redirect";

/**
 * Redirect targets that come from a query or a form must stay on this site: a path, never
 * `//host` or `https://host` (docs/product.md, Security rules). remix-utils refuses those; a
 * control character or backslash, which it lets through, can also make a browser read the path
 * as another host ("/\t/evil.example" is "//evil.example" once the tab is dropped); a blank or a
 * character past ASCII has no place in a Location header.
 */
export function safeRedirectPath(to: FormDataEntryValue | string | null | undefined, fallback: string): string {
  // Only printable ASCII: a Location header carries nothing else (a character past Latin-1 would
  // throw as the header is built), and a path of this site needs nothing else.
  if (typeof to !== "string" || !/^[\x21-\x7e]*$/.test(to) || to.includes("\\")) return fallback;
  return safeRedirect(to, fallback);
}

/** `from` (docs/product.md, Query handling) is a bare host name; anything else (a URL, a path, a script) is dropped. */
export function safeReturnHost(host: string | null | undefined): string | null {
  if (!host) return null;
  const value = host.trim().toLowerCase();
  return /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/.test(value) ? value : null;
}

/**
 * Where signing in again may lead (docs/product.md, Signing in again): a page of the membership, as a
 * path of this site and nothing more (no query, no dot segment, however spelled); anything else is null.
 */
export function membershipReturnPath(path: string | null | undefined): string | null {
  if (!path || path.length > 200 || /\.\.|%2e/i.test(path)) return null;
  return /^\/membership(?:\/[A-Za-z0-9._~%-]+)*$/.test(path) ? path : null;
}
