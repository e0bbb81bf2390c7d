import { UNSAFE_RemixContext, useLocation, useMatches } from "@remix-run/react";
import { useContext } from "react";
import { pageAfter } from "~/checkout/steps";
import { useNonce } from "./nonce";

type Manifest = NonNullable<React.ContextType<typeof UNSAFE_RemixContext>>["manifest"];

/** A route's path from the root, as a browser address ("/checkout/plan-select"). */
function fullPath(manifest: Manifest, id: string): string {
  const route = manifest.routes[id];
  const parent = route.parentId ? fullPath(manifest, route.parentId) : "";
  return route.path ? `${parent}/${route.path}` : parent;
}

/** The route ids that render a static path, root first; none when no route has that path. */
function routeIdsOf(manifest: Manifest, pathname: string): string[] {
  const leaf = Object.keys(manifest.routes).find(
    (id) => !manifest.routes[id].index && manifest.routes[id].path && fullPath(manifest, id) === pathname,
  );
  const ids: string[] = [];
  for (let id: string | undefined = leaf; id !== undefined; id = manifest.routes[id].parentId) ids.unshift(id);
  return ids;
}

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
  const own = new Set([manifest.url, manifest.entry.module, ...manifest.entry.imports]);
  const later = new Set<string>();
  const add = (into: Set<string>, ids: string[]) => {
    for (const id of ids) {
      const route = manifest.routes[id];
      for (const href of [...(route?.imports ?? []), ...(route ? [route.module] : [])])
        if (!own.has(href)) into.add(href);
    }
  };
  add(
    own,
    matches.map((m) => m.id),
  );
  if (next) add(later, routeIdsOf(manifest, next));
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
