import crypto from "node:crypto";
import fs from "node:fs";
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
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_PATH: z.string().min(1).optional(),
  /** Comma-separated; the first signs, the rest still verify (rotation). */
  SESSION_SECRET: z.string().min(16, "must be at least 16 characters").optional(),
  /** Key secret shared with the embedded payment sandbox. */
  SANDBOX_KEY_SECRET: z.string().min(16).optional(),
  SANDBOX_PENDING_SETTLE_MS: z.coerce.number().int().min(0).default(20_000),
  /** Public origin used for the payment callback URL; defaults to the request's own origin. */
  PUBLIC_ORIGIN: z.string().url().optional(),
  LOG_REQUESTS: z.enum(["0", "1"]).default("1"),
  /** The embedded API sends email over SMTP (nodemailer URL) instead of keeping it in the sandbox outbox. */
  SMTP_URL: z.string().url().optional(),
  /** Per-client-IP hourly caps on one-time codes (issue 6), on top of the API's per-number limits. */
  IP_CODE_REQUESTS_PER_HOUR: z.coerce.number().int().min(1).default(20),
  IP_CODE_VERIFICATIONS_PER_HOUR: z.coerce.number().int().min(1).default(40),
  /** Analytics: an NDJSON file by default, plus a collector and HubSpot when configured. */
  ANALYTICS_FILE: z.string().min(1).optional(),
  ANALYTICS_URL: z.string().url().optional(),
  HUBSPOT_URL: z.string().url().optional(),
  HUBSPOT_TOKEN: z.string().min(1).optional(),
});

export type Env = z.infer<typeof schema> & { sessionSecrets: string[]; databasePath: string; sandboxKeySecret: string };

function parseEnv(): Env {
  const parsed = schema.safeParse(process.env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`).join("\n");
    throw new Error(`Invalid configuration:\n${problems}`);
  }
  const env = parsed.data;
  if (env.NODE_ENV === "production" && !env.SESSION_SECRET) {
    throw new Error("Invalid configuration:\n  SESSION_SECRET: required when NODE_ENV=production");
  }
  return {
    ...env,
    sessionSecrets: (env.SESSION_SECRET ?? devSecret(env.DATA_DIR, "session-secret")).split(",").map((s) => s.trim()).filter(Boolean),
    sandboxKeySecret: env.SANDBOX_KEY_SECRET ?? devSecret(env.DATA_DIR, "sandbox-key-secret"),
    databasePath: env.DATABASE_PATH ?? path.join(env.DATA_DIR, "kavach.sqlite"),
  };
}

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

export const env: Env = parseEnv();

/** Where the app reaches the upstream gateway: a real one, or the embedded API over loopback. */
export const apiBaseUrl = env.API_BASE_URL?.replace(/\/$/, "") ?? `http://127.0.0.1:${env.PORT}/api`;
export const embeddedApi = !env.API_BASE_URL;
