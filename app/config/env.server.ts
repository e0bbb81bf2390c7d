import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { z } from "zod";

/**
 * Configuration from environment variables, parsed once at start. An unusable value stops the
 * start with a message naming the variable, so ops learn about a typo before the first request.
 */
const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  /** Gateway of the real upstream; unset means the embedded API serves under /api. */
  API_BASE_URL: z.string().url().optional(),
  API_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  /**
   * A file the upstream draws (10,000 e-cards are tens of seconds of another thread's CPU, decision 0041):
   * waited for longer than a call a page renders with.
   */
  API_FILE_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(120_000),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_PATH: z.string().min(1).optional(),
  /** Comma-separated; the first signs, the rest still verify (rotation). */
  SESSION_SECRET: z.string().min(16, "must be at least 16 characters").optional(),
  /** Key secret shared with the embedded payment sandbox. */
  SANDBOX_KEY_SECRET: z.string().min(16).optional(),
  /**
   * Whoever sends it reads the whole sandbox outbox (/dev/outbox, /api/sandbox/sms and /emails);
   * without it a caller reads only their own messages (decision 0040). Made under DATA_DIR in
   * development when unset; in production, unset means nobody reads them all.
   */
  SANDBOX_OUTBOX_KEY: z.string().min(16, "must be at least 16 characters").optional(),
  SANDBOX_PENDING_SETTLE_MS: z.coerce.number().int().min(0).default(20_000),
  /**
   * "1" lets tests move a number's one-time codes back in time (POST /api/sandbox/clock/codes), so a
   * resend wait is passed without waiting; never in production.
   */
  SANDBOX_TEST_CLOCK: z.enum(["0", "1"]).default("0"),
  /**
   * The site's public address: canonical links, the sitemap and the payment callback URL. Required in
   * production; in development the request's own origin stands in.
   */
  PUBLIC_ORIGIN: z
    .string()
    .url()
    .transform((origin) => new URL(origin).origin)
    .optional(),
  /** "1" lets a production server run the embedded sandbox API, whose codes and payments are public. */
  SANDBOX: z.enum(["0", "1"]).default("0"),
  /**
   * "off" answers a hydrated page's post as Remix does, without following its redirect: two round
   * trips a step, as before decision 0035, for a Remix upgrade that changes what the one-trip step
   * relies on (app/one-trip/protocol.ts, docs/decisions/0045).
   */
  ONE_TRIP: z.enum(["on", "off"]).default("on"),
  LOG_REQUESTS: z.enum(["0", "1"]).default("1"),
  /** The least severe lines written (docs/decisions/0036): debug adds /healthz, /readyz and file requests. */
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error"]).default("info"),
  /** "1" or "0": pretty lines in development; unset, pretty only at a terminal. Production is always JSON. */
  LOG_PRETTY: z.enum(["0", "1"]).optional(),
  /**
   * /metrics on the public port answers only with `Authorization: Bearer <METRICS_TOKEN>`; unset, it
   * is not served there at all (docs/decisions/0036).
   */
  METRICS_TOKEN: z.string().min(16, "must be at least 16 characters").optional(),
  /** A listener of its own for /metrics, without a token, on METRICS_HOST (loopback unless set). */
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  METRICS_HOST: z.string().min(1).default("127.0.0.1"),
  /** The embedded API sends email over SMTP (nodemailer URL) instead of keeping it in the sandbox outbox. */
  SMTP_URL: z.string().url().optional(),
  /** Per-client-IP hourly caps on one-time codes (decision 0006), on top of the API's per-number limits. */
  IP_CODE_REQUESTS_PER_HOUR: z.coerce.number().int().min(1).default(20),
  IP_CODE_VERIFICATIONS_PER_HOUR: z.coerce.number().int().min(1).default(40),
  /** Per-client-IP and per-number hourly caps on the app-link SMS (/app; docs/product.md, Security rules). */
  IP_APP_LINKS_PER_HOUR: z.coerce.number().int().min(1).default(10),
  NUMBER_APP_LINKS_PER_HOUR: z.coerce.number().int().min(1).default(3),
  /** Where the allowances above are counted when several servers share them (docs/decisions/0009). */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, "must be a redis:// or rediss:// URL")
    .optional(),
  /** Worker processes (node:cluster); unset, one per available core (docs/decisions/0009). */
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
  /**
   * Proxies whose X-Forwarded-For is believed for the client IP: comma-separated addresses or CIDRs
   * (or Express's names: loopback, linklocal, uniquelocal). Unset: none, the peer address is the client.
   */
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((list, ctx) => {
      const entries = (list ?? "")
        .split(",")
        .map((e) => e.trim())
        .filter(Boolean);
      for (const entry of entries) {
        const [address, bits, ...rest] = entry.split("/");
        const named = ["loopback", "linklocal", "uniquelocal"].includes(entry);
        const family = net.isIP(address ?? "");
        const prefixOk = bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (family === 6 ? 128 : 32));
        if (!named && (family === 0 || !prefixOk || rest.length > 0)) {
          ctx.addIssue({
            code: "custom",
            message: `"${entry}" is not an address, a CIDR or loopback/linklocal/uniquelocal`,
          });
        }
      }
      return entries;
    }),
  /**
   * Origins of sister sites (same registrable domain) whose posts are accepted; a post another site
   * started is refused otherwise (docs/product.md, Security rules). Comma-separated; unset: none.
   */
  SAME_SITE_ORIGINS: z
    .string()
    .optional()
    .transform((list, ctx) =>
      (list ?? "")
        .split(",")
        .map((e) => e.trim())
        .filter(Boolean)
        .map((origin) => {
          const parsed = URL.canParse(origin) ? new URL(origin).origin : "null";
          if (parsed === "null")
            ctx.addIssue({ code: "custom", message: `"${origin}" is not an origin such as https://www.example.com` });
          return parsed;
        }),
    ),
  /** Socket timeouts (docs/product.md, Security rules): slow headers, slow bodies, idle keep-alive. */
  HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  BODY_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
  /** How long SIGTERM waits for requests in flight before the process exits anyway. */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(20_000),
  /** Analytics: an NDJSON file by default, plus a collector and HubSpot when configured. */
  ANALYTICS_FILE: z.string().min(1).optional(),
  ANALYTICS_URL: z.string().url().optional(),
  HUBSPOT_URL: z.string().url().optional(),
  HUBSPOT_TOKEN: z.string().min(1).optional(),
});

