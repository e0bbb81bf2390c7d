import type http from "node:http";
import type { ServerBuild } from "@remix-run/node";
import compression from "compression";
import express, { type Express } from "express";
import type * as AppServerEntry from "../app/entry.server";
import { clientAllowances } from "./allowances";
import { type CreateEmbeddedApi, openEmbeddedApi } from "./embedded-api";
import { formBodies } from "./form-body";
import { boundedQueries } from "./input-bounds";
import { metricsOnPublicPort } from "./metrics-listener";
import { createPageCache } from "./page-cache";
import { probes } from "./probes";
import { remixHandler } from "./remix-handler";
import { renderGate } from "./render-gate";
import { requestIds, requestLog } from "./request-log";
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
import { staticFiles } from "./static-files";

export type { CreateEmbeddedApi, EmbeddedApi, EmbeddedApiOptions } from "./embedded-api";

export interface AppOptions {
  /**
   * The Remix build (build/index.js, or a test's own). Its entry module hands over the
   * configuration, parsed and made once per process in the modules every route uses
   * (docs/decisions/0007), and is told where the embedded API listens.
   */
  build: ServerBuild;
  /** The folder holding public/ (the checkout's root). */
  root: string;
  /** Makes the embedded API, used unless API_BASE_URL names a real upstream. */
  createEmbeddedApi?: CreateEmbeddedApi;
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
  /** The key the app's own calls on the private listener carry (a test acts as the app with it). */
  embeddedApiKey?: string;
  /** Closes the embedded API (its database), once the app has drained. */
  closeApi?: () => void;
}

/**
 * The whole server but its listening, in the order a request meets it: the kept public pages and
 * /metrics ahead of Express; then the probes, the checks at the door, the embedded API (unless
 * API_BASE_URL points at a real upstream), the static files, the page checks and the render gate,
 * and Remix. server.ts adds the cluster, the listener and the shutdown; tests build it in-process.
 */
export async function createApp({ build, root, createEmbeddedApi, log }: AppOptions): Promise<KavachApp> {
  const entry = build.entry.module as unknown as typeof AppServerEntry;
  const { env, metrics } = entry;
  // One logger for the process, the app's (docs/decisions/0036); a test may read its lines.
  if (log) entry.sendLogsTo((line) => log(JSON.parse(line) as Record<string, unknown>));
  const mode = env.NODE_ENV === "production" ? "production" : "development";
  const nextRequestId = requestIds();
  const allowances = clientAllowances(entry);
  const embedded =
    createEmbeddedApi && !env.API_BASE_URL
      ? await openEmbeddedApi(createEmbeddedApi, {
          entry,
          spendIpAllowance: allowances.spendIpAllowance,
          nextRequestId,
        })
      : undefined;
  const gate = pageRenderGate(entry);
  const pageCache = createPageCache({
    holdsPersonalCookie: entry.holdsPersonalCookie,
    onLookup: metrics.pageCacheLookup,
  });
  metrics.watchPageCache(pageCache);
  const pageHeaders = createSecurityHeaders({ hsts: env.httpsOnly });
  // Files and the embedded API's answers stream through the compression middleware; pages are
  // compressed whole by the Remix handler (server/remix-handler.ts).
  const compress = compression();

  const app = express();
  app.disable("x-powered-by");
  // X-Forwarded-For is believed only from the proxies TRUST_PROXY names; by default nobody's.
  app.set("trust proxy", env.TRUST_PROXY.length ? env.TRUST_PROXY : false);
  app.use(probes(entry, { build, mode, gate, store: allowances.store, databaseReady: embedded?.ready }));
  app.use(doorChecks(entry));
  embedded?.mount(app, pageHeaders, compress);
  app.use(staticFiles(root, compress));
  app.use(pageHeaders, ...pageChecks(entry), gate);
  app.all("*", remix(entry, build, mode, { allowances, pageCache }));
  app.use(errorAnswers(entry.logEvent));

  const listener = publicListener(entry, {
    app,
    pageCache,
    nextRequestId,
    requestLog: requestLog(build.routes, entry),
    metricsOnPublicPort: metricsOnPublicPort(entry),
  });
  return { app, listener, privateApi: embedded?.privateApi, embeddedApiKey: embedded?.key, closeApi: embedded?.close };
}

