import { forgetReads } from "./request-scope.server";
import { z } from "zod";
import { apiBaseUrl, embeddedApi, embeddedApiKey, env } from "~/config/env.server";
import { MESSAGES } from "~/config/constants";
import { currentRequestId, logger } from "~/observability/log.server";
import { endpointPattern, metrics } from "~/observability/metrics.server";
import type { Exchange } from "./transport.server";
import { sharedAnswer } from "./shared-answers.server";
import { exchange } from "./transport.server";

/**
 * The one door to the upstream gateway. Every answer is parsed with zod; what the app gets back is
 * typed data or one of two errors it knows how to show (docs/product.md, Errors and outages).
 */

/** A failure to show the admin: the server's own msg, or the generic message when there is none. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    /** Extra failure data the server sent, e.g. retry_after_s. */
    readonly data: unknown = undefined,
  ) {
    super(message);
    this.name = "ApiError";
  }
  /** True when the upstream itself failed (down, slow, 5xx, unparseable), not the admin's input. */
  get isOutage(): boolean {
    return this instanceof ApiOutageError;
  }
}

/** The upstream itself failed (down, slow, 5xx, unparseable): shown as the generic message. */
export class ApiOutageError extends ApiError {
  constructor(status: number) {
    super(MESSAGES.serviceDown, status);
    this.name = "ApiOutageError";
  }
}

/** HTTP 401: the token is gone; routes turn this into a logout (docs/product.md, Users and roles). */
export class ApiUnauthorizedError extends Error {
  constructor() {
    super("Unauthorized");
    this.name = "ApiUnauthorizedError";
  }
}

/**
 * "None" is an answer: where the upstream's 404 says the thing asked for is not there (no paid
 * membership yet, another company's document), the client answers null, and every other failure
 * stays an error the route's `withToken` turns into a response (docs/decisions/0044).
 */
export async function noneIfNotFound<T>(call: Promise<T>): Promise<T | null> {
  const answer = await refusalOr([404], call);
  return isRefusal(answer, [404]) ? null : answer;
}

/** The API's refusal with one of the statuses a caller expects: an answer the page shows. */
export type Refusal<Status extends number> = ApiError & { readonly status: Status };

/**
 * An expected refusal is an answer too (an expired check, a price that changed, the rows the API
 * refused): the call's value, or the ApiError itself when the API refused with one of `statuses`,
 * for the route to show beside its field or on its form. Every other failure (an outage, a refusal
 * nobody expects) stays thrown, for `withToken` to turn into a response (docs/decisions/0044).
 */
export async function refusalOr<T, Status extends number>(
  statuses: readonly Status[],
  call: Promise<T>,
): Promise<T | Refusal<Status>> {
  try {
    return await call;
  } catch (error) {
    if (isRefusal(error, statuses)) return error;
    throw error;
  }
}

/** Whether a value is the API's refusal with one of `statuses` (never an outage). */
export function isRefusal<Status extends number>(
  value: unknown,
  statuses: readonly Status[],
): value is Refusal<Status> {
  return value instanceof ApiError && !value.isOutage && (statuses as readonly number[]).includes(value.status);
}

export type Backend = "global" | "employer" | "root";

const BASE_PATHS: Record<Backend, string> = { global: "/global", employer: "/employer/v1", root: "" };

interface RequestOptions<T extends z.ZodTypeAny> {
  backend: Backend;
  method?: "GET" | "POST" | "PATCH";
  path: string;
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  token?: string;
  headers?: Record<string, string>;
  /**
   * Whether repeating the call is harmless; GETs are by default. The contract sends a code or a
   * link with a GET, and a retry after a timeout would text the person twice.
   */
  idempotent?: boolean;
  /**
   * How long the answer may be shared with every admin (shared-answers.server.ts): only for
   * catalogue calls whose answer depends on nothing but the path, query, headers and body.
   */
  sharedForMs?: number;
  /** Schema of `data` in a success envelope. */
  data: T;
}

/**
 * The embedded API answers over loopback in this same process: gzip there would spend CPU on both
 * ends of one event loop to save bytes that never leave the machine (measured; decision 0001). A remote
 * upstream may gzip (the transport decodes it).
 */
