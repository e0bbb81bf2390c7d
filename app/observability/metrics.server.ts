import { AggregatorRegistry, Counter, Gauge, Histogram, collectDefaultMetrics, register } from "prom-client";

/**
 * What an operator watches (docs/decisions/0036), in Prometheus' text format through prom-client:
 * requests by route pattern, calls to the upstream by endpoint, the render gate, the page cache,
 * the allowances, and prom-client's default process metrics (memory, CPU, event-loop delay, GC).
 * Each process counts its own; /metrics sums the cluster's workers in the primary (prom-client's
 * AggregatorRegistry, whose listeners each process adds here), so a scrape sees the whole server.
 *
 * Labels are patterns, never what a visitor typed: a route's pattern (/membership/invoices/:invoice),
 * an endpoint with its ids as :id. A raw path would grow a series per address and could carry an id.
 */

collectDefaultMetrics();
const aggregator = new AggregatorRegistry();

/** Seconds: a page from memory is well under 5 ms; a purchase's slowest steps take a second or two. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

const httpRequests = new Histogram({
  name: "kavach_http_request_duration_seconds",
  help: "Requests answered, by route pattern, method and status, with their time to the last byte.",
  labelNames: ["route", "method", "status"],
  buckets: LATENCY_BUCKETS,
});

const upstreamCalls = new Histogram({
  name: "kavach_upstream_request_duration_seconds",
  help: "Calls to the upstream API by endpoint pattern and method; outcome is the answer's status class, network or timeout.",
  labelNames: ["endpoint", "method", "outcome"],
  buckets: LATENCY_BUCKETS,
});

const upstreamFailures = new Counter({
  name: "kavach_upstream_failures_total",
  help: "Upstream outages as the app met them (no answer, 5xx, or an answer it cannot read), by endpoint and reason.",
  labelNames: ["endpoint", "method", "reason"],
});

const pageCacheLookups = new Counter({
  name: "kavach_page_cache_lookups_total",
  help: "Requests that could be answered from the public page cache, by result (hit or miss).",
  labelNames: ["result"],
});

const renderGateAbandoned = new Counter({
  name: "kavach_render_gate_abandoned_total",
  help: "Visitors who went away while waiting for a render slot.",
});

const allowanceRefusals = new Counter({
  name: "kavach_allowance_refusals_total",
  help: "Code and app-link requests refused, by allowance and reason (limit reached, or the store unavailable).",
  labelNames: ["kind", "reason"],
});

/** Gauges read when scraped, from whatever the server hands in (watch*). */
let renderGate: { active: number; waiting: number } | undefined;
let pageCache: { size: number } | undefined;
let allowances: (() => { store: string; ok: boolean }) | undefined;

new Gauge({
  name: "kavach_render_gate_active",
  help: "Renders running now.",
  collect() {
    if (renderGate) this.set(renderGate.active);
  },
});
new Gauge({
  name: "kavach_render_gate_waiting",
  help: "Requests waiting for a render slot now.",
  collect() {
    if (renderGate) this.set(renderGate.waiting);
  },
});
new Gauge({
  name: "kavach_page_cache_pages",
  help: "Public pages kept in memory.",
  collect() {
    if (pageCache) this.set(pageCache.size);
  },
});
new Gauge({
  name: "kavach_allowances_available",
  help: "1 while the store of the code allowances answers (redis, cluster or memory), 0 while codes are refused for it.",
  labelNames: ["store"],
  // Across a cluster's workers: 0 when any of them is refusing codes.
  aggregator: "min",
  collect() {
    if (!allowances) return;
    const { store, ok } = allowances();
    this.reset();
    this.set({ store }, ok ? 1 : 0);
  },
});

/** An upstream path's pattern: the segments that carry an id (a digit, or an escaped character) as :id. */
export function endpointPattern(basePath: string, path: string): string {
  return basePath + path.replace(/\/[^/]*[\d%][^/]*/g, "/:id");
}

export const metrics = {
  contentType: register.contentType,
  /** This process's metrics (a single process, or a test). */
  processMetrics: () => register.metrics(),
  /** In a cluster's primary: every worker's metrics, summed. */
  clusterMetrics: () => aggregator.clusterMetrics(),
  request(route: string, method: string, status: number, seconds: number) {
    httpRequests.observe({ route, method, status: String(status) }, seconds);
  },
  upstreamCall(endpoint: string, method: string, outcome: string, seconds: number) {
    upstreamCalls.observe({ endpoint, method, outcome }, seconds);
  },
  upstreamFailure(endpoint: string, method: string, reason: string) {
    upstreamFailures.inc({ endpoint, method, reason });
  },
  pageCacheLookup(hit: boolean) {
    pageCacheLookups.inc({ result: hit ? "hit" : "miss" });
  },
  renderGateAbandoned() {
    renderGateAbandoned.inc();
  },
  allowanceRefused(kind: string, reason: "limit" | "unavailable") {
    allowanceRefusals.inc({ kind, reason });
  },
  watchRenderGate(gate: { active: number; waiting: number }) {
    renderGate = gate;
  },
  watchPageCache(cache: { size: number }) {
    pageCache = cache;
  },
  watchAllowances(state: () => { store: string; ok: boolean }) {
    allowances = state;
  },
};
export type Metrics = typeof metrics;
