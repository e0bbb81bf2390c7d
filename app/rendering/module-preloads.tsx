import { UNSAFE_RemixContext, useLocation, useMatches } from "@remix-run/react";
import { useContext } from "react";
import { pageAfter } from "~/checkout/steps";
import { useNonce } from "./nonce";
import { WARM_CLIENT_ID } from "./warm-client-id";

type Manifest = NonNullable<React.ContextType<typeof UNSAFE_RemixContext>>["manifest"];

/** A route's path from the root, as a browser address ("/checkout/plan-select"). */
function fullPath(manifest: Manifest, id: string): string {
  const route = manifest.routes[id];
  const parent = route.parentId ? fullPath(manifest, route.parentId) : "";
  return route.path ? `${parent}/${route.path}` : parent;
}

/** Per build manifest: each static path's route ids, root first, computed once per build, not per render. */
const routeIdsByPath = new WeakMap<Manifest, Map<string, string[]>>();

/** The route ids that render a static path, root first; none when no route has that path. */
function routeIdsOf(manifest: Manifest, pathname: string): string[] {
  let byPath = routeIdsByPath.get(manifest);
  if (!byPath) {
    byPath = new Map();
    routeIdsByPath.set(manifest, byPath);
  }
  let ids = byPath.get(pathname);
  if (!ids) {
    const leaf = Object.keys(manifest.routes).find(
      (id) => !manifest.routes[id].index && manifest.routes[id].path && fullPath(manifest, id) === pathname,
    );
    ids = [];
    for (let id: string | undefined = leaf; id !== undefined; id = manifest.routes[id].parentId) ids.unshift(id);
    byPath.set(pathname, ids);
  }
  return ids;
}

/** The route module and chunks of each route id not already in `into`, added to it. */
function addRouteScripts(manifest: Manifest, ids: readonly string[], into: Set<string>, except = into) {
  for (const id of ids) {
    const route = manifest.routes[id];
    for (const href of [...(route?.imports ?? []), ...(route ? [route.module] : [])])
      if (!except.has(href)) into.add(href);
  }
}

/** Remix's client itself: the route manifest, the entry module and its chunks. */
const clientScripts = (manifest: Manifest) => [manifest.url, manifest.entry.module, ...manifest.entry.imports];

/**
 * Every script a hydrated page runs and every script the page after it runs, as modulepreload links
 * in <head>: requested at once with the stylesheets, not after them (Remix's own links sit at the
 * end of <body>, behind its inline classic script, which waits for the stylesheets), and the next
 * step's route module and shared chunks are in the browser before the admin presses the button,
 * so a step costs its post and the next page's data, nothing more (decision 0024). The route
 * manifest is whole on both sides (lazy route discovery is off), so server and browser render the
 * same list.
 */
export function ModulePreloads() {
  const { manifest } = useContext(UNSAFE_RemixContext)!;
  // Under the hydrated pages' CSP ('strict-dynamic') a preload is fetched only with the nonce.
  const nonce = useNonce();
  const matches = useMatches();
  const { pathname } = useLocation();
  const next = pageAfter(pathname);
  const own = new Set(clientScripts(manifest));
  const later = new Set<string>();
  addRouteScripts(
    manifest,
    matches.map((m) => m.id),
    own,
  );
  if (next) addRouteScripts(manifest, routeIdsOf(manifest, next), later, own);
  const link = (href: string, nextPage: boolean) => (
    <link
      key={href}
      rel="modulepreload"
      href={href}
      nonce={nonce || undefined}
      data-next-page={nextPage || undefined}
      suppressHydrationWarning
    />
  );
  return (
    <>
      {[...own].map((href) => link(href, false))}
      {[...later].map((href) => link(href, true))}
    </>
  );
}

/**
 * On a page served plain that the next page hydrates from (`hydrate: "next"`, decision 0053):
 * every script the next page runs, as prefetch links the page script adds to <head> once this
 * page has loaded (app/enhance/warm-client.ts). Inside a <template> they fetch nothing before that,
 * so the page is usable when its own HTML, styles and small script are in; the client then arrives
 * in the HTTP cache while the admin types, and the next document hydrates from it. CORS mode, as
 * module scripts are fetched, so the cached answers are the ones the next page asks for.
 */
export function WarmClient() {
  const { manifest } = useContext(UNSAFE_RemixContext)!;
  const next = pageAfter(useLocation().pathname);
  if (!next) return null;
  const scripts = new Set(clientScripts(manifest));
  addRouteScripts(manifest, routeIdsOf(manifest, next), scripts);
  return (
    <template id={WARM_CLIENT_ID}>
      {[...scripts].map((href) => (
        <link key={href} rel="prefetch" as="script" crossOrigin="anonymous" href={href} />
      ))}
    </template>
  );
}
