import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import express, { type Express, type RequestHandler } from "express";
import type * as AppServerEntry from "../app/entry.server";
import type { Allowance, AllowanceResult } from "./allowances";
import { routeMethod, routePath } from "./route-path";
import { sameKey } from "./security";

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
export type CreateEmbeddedApi = (options: EmbeddedApiOptions) => EmbeddedApi | Promise<EmbeddedApi>;

export interface OpenEmbeddedApiOptions {
  /** The build's entry module: the configuration, the logger, and where the app is told the address. */
  entry: typeof AppServerEntry;
  /** Spends one of a client IP's hourly allowances (server/allowances.ts, clientAllowances). */
  spendIpAllowance: (ip: string, kind: Allowance, requestId: unknown) => Promise<AllowanceResult>;
  /** A fresh request id, for a call that brings none. */
  nextRequestId: () => string;
}

export interface OpenedEmbeddedApi {
  /** The private loopback listener the app calls the API on. */
  privateApi: http.Server;
  /** The key the app's calls on the private listener carry. */
  key: string;
  /** "ok" while its database answers a read (for /readyz). */
  ready(): string;
  close(): void;
  /** Serves /api and /dev on the public app too, with the per-IP caps. */
  mount(app: Express, pageHeaders: RequestHandler, compress: RequestHandler): void;
}

/**
 * The embedded API, when no real upstream is configured. It also listens privately on loopback, and
 * the app calls it there: at shutdown the public listener stops taking connections while requests
 * in flight still reach the API, which closes only once the app has drained (docs/product.md,
 * Security rules). The socket is this process's own (exclusive): in a cluster worker a plain listen
 * would join one socket the primary shares among all workers, and another worker's death would
 * break this one's calls (docs/decisions/0017). The app is told the address, and the key its calls
 * carry, through the build's config module (useEmbeddedApi).
 */
export async function openEmbeddedApi(
  create: CreateEmbeddedApi,
  { entry, spendIpAllowance, nextRequestId }: OpenEmbeddedApiOptions,
): Promise<OpenedEmbeddedApi> {
  const { env, logEvent, withRequestId } = entry;
  const privateApi = http.createServer();
  await new Promise<void>((resolve) => privateApi.listen({ port: 0, host: "127.0.0.1", exclusive: true }, resolve));
  const api = await create({
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
    log: logEvent,
  });

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

  /**
   * The private listener: the app's own calls carry a key, derived from the session secret so that
   * every worker of the cluster, whichever answers on the shared loopback port, knows it and no
   * outsider does. For them the API believes X-Forwarded-For, the visitor the app relays for, and
   * no cap applies (the app has spent it already). Anyone else who reaches the loopback port is a
   * client like any other: its own address, and the public caps.
   */
  const relayKey = crypto.createHmac("sha256", env.sessionSecrets[0]!).update("embedded api key").digest("base64url");
  const privateApp = express();
  privateApp.disable("x-powered-by");
  privateApp.set("trust proxy", "loopback");
  privateApp.use("/api", (req, res, next) => {
    if (sameKey(req.get("x-embedded-api-key"), relayKey))
      // The app's call carries its visitor's request id: the API's lines join that request's.
      return withRequestId(req.get("x-request-id")?.slice(0, 64) ?? nextRequestId(), () => api.router(req, res, next));
    delete req.headers["x-forwarded-for"];
    withRequestId(nextRequestId(), () => capped(req, res, () => api.router(req, res, next)));
  });
  privateApi.on("request", privateApp);
  entry.useEmbeddedApi({
    url: `http://127.0.0.1:${(privateApi.address() as AddressInfo).port}/api`,
    key: relayKey,
  });

  return {
    privateApi,
    key: relayKey,
    ready: api.ready,
    close: api.close,
    mount(app, pageHeaders, compress) {
      app.use("/api", capped, compress, api.router);
      app.use("/dev", pageHeaders, compress, api.devRouter);
    },
  };
}
