// The embedded upstream API (docs/api-contract.md), served in-process when API_BASE_URL is unset.
import path from "node:path";
import express, { type NextFunction, type Request, type Response, Router } from "express";
import { type ApiContext, type LogSink, iso } from "./shared/context";
import { openDatabase } from "./store/db";
import { HttpError, sendFail } from "./shared/envelope";
import { devRouter } from "./messages/outbox-page";
import { employerRouter } from "./routes/employer";
import { membersRouter } from "./routes/members";
import { changesRouter } from "./routes/changes";
import { renewalRouter } from "./routes/renewal";
import { scheduleRenewalReminders } from "./membership/renewal-reminders";
import { adminsRouter } from "./routes/admins";
import { globalRouter } from "./routes/global";
import { termsRouter } from "./routes/terms";
import { claimsRouter } from "./routes/claims";
import { keepSigningCertificateIn } from "./billing/invoice-signature";
import { scheduleRetention } from "./membership/retention";
import { startThreadPool } from "./threads/thread-pool";
import { sandboxRouter } from "./routes/gateway";
import { seedCatalog } from "./store/seed";
import { type EmailProvider, outboxEmailProvider, smtpEmailProvider } from "./messages/email";
import { type SmsProvider, outboxSmsProvider } from "./messages/sms";

export type { SmsProvider } from "./messages/sms";
export type { EmailProvider } from "./messages/email";

export interface EmbeddedApiOptions {
  databasePath: string;
  mountPath: string;
  /** Where people reach the site, and this API under `mountPath` (the links documents print). */
  publicOrigin: string;
  gatewayKeySecret: string;
  now?: () => number;
  smsProvider?: SmsProvider;
  emailProvider?: EmailProvider;
  /** Sends email over SMTP instead of keeping it in the sandbox outbox. */
  smtpUrl?: string;
  pendingSettleMs?: number;
  /** Tests may move a number's codes back in time (POST /sandbox/clock/codes). */
  testClock?: boolean;
  log?: LogSink;
  /** How often members whose time is up are erased (sandbox/membership/retention.ts); every 6 hours unless set. */
  retentionSweepMs?: number;
  /** Where order callbacks may point: the site's public origin. Unset: any http(s) address (development). */
  allowedCallbackOrigin?: string;
  /** Whoever sends it reads the whole outbox (sandbox/messages/outbox-access.ts); unset, each caller only their own. */
  outboxKey?: string;
}

export interface EmbeddedApi {
  router: Router;
  devRouter: Router;
  /** For the server's readiness probe: "ok" while the database answers a read, else why not. */
  ready(): string;
  /** Closes the database, once the emails being sent have finished. */
  close(): void;
}

const DEFAULT_PENDING_SETTLE_MS = 20_000;
const CENSUS_BODY_LIMIT = "8mb";
/** No script, no plugins, no framing; the sandbox page's inline styles and forms only. */
const API_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; form-action 'self' http: https:; frame-ancestors 'none'; base-uri 'none'";

