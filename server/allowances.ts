import cluster from "node:cluster";
import { Redis } from "ioredis";
import {
  RateLimiterCluster,
  RateLimiterClusterMaster,
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from "rate-limiter-flexible";
import type * as AppServerEntry from "../app/entry.server";

/**
 * Hourly allowances per client (docs/product.md, Security rules; docs/decisions/0006): codes asked
 * for, codes tried, app-link texts, counted by rate-limiter-flexible against a client IP or a mobile
 * number. Where the counts live decides who shares them (docs/decisions/0009):
 * - `REDIS_URL` set: in Redis, shared by every server behind the load balancer;
 * - several cluster workers: in the cluster's primary, shared by the workers of this machine;
 * - otherwise in this process.
 * If the store cannot answer (Redis down, refusing, or hung with its connections open), a code is
 * not sent or checked: the allowance fails closed with a message that says so, and the log says
 * why; pages are served as usual. A Redis call waits at most REDIS_COMMAND_TIMEOUT_MS, and after
 * a call that timed out the next REDIS_PAUSE_MS of code requests are refused without asking it, so
 * a hung Redis never holds a render slot for long (docs/decisions/0018).
 */
export type Allowance = "codeRequest" | "codeVerification" | "appLink";
export type AllowanceCaps = Record<Allowance, number>;
export type AllowanceResult = { ok: true } | { ok: false; message: string };
export type Spend = (key: string, kind: Allowance) => Promise<AllowanceResult>;

const HOUR_S = 60 * 60;
/** Longer than a Redis on the same network ever takes; short next to a page's render. */
const REDIS_COMMAND_TIMEOUT_MS = 1_000;
/** After a Redis failure, how long code requests are refused without waiting on it again. */
const REDIS_PAUSE_MS = 5_000;

const REFUSALS: Record<Allowance, string> = {
  codeRequest: "Too many codes were asked for from your network.",
  codeVerification: "Too many codes were tried from your network.",
  appLink: "Too many links were asked for.",
};
export const ALLOWANCES_UNAVAILABLE = "We cannot send or check codes right now. Please try again in a few minutes.";

export type AllowanceStore = { kind: "memory" } | { kind: "cluster" } | { kind: "redis"; client: Redis };

/** The store for this process: Redis when configured, the cluster's primary in a worker, else memory. */
export function allowanceStore(
  redisUrl: string | undefined,
  log: (entry: Record<string, unknown>) => void,
): AllowanceStore {
  if (redisUrl) return { kind: "redis", client: connectRedis(redisUrl, log) };
  return cluster.isWorker ? { kind: "cluster" } : { kind: "memory" };
}

/** In a cluster's primary: the counts every worker's allowances share when there is no Redis. */
export function serveClusterAllowances(): void {
  new RateLimiterClusterMaster();
}

/**
 * A Redis client that fails a command at once while disconnected (no offline queue), so a caller
 * is answered instead of waiting, and that logs each change between reachable and not, not each try.
 */
function connectRedis(url: string, log: (entry: Record<string, unknown>) => void): Redis {
  const client = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
    // A Redis that accepts connections but never answers (stopped, overloaded) fails a call too.
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
  });
  let reachable: boolean | undefined;
  client.on("ready", () => {
    if (reachable !== true) log({ level: "info", msg: "allowances: Redis reachable" });
    reachable = true;
  });
  client.on("error", (error: Error) => {
    if (reachable !== false)
      log({
        level: "error",
        msg: "allowances: Redis unreachable; codes are refused until it is back",
        error: error.message,
      });
    reachable = false;
  });
  return client;
}

/** When each Redis client last failed a call, so the calls after it are refused without waiting. */
const redisFailedAt = new WeakMap<Redis, number>();

/**
 * What /healthz says of the allowances: "degraded" while Redis is unreachable or failed a call in
 * the last REDIS_PAUSE_MS (codes are refused meanwhile; pages are not affected).
 */
export function allowancesHealth(store: AllowanceStore): "ok" | "degraded" {
  if (store.kind !== "redis") return "ok";
  const failedAt = redisFailedAt.get(store.client);
  const pausing = failedAt !== undefined && Date.now() - failedAt < REDIS_PAUSE_MS;
  return store.client.status === "ready" && !pausing ? "ok" : "degraded";
}

