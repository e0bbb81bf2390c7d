import cluster from "node:cluster";
import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import type { ServerBuild } from "@remix-run/node";
import { createRequestHandler } from "@remix-run/node";
import compression from "compression";
import express, { type Express, type RequestHandler } from "express";
import type * as AppServerEntry from "../app/entry.server";
import { type Allowance, allowanceStore, allowancesHealth, createAllowances } from "./allowances";
import { metricsFromPrimary, workersRestarting } from "./cluster";
import { formBodies } from "./form-body";
import { boundedQueries } from "./input-bounds";
import { createPageCache } from "./page-cache";
import { remixHandler } from "./remix-handler";
import { renderGate } from "./render-gate";
import { routeMethod, routePath } from "./route-path";
import { routeLabeller } from "./route-pattern";
import {
  BODY_LIMIT_BYTES,
  PAGE_SCRIPTS_CSP,
  bodyLimit,
  createSecurityHeaders,
  errorAnswers,
  knownHosts,
  noStoreForSessions,
  sameSiteWrites,
  wellFormedUrls,
} from "./security";
import { isDraining } from "./shutdown";

/** What the embedded API (sandbox/index.ts) is made with and gives; handed in, as server/ never imports the sandbox. */
export interface EmbeddedApiOptions {
  databasePath: string;
  mountPath: string;
  publicOrigin: string;
  gatewayKeySecret: string;
  pendingSettleMs?: number;
  testClock?: boolean;
  smtpUrl?: string;
  allowedCallbackOrigin?: string;
  /** Whoever sends it reads the whole sandbox outbox; unset, each caller only their own. */
  outboxKey?: string;
  /** Where the embedded API's event lines go: the process's logger. */
  log?: (event: Record<string, unknown>) => void;
}
export interface EmbeddedApi {
  router: RequestHandler;
  devRouter: RequestHandler;
  /** "ok" while its database answers a read, else why not (for /readyz). */
  ready(): string;
  close(): void;
}

export interface AppOptions {
  /** The Remix build (build/index.js, or a test's own); its entry module hands over the configuration. */
  build: ServerBuild;
  /** The folder holding public/ (the checkout's root). */
  root: string;
  /** Makes the embedded API, used unless API_BASE_URL names a real upstream. */
  createEmbeddedApi?: (options: EmbeddedApiOptions) => EmbeddedApi | Promise<EmbeddedApi>;
  /** Where the log lines go, each as an object (a test that reads them); stdout by default. */
  log?: (entry: Record<string, unknown>) => void;
}

export interface KavachApp {
  /** Every middleware, the embedded API when configured, and the Remix handler. */
  app: Express;
  /** The whole server's request handler: a kept public page ahead of Express, else the app. */
  listener: http.RequestListener;
  /** The embedded API's private loopback listener, when it runs here. */
  privateApi?: http.Server;
  /** Closes the embedded API (its database), once the app has drained. */
  closeApi?: () => void;
}

/**
 * The whole server but its listening: static assets, the Remix app, and, unless API_BASE_URL points
 * at a real upstream, the embedded API and its sandbox pages. server.ts adds the cluster, the
 * listener and the shutdown; tests build it in-process.
 */