export function createEmbeddedApi(o: EmbeddedApiOptions): EmbeddedApi {
  const now = o.now ?? Date.now;
  const sink: LogSink = o.log ?? ((event) => console.log(JSON.stringify(event)));
  const log: LogSink = (event) => sink({ level: "info", time: iso(now()), ...event });
  const db = openDatabase(o.databasePath, now);
  seedCatalog(db);
  // One signing certificate per deployment, beside its database (decision 0040).
  keepSigningCertificateIn(o.databasePath === ":memory:" ? undefined : path.dirname(path.resolve(o.databasePath)));
  const ctx: ApiContext = {
    db,
    now,
    log,
    sms: o.smsProvider ?? outboxSmsProvider(db, now),
    email: o.emailProvider ?? (o.smtpUrl ? smtpEmailProvider(o.smtpUrl) : outboxEmailProvider(db, now)),
    emailsInFlight: new Map(),
    mountPath: o.mountPath.replace(/\/+$/, ""),
    publicOrigin: o.publicOrigin,
    gatewayKeySecret: o.gatewayKeySecret,
    pendingSettleMs: o.pendingSettleMs ?? DEFAULT_PENDING_SETTLE_MS,
    testClock: o.testClock ?? false,
    allowedCallbackOrigin: o.allowedCallbackOrigin,
    outboxKey: o.outboxKey,
  };

  const router = Router();
  // JSON, and for the sandbox a few plain pages: nothing to sniff, frame, or run (docs/product.md, Security rules).
  // Every answer is the caller's own (a cart, a membership, an invoice, a person's code or token):
  // never kept by a shared cache, nor by the browser (decision 0040).
  router.use((_req, res, next) => {
    res.setHeader("Cache-Control", "private, no-store");
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Content-Security-Policy", API_CSP);
    res.setHeader("Referrer-Policy", "no-referrer");
    next();
  });
  // A census check carries up to 10,000 rows (a 2 MB file as JSON); everything else stays small.
  router.use("/employer/v1/membership/census/check", express.json({ limit: CENSUS_BODY_LIMIT }));
  // So does an upload of changes, quoted in one call (docs/decisions/0042).
  router.use("/employer/v1/membership/changes/quotes", express.json({ limit: CENSUS_BODY_LIMIT }));
  router.use(claimsRouter(ctx));
  router.use(express.json({ limit: "64kb" }));
  router.use("/global", globalRouter(ctx));
  router.use("/employer/v1", employerRouter(ctx));
  router.use("/employer/v1", membersRouter(ctx));
  router.use("/employer/v1", changesRouter(ctx));
  router.use("/employer/v1", renewalRouter(ctx));
  router.use("/employer/v1", adminsRouter(ctx));
  router.use("/tnc", termsRouter());
  router.use("/sandbox", sandboxRouter(ctx));
  router.use((_req, res) => sendFail(res, 404, "Not found"));
  router.use(errorHandler(log));

  const dev = Router();
  dev.use(devRouter(ctx));
  dev.use(errorHandler(log));

  const ready = () => {
    try {
      db.prepare("SELECT 1").get();
      return "ok";
    } catch (error) {
      return `unavailable (${(error as { code?: string }).code ?? (error as Error).message})`;
    }
  };
  // Members' details are erased when their time is up (docs/product.md, Personal data).
  const stopRetention = scheduleRetention(ctx, o.retentionSweepMs);
  // Renewal reminders go out when due, read or not (docs/product.md, Renewal).
  const stopReminders = scheduleRenewalReminders(ctx);
  // PDFs and census checks are worked out in other threads (docs/decisions/0041): one is ready from the start.
  startThreadPool();

  return {
    router,
    devRouter: dev,
    ready,
    close: () => {
      stopRetention();
      stopReminders();
      // The emails already being sent finish first: their PDFs are drawn in other threads
      // (docs/decisions/0041), and each marks what it sent in the database.
      void Promise.allSettled(ctx.emailsInFlight.values()).then(() => db.close());
    },
  };
}

/** Client mistakes become 4xx envelopes; anything else is logged and answered without details. */
function errorHandler(log: LogSink) {
  return (err: unknown, req: Request, res: Response, _next: NextFunction): void => {
    if (err instanceof HttpError) {
      sendFail(res, err.status, err.message, err.data);
      return;
    }
    const type = typeof err === "object" && err !== null && "type" in err ? (err as { type: unknown }).type : undefined;
    if (type === "entity.parse.failed") {
      sendFail(res, 400, "The request body is not valid JSON.");
      return;
    }
    if (type === "entity.too.large") {
      sendFail(res, 413, "The request body is too large.");
      return;
    }
    // Any other client mistake the body parser found (a body that is not the gzip it says it is,
    // an unsupported charset or encoding) keeps its 4xx.
    const status = Number((err as { status?: unknown })?.status);
    if (status >= 400 && status < 500) {
      sendFail(res, status, "The request body could not be read.");
      return;
    }
    // A storage fault (disk full, an unwritable WAL file) may pass: 503 asks the caller to retry.
    const storage = /^SQLITE_(IOERR|BUSY|LOCKED|FULL|CANTOPEN|READONLY|CORRUPT|NOMEM|PROTOCOL)/.test(
      String((err as { code?: unknown })?.code ?? ""),
    );
    log({
      level: "error",
      event: storage ? "storage_fault" : "api_error",
      method: req.method,
      path: req.originalUrl.split("?")[0],
      error: err instanceof Error ? (err.stack ?? err.message) : String(err),
    });
    if (res.headersSent) {
      res.end();
      return;
    }
    sendFail(res, storage ? 503 : 500, storage ? "Storage unavailable. Try again." : "Internal error");
  };
}
