/**
 * How a page is scripted, decided once for the renderer (app/entry.server.tsx), the rule on which
 * pages may be shared (app/rendering/page-sharing.server.ts) and the document (app/root.tsx)
 * (docs/decisions/0003, 0015, 0053).
 *
 * - The deepest matched route whose handle says `hydrate` decides: `true`, the page hydrates
 *   (Remix's client); `"next"`, the page is served plain with the page script, which fetches the
 *   client the next page hydrates with once this one has loaded (the first step of the purchase:
 *   usable as soon as its HTML is in, decision 0053); unsaid, the page is plain.
 * - A visitor saving data (`Save-Data: on`) gets no script at all on a route that hydrates or
 *   fetches the client ahead, and the page works as with script off.
 *
 * Sharing follows the route, never the page: a route that is part of the React app, answered
 * without script to a visitor saving data, is still not an answer for everyone.
 */
export interface HydrationHandle {
  hydrate?: boolean | "next";
  /** Reloaded when restored by back/forward (app/components/hydrated-behaviours.tsx). */
  reloadOnBack?: boolean;
}

/** What a route's pages run: Remix's client, the page script fetching the client ahead, or the page script. */
export type RouteScripting = "hydrate" | "next" | "plain";
/** What one page runs: as its route says, or nothing at all for a visitor saving data. */
export type PageScripting = RouteScripting | "none";

/** The deepest matched route's word on hydration (a step may say otherwise than its layout). */
export function routeScripting(handles: readonly unknown[]): RouteScripting {
  for (let i = handles.length - 1; i >= 0; i--) {
    const said = (handles[i] as HydrationHandle | null | undefined)?.hydrate;
    if (said === true) return "hydrate";
    if (said === "next") return "next";
    if (said === false) return "plain";
  }
  return "plain";
}

/** Whether the route is part of the React app (hydrates, or fetches the client ahead): never shared. */
export function routeHydrates(handles: readonly unknown[]): boolean {
  return routeScripting(handles) !== "plain";
}

/** `Save-Data: on` (docs/product.md, Which routes hydrate). */
export function savesData(headers: Headers): boolean {
  return headers.get("Save-Data")?.trim().toLowerCase() === "on";
}

/** What the page runs: its route's scripting, or none for a visitor saving data on a React route. */
export function pageScripting(handles: readonly unknown[], saveData: boolean): PageScripting {
  const scripting = routeScripting(handles);
  return saveData && scripting !== "plain" ? "none" : scripting;
}

/** Whether the page hydrates: its route asks and the visitor is not saving data. */
export function pageHydrates(handles: readonly unknown[], headers: Headers): boolean {
  return pageScripting(handles, savesData(headers)) === "hydrate";
}