const ENCODING: Record<string, string> = { "accept-encoding": embeddedApi ? "identity" : "gzip" };

/**
 * The embedded API's private listener believes X-Forwarded-For, and skips the per-IP caps the app
 * has spent already, only for a call carrying this process's key (docs/decisions/0012, 0015);
 * server/embedded-api.ts makes the key when it opens the listener and hands it over (useEmbeddedApi).
 * Read at each call, as the address is.
 * The visitor's request id goes along, so the upstream's log lines join the app's (docs/decisions/0036).
 */
function commonHeaders(): Record<string, string> {
  const key = embeddedApiKey();
  const id = currentRequestId();
  return { ...ENCODING, ...(key ? { "x-embedded-api-key": key } : {}), ...(id ? { "x-request-id": id } : {}) };
}

/**
 * The success envelope around each data schema, built once: a zod schema is a tree of objects, and
 * building one per call was a measurable share of a page's CPU.
 */
const successEnvelopes = new WeakMap<z.ZodTypeAny, z.ZodTypeAny>();
function successEnvelope<T extends z.ZodTypeAny>(data: T) {
  let envelope = successEnvelopes.get(data) as
    z.ZodObject<{ success: z.ZodLiteral<1>; data: T; msg: z.ZodOptional<z.ZodString> }> | undefined;
  if (envelope === undefined) {
    envelope = z.object({ success: z.literal(1), data, msg: z.string().optional() });
    successEnvelopes.set(data, envelope);
  }
  return envelope;
}

const failureEnvelope = z.object({
  success: z.literal(0).or(z.number()),
  msg: z.string().optional(),
  data: z.unknown().optional(),
});

/**
 * An upstream outage, logged once with the endpoint's pattern (never its ids or query, which can
 * name a person) and counted by reason: "network", "timeout", "status", "not_json" or "shape".
 */
function outage(status: number, call: Call, reason: string, detail?: string): ApiError {
  metrics.upstreamFailure(call.endpoint, call.method, reason);
  logger.error(
    { status, endpoint: call.endpoint, method: call.method, reason, ...(detail ? { detail } : {}) },
    "upstream failure",
  );
  return new ApiOutageError(status >= 500 || status === 0 ? 503 : status);
}

/** One call's address, and how it is known in the log and the metrics. */
interface Call {
  url: URL;
  method: string;
  endpoint: string;
}

function buildCall(
  backend: Backend,
  method: string,
  path: string,
  query?: RequestOptions<z.ZodTypeAny>["query"],
): Call {
  const url = new URL(apiBaseUrl() + BASE_PATHS[backend] + path);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) url.searchParams.set(key, String(value));
  }
  return { url, method, endpoint: endpointPattern(BASE_PATHS[backend], path) };
}

type Init = Omit<Exchange, "timeoutMs">;

/** One exchange, timed and counted by its outcome (the status class, or why there was no answer). */
async function timedExchange(call: Call, init: Init, timeoutMs = env.API_TIMEOUT_MS) {
  const started = process.hrtime.bigint();
  const seconds = () => Number(process.hrtime.bigint() - started) / 1e9;
  try {
    const answer = await exchange(call.url, { ...init, timeoutMs });
    metrics.upstreamCall(call.endpoint, call.method, `${Math.floor(answer.status / 100)}xx`, seconds());
    return answer;
  } catch (error) {
    const timedOut = (error as Error).name === "TimeoutError";
    metrics.upstreamCall(call.endpoint, call.method, timedOut ? "timeout" : "network", seconds());
    const code = (error as NodeJS.ErrnoException).code ?? (error as Error).name;
    throw outage(0, call, timedOut ? "timeout" : "network", code);
  }
}

/** Send and decode JSON; network errors, timeouts and non-JSON become outages. */
async function exchangeJson(call: Call, init: Init): Promise<{ status: number; json: unknown }> {
  const response = await timedExchange(call, init);
  if (response.status === 401) throw new ApiUnauthorizedError();
  try {
    return { status: response.status, json: JSON.parse(response.text) };
  } catch {
    throw outage(response.status, call, "not_json");
  }
}

