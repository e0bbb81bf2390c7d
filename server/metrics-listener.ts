import cluster from "node:cluster";
import http from "node:http";
import type * as AppServerEntry from "../app/entry.server";
import { metricsFromPrimary } from "./cluster";
import { sameKey } from "./security";

/**
 * /metrics on a port of its own (METRICS_PORT; docs/decisions/0036), for a scraper on this
 * machine or a private network: no token, so it listens on loopback unless METRICS_HOST says
 * otherwise. In a cluster the primary serves it, summing every worker's metrics; it answers
 * nothing else. A port that cannot be had is said in the log and the server goes on without it:
 * metrics are not worth refusing buyers for.
 */
export function serveMetrics(
  port: number,
  host: string,
  text: () => Promise<string>,
  contentType: string,
  log: (entry: Record<string, unknown>) => void,
): http.Server {
  const server = http.createServer((req, res) => {
    if ((req.url ?? "").split("?")[0] !== "/metrics" || (req.method !== "GET" && req.method !== "HEAD")) {
      res.writeHead(404, { "Content-Type": "text/plain" }).end("Not found.\n");
      return;
    }
    text().then(
      (body) => res.writeHead(200, { "Content-Type": contentType, "Cache-Control": "no-store" }).end(body),
      (error: Error) => {
        log({ level: "error", msg: "metrics: not collected", error: error.message });
        res.writeHead(503, { "Content-Type": "text/plain" }).end("Metrics unavailable.\n");
      },
    );
  });
  server.on("error", (error: NodeJS.ErrnoException) =>
    log({ level: "error", msg: `metrics: cannot listen on ${host}:${port} (${error.code ?? error.message})` }),
  );
  // Never what keeps the process alive: the drain's exit is the public listener's to decide.
  server.listen(port, host, () => log({ level: "info", msg: `metrics on http://${host}:${port}/metrics` })).unref();
  return server;
}

/**
 * /metrics on the public port (docs/decisions/0036): only when METRICS_TOKEN is set, and only to
 * a request that carries it; otherwise the path is a page like any other (not found). A worker
 * of a cluster asks the primary, which sums every worker's. Answers, and says true, when it is its.
 */
export function metricsOnPublicPort({
  env,
  logger,
  metrics,
}: typeof AppServerEntry): (req: http.IncomingMessage, res: http.ServerResponse) => boolean {
  const metricsText = cluster.isWorker ? metricsFromPrimary : metrics.processMetrics;
  return (req, res) => {
    if (!env.METRICS_TOKEN || (req.url ?? "").split("?")[0] !== "/metrics") return false;
    res.setHeader("Cache-Control", "no-store");
    if (!sameKey(req.headers.authorization, `Bearer ${env.METRICS_TOKEN}`)) {
      res.writeHead(401, { "WWW-Authenticate": "Bearer", "Content-Type": "text/plain" }).end("Unauthorized.\n");
      return true;
    }
    metricsText().then(
      (text) => res.writeHead(200, { "Content-Type": metrics.contentType }).end(text),
      (error: unknown) => {
        logger.error({ err: error }, "metrics: not collected");
        res.writeHead(503, { "Content-Type": "text/plain" }).end("Metrics unavailable.\n");
      },
    );
    return true;
  };
}
