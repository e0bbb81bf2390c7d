/**
 * Whether a page hydrates, decided once for the renderer (app/entry.server.tsx), the rule on which
 * pages may be shared (app/rendering/page-sharing.server.ts) and the document (app/root.tsx)
 * (docs/decisions/0003, 0015).
 *
 * - A route hydrates when one of its matched routes exports `handle = { hydrate: true }`.
 * - A page hydrates when its route does and the visitor is not saving data (`Save-Data: on`), in
 *   which case it gets no script at all and works as with script off.
 *
 * Sharing follows the route, never the page: a hydrating route answered without script to a
 * visitor saving data is still not an answer for everyone.
 */
export interface HydrationHandle {
  hydrate?: boolean;
  /** Reloaded when restored by back/forward (app/components/hydrated-behaviours.tsx). */
  reloadOnBack?: boolean;
}

/** Whether any of the matched routes' handles asks to hydrate. */
export function routeHydrates(handles: readonly unknown[]): boolean {
  return handles.some((handle) => (handle as HydrationHandle | null | undefined)?.hydrate === true);
}

/** `Save-Data: on` (docs/product.md, Which routes hydrate). */
export function savesData(headers: Headers): boolean {
  return headers.get("Save-Data")?.trim().toLowerCase() === "on";
}

/** Whether the page hydrates: its route asks and the visitor is not saving data. */
export function pageHydrates(handles: readonly unknown[], headers: Headers): boolean {
  return routeHydrates(handles) && !savesData(headers);
}
