import crypto from "node:crypto";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import compression from "compression";
import express from "express";
import type * as AppServerEntry from "./app/entry.server";
import { createIpAllowances } from "./server/ip-rate-limit";
import { remixHandler } from "./server/remix-handler";
import { renderGate } from "./server/render-gate";
import { createSecurityHeaders, sameSiteWrites, bodyLimit, noStoreForSessions } from "./server/security";

/**
 * The one Node process: static assets, the Remix app, and, unless API_BASE_URL points at a real
 * upstream, the embedded API and its sandbox pages. `npm run build` bundles this file to
 * build/server.js (scripts/build-server.ts), which `npm start` runs with plain node.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const build = (await import(path.join(root, "build/index.js")).catch((error: Error) => {
  // A configuration refusal names the variable and what to set; a stack trace would bury it.
  if (error.name !== "ConfigError") throw error;
  console.error(error.message);
  process.exit(1);
})) as ServerBuild;
// The configuration and the session cookie come from the Remix build's own modules, so they are
// parsed and made once per process (docs/decisions/0007).
const { env, SESSION_COOKIE_NAME } = build.entry.module as unknown as typeof AppServerEntry;
const securityHeaders = createSecurityHeaders({ hsts: env.httpsOnly });
/**
 * Page renders let in at once. The embedded API's calls are served by this same event loop, so a
 * few renders at a time keep them prompt (more only lengthen each turn of the loop); renders
 * waiting on a remote upstream mostly wait, and need only a cap against bursts.
 */
const CONCURRENT_RENDERS = env.API_BASE_URL ? 64 : 4;
const app = express();
app.disable("x-powered-by");
app.set("trust proxy", "loopback");

app.get("/healthz", (_req, res) => {
  res.json({ status: "ok" });
});

app.use((req, res, next) => {
  const started = process.hrtime.bigint();
  const id = (req.get("x-request-id") || crypto.randomUUID()).slice(0, 64);
  res.locals.requestId = id;
  res.setHeader("X-Request-Id", id);
  if (env.LOG_REQUESTS === "1") {
    res.on("finish", () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      console.log(JSON.stringify({ level: "info", id, method: req.method, path: req.path, status: res.statusCode, ms: Math.round(ms * 10) / 10 }));
    });
  }
  next();
});

app.use(bodyLimit);
// Files and the embedded API's answers stream through the compression middleware; pages are
// compressed whole by the Remix handler (server/remix-handler.ts).
const compressStream = compression();

let closeApi: (() => void) | undefined;
if (!env.API_BASE_URL) {
  const { createEmbeddedApi } = await import("./api/index");
  const api = createEmbeddedApi({
    databasePath: env.databasePath,
    mountPath: "/api",
    gatewayKeySecret: env.sandboxKeySecret,
    pendingSettleMs: env.SANDBOX_PENDING_SETTLE_MS,
    smtpUrl: env.SMTP_URL,
  });
  app.use("/api", compressStream, api.router);
  app.use("/dev", securityHeaders, compressStream, api.devRouter);
  closeApi = api.close;
}

// Fingerprinted build output never changes under its name; everything else in public/ may.
app.use("/build", compressStream, express.static(path.join(root, "public/build"), { immutable: true, maxAge: "1y" }));
// Every file in public/ has an extension and no page path does: pages skip the look on disk.
const publicFiles = express.static(path.join(root, "public"), { maxAge: "1h" });
app.use((req, res, next) => (path.extname(req.path) ? compressStream(req, res, () => publicFiles(req, res, next)) : next()));

app.use(securityHeaders, sameSiteWrites, noStoreForSessions(SESSION_COOKIE_NAME), renderGate(CONCURRENT_RENDERS));
const spendIpAllowance = createIpAllowances({
  codeRequestsPerHour: env.IP_CODE_REQUESTS_PER_HOUR,
  codeVerificationsPerHour: env.IP_CODE_VERIFICATIONS_PER_HOUR,
});
app.all(
  "*",
  remixHandler(build, env.NODE_ENV === "production" ? "production" : "development", (req, res) => ({
    cspNonce: res.locals.cspNonce as string,
    // req.ip honours X-Forwarded-For only from a proxy on loopback ("trust proxy" above).
    spendIpAllowance(kind) {
      const ip = req.ip ?? "unknown";
      const spent = spendIpAllowance(ip, kind);
      if (!spent.ok) console.warn(JSON.stringify({ level: "warn", event: "ip_limit", kind, ip, id: res.locals.requestId }));
      return spent;
    },
  })),
);

const server = app.listen(env.PORT, env.HOST, () => {
  console.log(
    JSON.stringify({ level: "info", msg: `Kavach listening on http://localhost:${env.PORT}`, api: env.API_BASE_URL ?? "embedded" }),
  );
});
server.keepAliveTimeout = 65_000;

function shutdown(signal: string) {
  console.log(JSON.stringify({ level: "info", msg: `${signal}: closing` }));
  server.close(() => {
    closeApi?.();
    process.exit(0);
  });
  server.closeIdleConnections();
  setTimeout(() => process.exit(1), 10_000).unref();
}
process.on("SIGTERM", () => shutdown("SIGTERM"));
process.on("SIGINT", () => shutdown("SIGINT"));
