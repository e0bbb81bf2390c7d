import path from "node:path";
import type { ServerBuild } from "@remix-run/node";
import { routePath } from "./route-path";

/**
 * The label a request is counted and logged under (docs/decisions/0036): the pattern of the route
 * that answers it (`/membership/invoices/:invoice`), never the path as asked, which would make a
 * series per address and could carry an id. Made once per build from its route tree; a path is
 * matched as the routers match it (server/route-path.ts), against the most specific pattern first.
 * What the Remix routes do not answer has a fixed label: the probes, the embedded API and its
 * sandbox pages, and files.
 */
export function routeLabeller(routes: ServerBuild["routes"]): (requestPath: string) => string {
  const fullPath = (id: string): string => {
    const route = routes[id];
    if (!route) return "";
    const parent = route.parentId ? fullPath(route.parentId) : "";
    return route.path ? `${parent}/${route.path}` : parent;
  };
  const patterns = [...new Set(Object.keys(routes).map((id) => fullPath(id) || "/"))]
    .map((pattern) => {
      const segments = pattern.split("/").filter(Boolean);
      const source = segments
        .map((segment) =>
          segment === "*"
            ? "(?:/.*)?"
            : segment.startsWith(":")
              ? "/[^/]+"
              : `/${segment.replace(/[.+?^${}()|[\]\\]/g, "\\$&")}`,
        )
        .join("");
      const rank = segments.reduce((sum, s) => sum + (s === "*" ? -1 : s.startsWith(":") ? 1 : 3), 0);
      return { pattern, rank, regex: new RegExp(`^${source || "/"}$`) };
    })
    .sort((a, b) => b.rank - a.rank);

  /** Paths seen lately and their labels: a few hundred pages answer nearly every request. */
  const known = new Map<string, string>();
  return (requestPath) => {
    let label = known.get(requestPath);
    if (label === undefined) {
      // Bounded: unique addresses (a scan, an attack) only ever start it afresh.
      if (known.size >= 1_000) known.clear();
      label = labelOf(requestPath);
      known.set(requestPath, label);
    }
    return label;
  };

  function labelOf(requestPath: string): string {
    const first = requestPath.split("/")[1] ?? "";
    if (requestPath === "/healthz" || requestPath === "/readyz" || requestPath === "/metrics") return requestPath;
    if (first === "api" || first === "dev" || first === "build") return `/${first}/*`;
    const route = routePath(requestPath);
    const pattern = patterns.find(({ regex }) => regex.test(route))?.pattern ?? "/*";
    const extension = path.extname(requestPath);
    // A file of public/ (or a missing one) falls through to the catch-all route's pattern.
    return pattern === "/*" && extension && extension !== ".data" ? "file" : pattern;
  }
}