/** Idempotent GETs are retried once on an outage; anything that writes is never retried. */
async function send(call: Call, init: Init, idempotent = init.method === "GET") {
  try {
    return await exchangeJson(call, init);
  } catch (error) {
    if (idempotent && error instanceof ApiError && error.isOutage) return exchangeJson(call, init);
    throw error;
  }
}

export function apiRequest<T extends z.ZodTypeAny>(options: RequestOptions<T>): Promise<z.infer<T>> {
  const method = options.method ?? "GET";
  const call = buildCall(options.backend, method, options.path, options.query);
  // A call that is not harmless to repeat may change what the request has read so far.
  if (!(options.idempotent ?? method === "GET")) forgetReads();
  if (options.sharedForMs === undefined) return request(call, options);
  const key = JSON.stringify([method, call.url.href, options.headers ?? null, options.body ?? null]);
  return sharedAnswer(key, options.sharedForMs, () => request(call, options));
}

async function request<T extends z.ZodTypeAny>(call: Call, options: RequestOptions<T>): Promise<z.infer<T>> {
  const { method } = call;
  const headers: Record<string, string> = { accept: "application/json", ...commonHeaders(), ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers["content-type"] = "application/json";
  const { status, json } = await send(
    call,
    { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) },
    options.idempotent,
  );
  if (status >= 500) throw outage(status, call, "status");

  const envelope = successEnvelope(options.data).safeParse(json);
  if (envelope.success) return envelope.data.data;

  const failure = failureEnvelope.safeParse(json);
  if (failure.success && failure.data.success !== 1) {
    throw failure.data.msg ? new ApiError(failure.data.msg, status, failure.data.data) : new ApiOutageError(status);
  }
  throw outage(status, call, "shape", envelope.error.issues[0]?.path.join("."));
}

/**
 * A file the upstream answers (an invoice PDF): its bytes and type. A JSON answer instead is a failure
 * envelope (404 for someone else's file) and becomes an ApiError like any other; a 401 logs out.
 */
export async function apiFileRequest(options: {
  backend: Backend;
  path: string;
  token: string;
  accept: string;
}): Promise<{ bytes: Buffer; contentType: string }> {
  const call = buildCall(options.backend, "GET", options.path);
  const init: Init = {
    method: "GET",
    headers: {
      accept: `${options.accept}, application/json`,
      ...commonHeaders(),
      authorization: `Bearer ${options.token}`,
    },
  };
  const answer = await timedExchange(call, init, env.API_FILE_TIMEOUT_MS);
  if (answer.status === 401) throw new ApiUnauthorizedError();
  if (answer.status === 200 && answer.contentType.startsWith(options.accept))
    return { bytes: answer.bytes, contentType: answer.contentType };
  if (answer.status >= 500) throw outage(answer.status, call, "status");
  let json: unknown;
  try {
    json = JSON.parse(answer.text);
  } catch {
    throw outage(answer.status, call, "not_json", `neither ${options.accept} nor JSON`);
  }
  const failure = failureEnvelope.safeParse(json);
  if (failure.success && failure.data.success !== 1)
    throw failure.data.msg
      ? new ApiError(failure.data.msg, answer.status, failure.data.data)
      : new ApiOutageError(answer.status);
  throw outage(answer.status, call, "shape");
}

const statusCodeAnswer = z.object({ statusCode: z.number(), msg: z.string().optional() });

/** The app-link call answers {statusCode} instead of the usual envelope (docs/api-contract.md). */
export async function apiStatusCodeRequest(options: Omit<RequestOptions<z.ZodTypeAny>, "data">): Promise<void> {
  const call = buildCall(options.backend, "GET", options.path, options.query);
  const { status, json } = await send(
    call,
    { method: "GET", headers: { accept: "application/json", ...commonHeaders() } },
    options.idempotent,
  );
  if (status >= 500) throw outage(status, call, "status");
  const parsed = statusCodeAnswer.safeParse(json);
  if (!parsed.success) throw outage(status, call, "shape");
  if (parsed.data.statusCode !== 1)
    throw parsed.data.msg ? new ApiError(parsed.data.msg, status) : new ApiOutageError(status);
}