/**
 * Page renders let in at once. The embedded API's calls are served by this same event loop, so a
 * few renders at a time keep them prompt (more only lengthen each turn of the loop); renders
 * waiting on a remote upstream mostly wait, and need only a cap against bursts.
 */
function pageRenderGate({ env, metrics }: typeof AppServerEntry) {
  const gate = renderGate(env.API_BASE_URL ? 64 : 4, { onAbandoned: metrics.renderGateAbandoned });
  metrics.watchRenderGate(gate);
  return gate;
}

/** Every request's: its id for the log, a known Host, a well-formed address and query, a bounded body. */
function doorChecks({ env, UPLOAD_POSTS, inputProblem }: typeof AppServerEntry): express.RequestHandler[] {
  return [
    (_req, res, next) => {
      res.locals.requestId = res.getHeader("X-Request-Id");
      next();
    },
    // A Host that is not this site is refused in production: pages never echo a header's say-so.
    ...(env.PUBLIC_ORIGIN && env.NODE_ENV === "production" ? [knownHosts(new URL(env.PUBLIC_ORIGIN).hostname)] : []),
    wellFormedUrls,
    boundedQueries(inputProblem),
    bodyLimit(new Set(new Map(UPLOAD_POSTS).keys())),
  ];
}

/** A page's: who may post, no shared caching of a session's pages, and a post's whole body read and checked. */
function pageChecks(entry: typeof AppServerEntry): express.RequestHandler[] {
  const { env, SESSION_COOKIE_NAME, SIGNED_IN_POSTS, SERVER_PAGE_PATHS, UPLOAD_POSTS, inputProblem } = entry;
  return [
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
      uploads: new Map(UPLOAD_POSTS),
    }),
  ];
}

/** Remix, with what a loader or action is handed (the load context) and the one-trip step. */
function remix(
  entry: typeof AppServerEntry,
  build: ServerBuild,
  mode: string,
  {
    allowances,
    pageCache,
  }: { allowances: ReturnType<typeof clientAllowances>; pageCache: ReturnType<typeof createPageCache> },
): express.RequestHandler {
  const { env, SERVER_PAGE_PATHS, followRedirect, inRequestScope, inputProblem, withRequestId } = entry;
  const handler = remixHandler(
    build,
    mode,
    (req, res) => ({
      cspNonce: res.locals.cspNonce as string,
      pageScriptsCsp: PAGE_SCRIPTS_CSP,
      // req.ip honours X-Forwarded-For only from the proxies in TRUST_PROXY ("trust proxy", createApp).
      clientIp: req.ip ?? "unknown",
      spendIpAllowance: (kind) => allowances.spendIpAllowance(req.ip ?? "unknown", kind, res.locals.requestId),
      spendNumberAllowance: (kind, mobileNo) => allowances.spendNumberAllowance(mobileNo, kind),
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
  return (req, res, next) => withRequestId(res.locals.requestId as string, () => handler(req, res, next));
}

/**
 * The public listener's handler. A kept public page is answered before Express: no middleware, no
 * render (docs/decisions/0010). Everything a request does runs with its id, so each line logged
 * meanwhile carries it.
 */
function publicListener(
  { withRequestId }: typeof AppServerEntry,
  parts: {
    app: Express;
    pageCache: ReturnType<typeof createPageCache>;
    nextRequestId: () => string;
    requestLog: ReturnType<typeof requestLog>;
    metricsOnPublicPort: ReturnType<typeof metricsOnPublicPort>;
  },
): http.RequestListener {
  return (req, res) => {
    const given = req.headers["x-request-id"];
    const id = (typeof given === "string" && given ? given : parts.nextRequestId()).slice(0, 64);
    withRequestId(id, () => {
      const perRequest = parts.requestLog(req, res, id);
      if (parts.pageCache.answer(req, res, perRequest)) return;
      for (let i = 0; i < perRequest.length; i += 2) res.setHeader(perRequest[i], perRequest[i + 1]);
      if (parts.metricsOnPublicPort(req, res)) return;
      parts.app(req, res);
    });
  };
}
