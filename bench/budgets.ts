/**
 * Performance budgets (docs/performance.md). Bytes are deterministic, so the test suite asserts them
 * (tests/e2e/size-budgets.spec.ts); times depend on the machine, so the benchmarks only report them.
 */
export const KB = 1024;

/** HTML of any page, gzip: the first round trips of a slow connection carry about this much. */
export const HTML_GZIP_MAX = 14 * KB;
/** All the CSS the site has, gzip, summed over every distinct stylesheet. */
export const CSS_GZIP_TOTAL_MAX = 12 * KB;
/** A public page's script, gzip: the page script alone, never React (decision 0003). */
export const PUBLIC_JS_GZIP_MAX = 5 * KB;
/**
 * A hydrated checkout step opened with a cold cache: all its script (modulepreload and script srcs),
 * gzip; the whole route manifest (about 2 KB, a cached file since lazy route discovery is off,
 * decision 0024) and the fetch wrapper that makes a step one round trip (0.4 KB, decision 0035)
 * included, the next step's script fetched ahead not. The manifest grows about 40 bytes a route: the
 * employee's claims pages added eleven (decision 0046), hence 130 from 129; the membership's team,
 * cash deposit (and its top-up callback) and member corrections added four more and the error summary's
 * refocus on a repeated refusal about 0.1 KB (decisions 0052, 0055, 0057), hence 131.
 */
export const HYDRATED_COLD_JS_GZIP_MAX = 131 * KB;
/**
 * Each later step reached client-side: what it adds on the wire, gzip: script not loaded by the
 * steps before it and the step's data.
 */
export const LATER_STEP_GZIP_MAX = 10 * KB;

/** The framework floor answers at least this share of a minimal Remix app's requests per second. */
export const FLOOR_RPS_MIN_PEER_RATIO = 0.6;
/** An anonymous public page, served from memory, answers at least this share of the bare node:http limit. */
export const PUBLIC_RPS_MIN_LIMIT_RATIO = 0.5;
/** Two workers answer at least this many times one worker's floor requests per second. */
export const TWO_WORKERS_MIN_RATIO = 1.5;
/** A checkout step answers at least this share of the framework floor's requests per second. */
export const STEP_RPS_MIN_RATIO = 0.7;
/** p99 latency of a checkout step at LATENCY_CONNECTIONS, in milliseconds. */
export const STEP_P99_MAX_MS = 25;
/** Connections at which latency is budgeted; CONNECTIONS is a saturation test, its latency only reported. */
export const LATENCY_CONNECTIONS = 4;
/** The whole no-script purchase on the slow network, in seconds of page loads. */
export const SLOW_PURCHASE_MAX_S = 30;

/** Load the benchmarks put on the server. */
export const CONNECTIONS = 32;

/** A 10,000-row census file, checked: server time and extra memory (README, Performance). */
export const CENSUS_CHECK_MAX_MS = 1500;
export const CENSUS_CHECK_MAX_MB = 150;

/** The production shape's upstream: the API in a process of its own, each call answered after this long. */
export const UPSTREAM_DELAY_MS = 50;
/** Upstream calls one checkout request waits for in a row, at most (decision 0024). */
export const REQUEST_UPSTREAM_SEQUENTIAL_MAX = 2;
/** Upstream calls in a row over the whole no-script purchase (18 requests), catalogue answers kept. */
export const PURCHASE_UPSTREAM_SEQUENTIAL_MAX = 18;