function limiter(store: AllowanceStore, keyPrefix: string, points: number): RateLimiterAbstract {
  const options = { keyPrefix, points, duration: HOUR_S };
  if (store.kind === "redis")
    return new RateLimiterRedis({ ...options, storeClient: store.client, rejectIfRedisNotReady: true });
  if (store.kind === "cluster") return new RateLimiterCluster({ ...options, timeoutMs: 1_000 });
  return new RateLimiterMemory(options);
}

/** Caps for some kinds; a kind without one is not counted (the per-number allowance caps only app links). */
export function createAllowances(
  caps: Partial<AllowanceCaps>,
  {
    prefix,
    store,
    log,
    onRefusal,
  }: {
    prefix: string;
    store: AllowanceStore;
    log: (entry: Record<string, unknown>) => void;
    /** Told of each refusal and why: the cap reached, or the store unable to answer (the metrics). */
    onRefusal?: (kind: Allowance, reason: "limit" | "unavailable") => void;
  },
): Spend {
  const limiters: Partial<Record<Allowance, RateLimiterAbstract>> = Object.fromEntries(
    Object.entries(caps).map(([kind, points]) => [kind, limiter(store, `kavach:${prefix}:${kind}`, points)]),
  );
  const redis = store.kind === "redis" ? store.client : undefined;
  return async (key, kind) => {
    const counted = limiters[kind];
    if (!counted) return { ok: true };
    const failedAt = redis && redisFailedAt.get(redis);
    if (failedAt !== undefined && Date.now() - failedAt < REDIS_PAUSE_MS) {
      onRefusal?.(kind, "unavailable");
      return { ok: false, message: ALLOWANCES_UNAVAILABLE };
    }
    try {
      await counted.consume(key);
      return { ok: true };
    } catch (refusal) {
      if (refusal instanceof RateLimiterRes) {
        onRefusal?.(kind, "limit");
        const minutes = Math.max(1, Math.ceil(refusal.msBeforeNext / 60_000));
        return { ok: false, message: `${REFUSALS[kind]} Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.` };
      }
      // Only a call that waited pauses the next ones: one refused while disconnected cost nothing.
      if (redis && /timed out/i.test(String(refusal))) redisFailedAt.set(redis, Date.now());
      onRefusal?.(kind, "unavailable");
      log({ level: "error", msg: "allowances: store failed; refused", kind, error: String(refusal) });
      return { ok: false, message: ALLOWANCES_UNAVAILABLE };
    }
  };
}

export interface ClientAllowances {
  store: AllowanceStore;
  /** Spends one of a client IP's hourly allowances, logging a refusal with the request's id. */
  spendIpAllowance(ip: string, kind: Allowance, requestId: unknown): Promise<AllowanceResult>;
  /** Spends one of a mobile number's hourly allowances (only app links are capped per number). */
  spendNumberAllowance(mobileNo: string, kind: Allowance): Promise<AllowanceResult>;
}

/** The caps a visitor spends, per IP and per number, from the configuration, in this process's store. */
export function clientAllowances(entry: typeof AppServerEntry): ClientAllowances {
  const { env, logEvent, logger, metrics } = entry;
  const store = allowanceStore(env.REDIS_URL, logEvent);
  metrics.watchAllowances(() => ({ store: store.kind, ok: allowancesHealth(store) === "ok" }));
  const counted = (prefix: string) => ({
    prefix,
    store,
    log: logEvent,
    onRefusal: (kind: Allowance, reason: "limit" | "unavailable") =>
      metrics.allowanceRefused(`${prefix}:${kind}`, reason),
  });
  const perIp = createAllowances(
    {
      codeRequest: env.IP_CODE_REQUESTS_PER_HOUR,
      codeVerification: env.IP_CODE_VERIFICATIONS_PER_HOUR,
      appLink: env.IP_APP_LINKS_PER_HOUR,
    },
    counted("ip"),
  );
  const perNumber = createAllowances({ appLink: env.NUMBER_APP_LINKS_PER_HOUR }, counted("number"));
  return {
    store,
    async spendIpAllowance(ip, kind, requestId) {
      const spent = await perIp(ip, kind);
      if (!spent.ok) logger.warn({ event: "ip_limit", kind, ip, id: requestId });
      return spent;
    },
    spendNumberAllowance: (mobileNo, kind) => perNumber(mobileNo, kind),
  };
}