export async function createApp({ build, root, createEmbeddedApi, log }: AppOptions): Promise<KavachApp> {
  // The configuration and the session cookie come from the Remix build's own modules, so they are
  // parsed and made once per process (docs/decisions/0007).
  const {
    env,
    SESSION_COOKIE_NAME,
    SIGNED_IN_POSTS,
    SERVER_PAGE_PATHS,
    holdsPersonalCookie,
    UPLOAD_POSTS,
    followRedirect,
    inputProblem,
    inRequestScope,
    logger,
    logEvent: logLine,
    sendLogsTo,
    withRequestId,
    metrics,
    upstreamReadiness,
  } = build.entry.module as unknown as typeof AppServerEntry;
  // One logger for the process, the app's (docs/decisions/0036); a test may read its lines.
  if (log) sendLogsTo((line) => log(JSON.parse(line) as Record<string, unknown>));

  /**
   * The embedded API also listens privately on loopback, and the app calls it there: at shutdown the
   * public listener stops taking connections while requests in flight still reach the API, which
   * closes only once the app has drained (docs/product.md, Security rules). The app reads its
   * address (EMBEDDED_API_URL) when it makes a call. The socket is this process's own (exclusive):
   * in a cluster worker a plain listen would join one socket the primary shares among all workers,
   * and another worker's death would break this one's calls (docs/decisions/0017).
   */
  const privateApi = env.API_BASE_URL || !createEmbeddedApi ? undefined : http.createServer();
  if (privateApi) {
    await new Promise<void>((resolve) => privateApi.listen({ port: 0, host: "127.0.0.1", exclusive: true }, resolve));
    process.env.EMBEDDED_API_URL = `http://127.0.0.1:${(privateApi.address() as AddressInfo).port}/api`;
  }
  const securityHeaders = createSecurityHeaders({ hsts: env.httpsOnly });
  /**
   * Page renders let in at once. The embedded API's calls are served by this same event loop, so a
   * few renders at a time keep them prompt (more only lengthen each turn of the loop); renders
   * waiting on a remote upstream mostly wait, and need only a cap against bursts.
   */
  const CONCURRENT_RENDERS = env.API_BASE_URL ? 64 : 4;
  const app = express();
  app.disable("x-powered-by");
  // X-Forwarded-For is believed only from the proxies TRUST_PROXY names; by default nobody's.
  app.set("trust proxy", env.TRUST_PROXY.length ? env.TRUST_PROXY : false);
  const gate = renderGate(CONCURRENT_RENDERS, { onAbandoned: metrics.renderGateAbandoned });
  metrics.watchRenderGate(gate);
  const mode = env.NODE_ENV === "production" ? "production" : "development";

  /**
   * Liveness: healthy only when a page renders now, through the render gate as any visitor's would,
   * so a server whose render slots are all held answers 503 (docs/product.md, Security rules).
   */
  const renderProbe = createRequestHandler(build, mode);
  const READY_WITHIN_MS = 2_000;
  /** `work`'s answer, or `late` once READY_WITHIN_MS have passed without one. */
  async function within<T>(work: Promise<T>, late: T): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<T>((resolve) => (timer = setTimeout(() => resolve(late), READY_WITHIN_MS)));
    const answer = await Promise.race([work, timedOut]);
    clearTimeout(timer);
    return answer;
  }
  function pageRenders(): Promise<boolean> {
    const rendered = gate.enter().then(async (leave) => {
      try {
        const page = await renderProbe(new Request(`http://127.0.0.1${SERVER_PAGE_PATHS.notFound}`), {
          cspNonce: "",
          pageScriptsCsp: PAGE_SCRIPTS_CSP,
          clientIp: "127.0.0.1",
          spendIpAllowance: async () => ({ ok: true }),
          spendNumberAllowance: async () => ({ ok: true }),
        });
        return page.status === 404;
      } finally {
        leave();
      }
    });
    return within(
      rendered.catch(() => false),
      false,
    );
  }
  app.get("/healthz", async (_req, res) => {
    const ready = await pageRenders();
    // Codes refused while Redis is out is said here, but is no reason to take the server out of
    // service: pages still render (docs/decisions/0018).
    const allowances = allowancesHealth(store);
    res.status(ready ? 200 : 503).json({
      status: ready ? "ok" : "unavailable",
      ...(allowances === "ok" ? {} : { allowances }),
      // A worker that keeps dying is being restarted with a growing delay (server/cluster.ts).
      ...(workersRestarting() ? { workers: "restarting" } : {}),
    });
  });

  /**
   * Readiness (docs/decisions/0036): whether this server can sell now, for a load balancer to stop
   * sending buyers to one that cannot. 503 names what is wrong: a page cannot render (the render
   * gate full), the upstream does not answer its cheapest call (kept a few seconds,
   * app/upstream/readiness.server.ts), the embedded database does not answer a read, or the server
   * is draining. Redis is reported but never fails it: only codes wait on it, pages do not
   * (docs/decisions/0018), and every server shares the one Redis.
   */
  let databaseReady: (() => string) | undefined;
  app.get("/readyz", async (_req, res) => {
    const [renders, upstream] = await Promise.all([
      pageRenders(),
      within(upstreamReadiness(), `no answer within ${READY_WITHIN_MS} ms`),
    ]);
    const checks: Record<string, string> = {
      render: renders ? "ok" : `no page rendered within ${READY_WITHIN_MS} ms`,
      upstream,
      ...(databaseReady ? { database: databaseReady() } : {}),
      ...(store.kind === "redis" ? { redis: allowancesHealth(store) === "ok" ? "ok" : "unreachable" } : {}),
      ...(isDraining() ? { server: "draining" } : {}),
    };
    const ready = Object.entries(checks).every(([check, state]) => state === "ok" || check === "redis");
    res
      .status(ready ? 200 : 503)
      .set("Cache-Control", "no-store")
      .json({ status: ready ? "ready" : "unavailable", checks });
  });

  /**
   * A request's id: this process's random prefix and a count, unique across processes and
   * restarts like a UUID, for a fraction of the cost (a random UUID per request was a sixth of the
   * time of a page answered from memory).
   */
  const requestIdPrefix = crypto.randomBytes(9).toString("base64url");
  let requestCount = 0;
  const nextRequestId = () => `${requestIdPrefix}-${(requestCount += 1).toString(36)}`;

  const routeOf = routeLabeller(build.routes);
  /** Probes and files are logged at debug level: a probe every few seconds would bury the rest. */
  const quiet = (route: string) =>
    route === "/healthz" || route === "/readyz" || route === "/metrics" || route === "file" || route === "/build/*";

  /**
   * What every answer carries, whoever gives it (the page cache ahead of Express, or Express): an
   * X-Request-Id and, while draining, a closed connection, as name, value, …. When it is done, it
   * is counted under its route's pattern (docs/decisions/0036) and, when LOG_REQUESTS=1, logged; an
   * answer cut short by the visitor going away counts as 499.
   */
  function perRequestHeaders(req: http.IncomingMessage, res: http.ServerResponse, id: string): string[] {
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
  }
  // Public pages from memory (docs/decisions/0010): kept after a render, answered ahead of Express.
  const pageCache = createPageCache({ holdsPersonalCookie, onLookup: metrics.pageCacheLookup });
  metrics.watchPageCache(pageCache);
  app.use((_req, res, next) => {
    res.locals.requestId = res.getHeader("X-Request-Id");
    next();
  });

  // A Host that is not this site is refused in production: pages never echo a header's say-so.
  if (env.PUBLIC_ORIGIN && env.NODE_ENV === "production") app.use(knownHosts(new URL(env.PUBLIC_ORIGIN).hostname));
  const uploads = new Map(UPLOAD_POSTS);
  app.use(wellFormedUrls, boundedQueries(inputProblem), bodyLimit(new Set(uploads.keys())));
  // Files and the embedded API's answers stream through the compression middleware; pages are
  // compressed whole by the Remix handler (server/remix-handler.ts).
  const compressStream = compression();

  // Shared between cluster workers, and through Redis between servers (docs/decisions/0009).
  const store = allowanceStore(env.REDIS_URL, logLine);
  metrics.watchAllowances(() => ({ store: store.kind, ok: allowancesHealth(store) === "ok" }));
  const spendAllowance = createAllowances(
    {
      codeRequest: env.IP_CODE_REQUESTS_PER_HOUR,
      codeVerification: env.IP_CODE_VERIFICATIONS_PER_HOUR,
      appLink: env.IP_APP_LINKS_PER_HOUR,
    },
    { prefix: "ip", store, log: logLine, onRefusal: (kind, reason) => metrics.allowanceRefused(`ip:${kind}`, reason) },
  );
  const spendNumberAllowance = createAllowances(
    { appLink: env.NUMBER_APP_LINKS_PER_HOUR },
    {
      prefix: "number",
      store,
      log: logLine,
      onRefusal: (kind, reason) => metrics.allowanceRefused(`number:${kind}`, reason),
    },
  );
  /** Spends one of a client IP's hourly allowances, logging a refusal. */
  async function spendIpAllowance(ip: string, kind: Allowance, requestId: unknown) {
    const spent = await spendAllowance(ip, kind);
    if (!spent.ok) logger.warn({ event: "ip_limit", kind, ip, id: requestId });
    return spent;
  }

  let closeApi: (() => void) | undefined;
  if (privateApi && createEmbeddedApi) {
    const api = await createEmbeddedApi({
      databasePath: env.databasePath,
      mountPath: "/api",
      // In development the site is on this machine's port (env.server.ts, publicOrigin).
      publicOrigin: env.PUBLIC_ORIGIN ?? `http://localhost:${env.PORT}`,
      gatewayKeySecret: env.sandboxKeySecret,
      pendingSettleMs: env.SANDBOX_PENDING_SETTLE_MS,
      testClock: env.SANDBOX_TEST_CLOCK === "1" && env.NODE_ENV !== "production",
      smtpUrl: env.SMTP_URL,
      allowedCallbackOrigin: env.PUBLIC_ORIGIN,
      outboxKey: env.sandboxOutboxKey,
      log: logLine,
    });
    databaseReady = api.ready;
    /**
     * The per-IP caps on the API's code and link endpoints, decided by the route that will answer
     * (server/route-path.ts): another letter case, a trailing slash or HEAD reaches the same
     * handler, so it spends the same allowance (docs/decisions/0015).
     */
    const caps: Record<string, Allowance> = {
      "GET /global/users": "codeRequest",
      "POST /global/users/verify/otp": "codeVerification",
      "GET /global/applink": "appLink",
    };
    const capped: RequestHandler = (req, res, next) => {
      const kind = caps[`${routeMethod(req.method)} ${routePath(req.path)}`];
      if (!kind) return next();
      spendIpAllowance(req.ip ?? "unknown", kind, res.locals.requestId).then((spent) => {
        if (spent.ok) return next();
        res.status(429).json({ success: 0, msg: spent.message });
      }, next);
    };
    app.use("/api", capped, compressStream, api.router);
    app.use("/dev", securityHeaders, compressStream, api.devRouter);
    /**
     * The private listener: the app's own calls carry a key (EMBEDDED_API_KEY, read by
     * app/upstream/http.server.ts), derived from the session secret so that every worker of the
     * cluster, whichever answers on the shared loopback port, knows it and no outsider does. For them the API believes X-Forwarded-For, the visitor the app
     * relays for, and no cap applies (the app has spent it already). Anyone else who reaches the
     * loopback port is a client like any other: its own address, and the public caps.
     */
    const relayKey = crypto.createHmac("sha256", env.sessionSecrets[0]!).update("embedded api key").digest("base64url");
    process.env.EMBEDDED_API_KEY = relayKey;
    const privateApp = express();
    privateApp.disable("x-powered-by");
    privateApp.set("trust proxy", "loopback");
    privateApp.use("/api", (req, res, next) => {
      if (sameKey(req.get("x-embedded-api-key"), relayKey))
        // The app's call carries its visitor's request id: the API's lines join that request's.
        return withRequestId(req.get("x-request-id")?.slice(0, 64) ?? nextRequestId(), () =>
          api.router(req, res, next),
        );
      delete req.headers["x-forwarded-for"];
      withRequestId(nextRequestId(), () => capped(req, res, () => api.router(req, res, next)));
    });
    privateApi.on("request", privateApp);
    closeApi = api.close;
  }

  // Fingerprinted build output never changes under its name; everything else in public/ may.
  app.use("/build", compressStream, express.static(path.join(root, "public/build"), { immutable: true, maxAge: "1y" }));
  // Every file in public/ has an extension and no page path does: pages skip the look on disk, and
  // so do a page's data requests (`.data`, single fetch), which no file in public/ answers.
  const publicFiles = express.static(path.join(root, "public"), { maxAge: "1h" });
  app.use((req, res, next) => {
    const extension = path.extname(req.path);
    if (!extension || extension === ".data") return next();
    compressStream(req, res, () => publicFiles(req, res, next));
  });

  app.use(
    securityHeaders,
    sameSiteWrites({ sameSiteOrigins: env.SAME_SITE_ORIGINS, publicOrigin: env.PUBLIC_ORIGIN }),
    noStoreForSessions(SESSION_COOKIE_NAME),
    // Before the gate: a post takes a render slot only once its whole body is in and checked.
    formBodies({
      limitBytes: BODY_LIMIT_BYTES,
      timeoutMs: env.BODY_TIMEOUT_MS,
      inputProblem,
      signedInPaths: new Set(SIGNED_IN_POSTS),
      sessionCookieName: SESSION_COOKIE_NAME,
      signInPath: SERVER_PAGE_PATHS.signIn,
      uploads,
    }),
    gate,
  );
  const remix = remixHandler(
    build,
    mode,
    (req, res) => ({
      cspNonce: res.locals.cspNonce as string,
      pageScriptsCsp: PAGE_SCRIPTS_CSP,
      // req.ip honours X-Forwarded-For only from the proxies in TRUST_PROXY ("trust proxy" above).
      clientIp: req.ip ?? "unknown",
      spendIpAllowance: (kind) => spendIpAllowance(req.ip ?? "unknown", kind, res.locals.requestId),
      spendNumberAllowance: (kind, mobileNo) => spendNumberAllowance(mobileNo, kind),
    }),
    {
      offerToCache: pageCache.offer,
      notFoundPath: SERVER_PAGE_PATHS.notFound,
      // ONE_TRIP=off: two round trips a hydrated step, as Remix alone answers (docs/decisions/0045).
      followRedirect: env.ONE_TRIP === "on" ? followRedirect : undefined,
      inRequestScope,
      inputProblem,
    },
  );
  // Entered again here: a post's body arrives in events that run outside the listener's scope.
  app.all("*", (req, res, next) => withRequestId(res.locals.requestId as string, () => remix(req, res, next)));
  app.use(errorAnswers(logLine));

  /**
   * /metrics on the public port (docs/decisions/0036): only when METRICS_TOKEN is set, and only to
   * a request that carries it; otherwise the path is a page like any other (not found). A worker
   * of a cluster asks the primary, which sums every worker's.
   */
  const metricsText = cluster.isWorker ? metricsFromPrimary : metrics.processMetrics;
  function answerMetrics(req: http.IncomingMessage, res: http.ServerResponse): boolean {
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
  }

  // A kept public page is answered before Express: no middleware, no render (docs/decisions/0010).
  // Everything a request does runs with its id, so each line logged meanwhile carries it.
  const listener: http.RequestListener = (req, res) => {
    const given = req.headers["x-request-id"];
    const id = (typeof given === "string" && given ? given : nextRequestId()).slice(0, 64);
    withRequestId(id, () => {
      const perRequest = perRequestHeaders(req, res, id);
      if (pageCache.answer(req, res, perRequest)) return;
      for (let i = 0; i < perRequest.length; i += 2) res.setHeader(perRequest[i], perRequest[i + 1]);
      if (answerMetrics(req, res)) return;
      app(req, res);
    });
  };
  return { app, listener, privateApi, closeApi };
}

/** Whether a given key is the expected one, compared in constant time. */
function sameKey(given: string | undefined, key: string): boolean {
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(key);
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}
