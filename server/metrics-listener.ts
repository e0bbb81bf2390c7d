import http from "node:http";

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