export type Env = z.infer<typeof schema> & {
  sessionSecrets: string[];
  databasePath: string;
  sandboxKeySecret: string;
  /** The sandbox outbox's key: SANDBOX_OUTBOX_KEY, or in development one kept under DATA_DIR. */
  sandboxOutboxKey: string | undefined;
  /** Cookies are Secure (and the session cookie __Host-) only where the site is served over https. */
  httpsOnly: boolean;
};

/**
 * Development (the default) runs with nothing set. Production is opted into and strict: each
 * variable below must be set, so nobody ships generated secrets or public one-time codes by accident.
 * Read from the variables as given, so a value of the wrong type elsewhere (PORT=abc) is reported
 * together with these rather than hiding them: ops fix the whole configuration in one go.
 */
function productionProblems(source: Record<string, string | undefined>): string[] {
  if (source.NODE_ENV !== "production") return [];
  const problems: string[] = [];
  if (source.SESSION_SECRET === undefined)
    problems.push("SESSION_SECRET: required when NODE_ENV=production (16+ random characters)");
  if (source.PUBLIC_ORIGIN === undefined)
    problems.push("PUBLIC_ORIGIN: required when NODE_ENV=production (e.g. https://kavach.example.com)");
  if (source.API_BASE_URL === undefined && source.SANDBOX !== "1") {
    problems.push(
      "API_BASE_URL: required when NODE_ENV=production; or set SANDBOX=1 to serve the embedded sandbox API, whose one-time codes and payments are simulated and public",
    );
  }
  return problems;
}

/** Thrown at start for an unusable configuration; server.ts prints its message alone and exits. */
class ConfigError extends Error {
  override name = "ConfigError";
  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  ${p}`).join("\n")}`);
  }
}

export function parseEnv(source: Record<string, string | undefined>): Env {
  const parsed = schema.safeParse(source);
  const problems = [
    ...(parsed.error?.issues.map((i) => `${i.path.join(".")}: ${i.message}`) ?? []),
    ...productionProblems(source),
  ];
  if (!parsed.success || problems.length) throw new ConfigError(problems);
  const env = parsed.data;
  const production = env.NODE_ENV === "production";
  return {
    ...env,
    sessionSecrets: (env.SESSION_SECRET ?? devSecret(env.DATA_DIR, "session-secret"))
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean),
    sandboxKeySecret: env.SANDBOX_KEY_SECRET ?? devSecret(env.DATA_DIR, "sandbox-key-secret"),
    sandboxOutboxKey: env.SANDBOX_OUTBOX_KEY ?? (production ? undefined : devSecret(env.DATA_DIR, OUTBOX_KEY_FILE)),
    databasePath: env.DATABASE_PATH ?? path.join(env.DATA_DIR, "kavach.sqlite"),
    httpsOnly: production && env.PUBLIC_ORIGIN?.startsWith("https:") === true,
  };
}

/** Where a development server keeps the sandbox outbox's key, under DATA_DIR. */
const OUTBOX_KEY_FILE = "sandbox-outbox-key";

/** A development secret made once and kept under the data folder, so restarts keep sessions. */
function devSecret(dataDir: string, name: string): string {
  const file = path.join(dataDir, name);
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    return fs.readFileSync(file, "utf8").trim();
  } catch {
    const secret = crypto.randomBytes(32).toString("base64url");
    // "wx" fails if another process wrote it first; then that one wins.
    try {
      fs.writeFileSync(file, secret, { flag: "wx", mode: 0o600 });
      return secret;
    } catch {
      return fs.readFileSync(file, "utf8").trim();
    }
  }
}

export const env: Env = parseEnv(process.env);

/** Where the embedded API listens for the app, and the key the app's calls carry (docs/decisions/0012). */
export interface EmbeddedApiAddress {
  url: string;
  key: string;
}
let embeddedApiAddress: EmbeddedApiAddress | undefined;

/**
 * Told by the server (server/embedded-api.ts, through the build's entry module) once it has opened the
 * embedded API's private loopback listener, which outlives the public one at shutdown
 * (docs/decisions/0012): the server opens it after it has loaded this build, so it is handed over
 * here rather than read from the environment.
 */
export function useEmbeddedApi(address: EmbeddedApiAddress): void {
  embeddedApiAddress = address;
}

/** Where the app reaches the upstream gateway: a real one, or the embedded API over loopback. Read at each call. */
export function apiBaseUrl(): string {
  return env.API_BASE_URL?.replace(/\/$/, "") ?? embeddedApiAddress?.url ?? `http://127.0.0.1:${env.PORT}/api`;
}
export const embeddedApi = !env.API_BASE_URL;

/** The key the app's calls to the embedded API carry, once the server has opened its listener. */
export function embeddedApiKey(): string | undefined {
  return embeddedApi ? embeddedApiAddress?.key : undefined;
}

/** The address the site is known by: PUBLIC_ORIGIN, or in development the request's own origin. */
export function publicOrigin(request: Request): string {
  return env.PUBLIC_ORIGIN ?? new URL(request.url).origin;
}
