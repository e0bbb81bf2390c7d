import crypto from "node:crypto";
import type http from "node:http";
import type { ServerBuild } from "@remix-run/node";
import type * as AppServerEntry from "../app/entry.server";
import { routeLabeller } from "./route-pattern";
import { isDraining } from "./shutdown";

/**
 * A request's id: this process's random prefix and a count, unique across processes and
 * restarts like a UUID, for a fraction of the cost (a random UUID per request was a sixth of the
 * time of a page answered from memory).
 */
export function requestIds(): () => string {
  const prefix = crypto.randomBytes(9).toString("base64url");
  let count = 0;
  return () => `${prefix}-${(count += 1).toString(36)}`;
}

/** Probes and files are logged at debug level: a probe every few seconds would bury the rest. */
const quiet = (route: string) =>
  route === "/healthz" || route === "/readyz" || route === "/metrics" || route === "file" || route === "/build/*";

/**
 * What every answer carries, whoever gives it (the page cache ahead of Express, or Express): an
 * X-Request-Id and, while draining, a closed connection, as name, value, …. When it is done, it
 * is counted under its route's pattern (docs/decisions/0036) and, when LOG_REQUESTS=1, logged; an
 * answer cut short by the visitor going away counts as 499.
 */
export function requestLog(
  routes: ServerBuild["routes"],
  { env, logger, metrics }: typeof AppServerEntry,
): (req: http.IncomingMessage, res: http.ServerResponse, id: string) => string[] {
  const routeOf = routeLabeller(routes);
  return (req, res, id) => {
    const started = process.hrtime.bigint();
    // The path as asked, read now: Express strips a mount's prefix from req.url on the way in.
    const requestPath = (req.url ?? "").split("?")[0];
    res.once("close", () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const route = routeOf(requestPath);
      const status = res.writableFinished ? res.statusCode : 499;
      metrics.request(route, req.method ?? "GET", status, seconds);
      if (env.LOG_REQUESTS !== "1") return;
      const line = { id, method: req.method, path: requestPath, route, status, ms: Math.round(seconds * 1e4) / 10 };
      if (quiet(route)) logger.debug(line, "request");
      else logger.info(line, "request");
    });
    return isDraining() ? ["X-Request-Id", id, "Connection", "close"] : ["X-Request-Id", id];
  };
}
