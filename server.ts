import cluster from "node:cluster";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import type * as AppServerEntry from "./app/entry.server";
import { createApp } from "./server/app";
import { serveClusterAllowances } from "./server/allowances";
import { becomeClusterPrimary, stopAtStartup } from "./server/cluster";
import { serveMetrics } from "./server/metrics-listener";
import { drainOnSignal } from "./server/shutdown";

/**
 * The one Node entry: the cluster, the public listener and the shutdown around the app
 * (server/app.ts). `npm run build` bundles this file to build/server.js (scripts/build-server.ts),
 * which `npm start` runs with plain node.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const build = (await import(path.join(root, "build/index.js")).catch((error: Error) => {
  // A configuration refusal names the variable and what to set; a stack trace would bury it.
  if (error.name !== "ConfigError") throw error;
  console.error(error.message);
  process.exit(1);
})) as ServerBuild;
const { env, logEvent: logLine, metrics } = build.entry.module as unknown as typeof AppServerEntry;

// Every core (docs/decisions/0009): the primary forks the workers, each the whole server below,
// and serves nothing itself but the metrics; without Redis it holds the allowances the workers share.
if (becomeClusterPrimary(env.WEB_CONCURRENCY ?? os.availableParallelism(), logLine, metrics.clusterMetrics)) {
  if (!env.REDIS_URL) serveClusterAllowances();
  if (env.METRICS_PORT)
    serveMetrics(env.METRICS_PORT, env.METRICS_HOST, metrics.clusterMetrics, metrics.contentType, logLine);
} else {
  // A fault at start-up (docs/decisions/0018) is one line and exit 1, not a stack trace in a loop.
  const faultAtStart = (error: unknown) => stopAtStartup(error, env.PORT, env.HOST, logLine);
  const { listener, privateApi, closeApi } = await createApp({
    build,
    root,
    // Loaded only when it runs here: a server on a remote upstream never opens the sandbox's database.
    createEmbeddedApi: async (options) => {
      const { createEmbeddedApi } = await import("./sandbox/index");
      try {
        return createEmbeddedApi(options);
      } catch (error) {
        const code = (error as { code?: unknown }).code;
        throw Object.assign(new Error(`the database ${options.databasePath}: ${(error as Error).message}`), { code });
      }
    },
  }).catch(faultAtStart);
  /**
   * Explicit socket timeouts: headers must arrive within HEADERS_TIMEOUT_MS and a whole request within
   * REQUEST_TIMEOUT_MS (checked every second, not Node's default 30 s), and an idle kept-alive
   * socket goes after KEEP_ALIVE_TIMEOUT_MS. A form body has its own, shorter BODY_TIMEOUT_MS.
   */
  const server = http.createServer(
    {
      headersTimeout: env.HEADERS_TIMEOUT_MS,
      requestTimeout: Math.max(env.REQUEST_TIMEOUT_MS, env.HEADERS_TIMEOUT_MS),
      keepAliveTimeout: env.KEEP_ALIVE_TIMEOUT_MS,
      connectionsCheckingInterval: 1_000,
    },
    listener,
  );
  server.once("error", (error) => void faultAtStart(error));
  server.listen(env.PORT, env.HOST, () => {
    server.removeAllListeners("error");
    logLine({
      level: "info",
      msg: `Kavach listening on http://localhost:${env.PORT}`,
      api: env.API_BASE_URL ?? "embedded",
      // Whoever starts a development server reads its sign-in codes: the outbox's own link, key and all,
      // so a first purchase needs no digging in the data folder (docs/decisions/0040). Never in production.
      ...(env.NODE_ENV !== "production" && env.API_BASE_URL === undefined && env.sandboxOutboxKey !== undefined
        ? { outbox: `http://localhost:${env.PORT}/dev/outbox?key=${env.sandboxOutboxKey}` }
        : {}),
    });
  });
  // A single process serves its own metrics; a cluster's primary serves the workers' (above).
  if (env.METRICS_PORT && !cluster.isWorker)
    serveMetrics(env.METRICS_PORT, env.METRICS_HOST, metrics.processMetrics, metrics.contentType, logLine);
  drainOnSignal({ server, privateApi, closeApi, timeoutMs: env.SHUTDOWN_TIMEOUT_MS, log: logLine });
}
