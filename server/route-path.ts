/**
 * The path a request's route is matched by, as the routers match it (docs/decisions/0015): Express
 * and Remix both match paths regardless of letter case and of a trailing slash, and Remix answers a
 * page's data at `<path>.data` (`/_root.data` for the home page). Anything decided per route before
 * the router runs (an allowance, a signed-in post) is decided by this, so no other spelling of the
 * same route escapes it.
 */
export function routePath(path: string): string {
  let route = path.toLowerCase();
  if (route === "/_root.data") return "/";
  if (route.endsWith(".data")) route = route.slice(0, -".data".length);
  route = route.replace(/\/+$/, "");
  return route === "" ? "/" : route;
}

/** The method a route's handler sees: HEAD is answered by the GET handler. */
export function routeMethod(method: string): string {
  return method === "HEAD" ? "GET" : method;
}
