/**
 * npm run bench: throughput and latency of the checkout against the physical limit and the
 * framework floor, all in one run on this machine so the ratios compare like with like.
 *   npm run bench                 BENCH_SECONDS=20 npm run bench
 *   npm run bench -- --profile    the same, with the server under node --cpu-prof, then its top self time
 *   npm run bench -- --upstream-only    only the production shape: the purchase through a 50 ms upstream
 *   npm run bench -- --event-loop-only  only the event loop's delay while a 10,000-member company's files are made
 *   BENCH_ROWS=gst-details,plan-select npm run bench   only the floor and the rows whose name holds one
 *                                 of the words, nothing else (no peer, limit, walks): a quick look, never recorded
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import {
  CONNECTIONS,
  FLOOR_RPS_MIN_PEER_RATIO,
  PUBLIC_RPS_MIN_LIMIT_RATIO,
  TWO_WORKERS_MIN_RATIO,
  LATENCY_CONNECTIONS,
  CENSUS_CHECK_MAX_MB,
  CENSUS_CHECK_MAX_MS,
  STEP_P99_MAX_MS,
  STEP_RPS_MIN_RATIO,
  PURCHASE_UPSTREAM_SEQUENTIAL_MAX,
  REQUEST_UPSTREAM_SEQUENTIAL_MAX,
  UPSTREAM_DELAY_MS,
} from "./budgets";
import { startBuiltServer, startProcess } from "./built-server";
import type { RunningServer } from "./built-server";
import type { Window } from "./cpu-profile";
import { nowUs, printProfileSummary, summariseCpuProfile } from "./cpu-profile";
import { measureCensusFiles, printCensusFiles } from "./census-files";
import { measureEventLoopDelay, printEventLoopDelay } from "./event-loop";
import { startDelayedUpstream } from "./delayed-upstream";
import { buildPeerApp } from "./peer-remix";
import { recordRunAs } from "./record";
import type { Admin } from "./signed-in-admin";
import {
  ADD_PEOPLE_BODY,
  CHECKOUT_STEP_PAGES,
  COMPANY_DETAILS_BODY,
  freshGstin,
  signedInAdminWithFilledCart,
} from "./signed-in-admin";
import type { UpstreamStep, WalkShape } from "./upstream-walk";
import { walkThroughUpstream } from "./upstream-walk";
import type { WrkResult, WrkTarget } from "./wrk";
import { runWrk } from "./wrk";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/**
 * Unrecorded load first, every row once and then each row again just before its figures are
 * taken, so V8 has compiled the hot paths.
 */
const WARM_UP_SECONDS = 2;
const FLOOR_PATH = "/this-page-does-not-exist";
const PUBLIC_PATH = "/reviews";
const profile = process.argv.includes("--profile");
const upstreamOnly = process.argv.includes("--upstream-only");
/** Purchases in the production shape that warm the server and fill the catalogue, then those measured. */
const UPSTREAM_WARM_UP_WALKS = 3;
const UPSTREAM_WALKS = 5;
const eventLoopOnly = process.argv.includes("--event-loop-only");
/** Words naming the rows to measure (the floor always is); every row when unset. */
const rowFilter = (process.env.BENCH_ROWS ?? "")
  .split(",")
  .map((word) => word.trim())
  .filter(Boolean);
if (rowFilter.length && process.argv.includes("--record")) throw new Error("a run of a few rows is never recorded");
recordRunAs(
  upstreamOnly ? "bench-upstream" : eventLoopOnly ? "bench-event-loop" : "bench",
  upstreamOnly
    ? "npm run bench -- --upstream-only"
    : eventLoopOnly
      ? "npm run bench -- --event-loop-only"
      : `BENCH_SECONDS=${SECONDS} npm run bench${profile ? " -- --profile" : ""}`,
);

interface Measured extends WrkResult {
  cpuMsPerRequest: number;
  /** When the measured run went, for the per-row profile. */
  window: Window;
}

interface Row {
  name: string;
  kind: "limit" | "peer" | "floor" | "workers" | "public" | "public-cold" | "public-304" | "data" | "step";
  connections: number;
  result: Measured;
}

async function measure(server: RunningServer, target: WrkTarget): Promise<Measured> {
  await runWrk(target, WARM_UP_SECONDS);
  const cpuBefore = server.cpuMs();
  const fromUs = nowUs();
  const result = await runWrk(target, SECONDS);
  const window = { fromUs, toUs: nowUs() };
  return { ...result, cpuMsPerRequest: (server.cpuMs() - cpuBefore) / result.requests, window };
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** One request like the load will send, checked, so a redirect to sign-in is never measured as a page. */
async function expectStatus(admin: Admin, path: string, status: number): Promise<void> {
  const response = await admin.send(path);
  await response.arrayBuffer();
  if (response.status !== status) throw new Error(`GET ${path} answered ${response.status}, expected ${status}`);
}

interface ProductRun {
  rows: Row[];
  medianPage: string;
  rss: [number, number];
  /** When the load ran, for the profile: start-up is not what the rows measure. */
  window: Window;
}

/** One row's load; `prepare` readies the admin for it and hands back what wrk sends. */
interface Load {
  name: string;
  kind: Row["kind"];
  prepare(): Promise<WrkTarget>;
}

function productLoads(server: RunningServer, admin: Admin): Load[] {
  const floor: Load = {
    name: `floor: GET ${FLOOR_PATH} (404)`,
    kind: "floor",
    prepare: async () => ({ url: server.origin + FLOOR_PATH }),
  };
  const pages = CHECKOUT_STEP_PAGES.map((page): Load => ({
    name: `GET ${page}`,
    kind: "step",
    async prepare() {
      await admin.refreshSession();
      await expectStatus(admin, page, 200);
      return { url: server.origin + page, cookie: admin.cookies.header() };
    },
  }));
  const posts = [
    { page: "/checkout/company-details", body: COMPANY_DETAILS_BODY, next: "/checkout/plan-select" },
    { page: "/checkout/add-people", body: ADD_PEOPLE_BODY, next: "/checkout/checkout" },
  ].map(({ page, body, next }): Load => ({
    name: `POST ${page} (303)`,
    kind: "step",
    async prepare() {
      await admin.refreshSession();
      await admin.post(page, body, next);
      return { url: server.origin + page, method: "POST", body, cookie: admin.cookies.header() };
    },
  }));
  // Anonymous public pages (docs/decisions/0010): rendered each time, from memory, and revalidated.
  const publicUrl = server.origin + PUBLIC_PATH;
  const publicPages: Load[] = [
    {
      name: `public GET ${PUBLIC_PATH}, rendered each time`,
      kind: "public-cold",
      prepare: async () => ({ url: publicUrl, cacheBust: true }),
    },
    { name: `public GET ${PUBLIC_PATH}, from memory`, kind: "public", prepare: async () => ({ url: publicUrl }) },
    {
      name: `public GET ${PUBLIC_PATH}, If-None-Match (304)`,
      kind: "public-304",
      prepare: async () => ({
        url: publicUrl,
        headers: { "If-None-Match": (await fetch(publicUrl)).headers.get("etag") ?? "" },
      }),
    },
  ];
  // What a hydrated step fetches when the admin moves to it client-side: its data, no document.
  const data = CHECKOUT_STEP_PAGES.map((page): Load => ({
    name: `GET ${page}.data`,
    kind: "data",
    async prepare() {
      await admin.refreshSession();
      await expectStatus(admin, `${page}.data`, 200);
      return { url: `${server.origin}${page}.data`, cookie: admin.cookies.header() };
    },
  }));
  const all = [floor, ...publicPages, ...pages, ...data, ...posts];
  if (!rowFilter.length) return all;
  return all.filter((load) => load.kind === "floor" || rowFilter.some((word) => load.name.includes(word)));
}

async function measureProduct(server: RunningServer): Promise<ProductRun> {
  const admin = await signedInAdminWithFilledCart(server.origin);
  const pages = await Promise.all(CHECKOUT_STEP_PAGES.map((p) => admin.page(p)));
  const medianPage = [...pages].sort((a, b) => a.length - b.length)[Math.floor(pages.length / 2)];
  await expectStatus(admin, FLOOR_PATH, 404);
  const rssBefore = server.rssBytes();
  const loads = productLoads(server, admin);
  // Every row's load once before any is measured: the rows share most of their code (Express,
  // Remix, React), and without this the first rows were measured on a server V8 had not finished
  // compiling (the floor, measured first, came out ~20% dearer than after the other rows).
  for (const load of loads) await runWrk(await load.prepare(), WARM_UP_SECONDS);
  const fromUs = nowUs();
  const rows: Row[] = [];
  for (const load of loads) {
    rows.push({
      name: load.name,
      kind: load.kind,
      connections: CONNECTIONS,
      result: await measure(server, await load.prepare()),
    });
  }
  // Latency people feel: each checkout row again at a handful of connections (not in a quick look).
  for (const load of loads.filter((l) => l.kind === "step" && !rowFilter.length)) {
    const target = { ...(await load.prepare()), connections: LATENCY_CONNECTIONS };
    rows.push({
      name: load.name,
      kind: load.kind,
      connections: LATENCY_CONNECTIONS,
      result: await measure(server, target),
    });
  }
  // The repeated posts must have left the cart whole: the last step still opens.
  await expectStatus(admin, "/checkout/payment", 200);
  return { rows, medianPage, rss: [rssBefore, server.rssBytes()], window: { fromUs, toUs: nowUs() } };
}

async function measureLimit(page: string): Promise<Row> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kavach-bare-"));
  const file = path.join(dir, "page.html");
  fs.writeFileSync(file, page);
  const bare = await startProcess({ script: "bench/bare-server.ts", args: [file] });
  try {
    const kb = (Buffer.byteLength(page) / 1024).toFixed(1);
    const result = await measure(bare, { url: `${bare.origin}/` });
    return { name: `limit: bare node:http, fixed ${kb} KB page`, kind: "limit", connections: CONNECTIONS, result };
  } finally {
    await bare.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The floor again on a server of two workers (docs/decisions/0009); CPU is the primary's only, so not shown. */
async function measureTwoWorkers(): Promise<Row> {
  const two = await startBuiltServer({ env: { WEB_CONCURRENCY: "2" } });
  try {
    await runWrk({ url: two.origin + FLOOR_PATH }, WARM_UP_SECONDS);
    const fromUs = nowUs();
    const run = await runWrk({ url: two.origin + FLOOR_PATH }, SECONDS);
    const result = { ...run, cpuMsPerRequest: Number.NaN, window: { fromUs, toUs: nowUs() } };
    return { name: `floor on 2 workers: GET ${FLOOR_PATH} (404)`, kind: "workers", connections: CONNECTIONS, result };
  } finally {
    await two.stop();
  }
}

async function measurePeer(page: string): Promise<Row> {
  const dir = buildPeerApp(Buffer.byteLength(page));
  const peer = await startProcess({ script: "bench/peer-server.ts", args: [dir] });
  try {
    await runWrk({ url: `${peer.origin}/` }, WARM_UP_SECONDS);
    const result = await measure(peer, { url: `${peer.origin}/` });
    return {
      name: "peer: minimal Remix 2 app, 1 route, stock adapter",
      kind: "peer",
      connections: CONNECTIONS,
      result,
    };
  } finally {
    await peer.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Which budgets a row meets (docs/decisions/0008–0010 and docs/performance.md); "" for rows without one. */
function verdict(row: Row, floor: Row, peer?: Row, limit?: Row): string {
  const missed: string[] = [];
  if (
    row.kind === "public" &&
    limit &&
    row.result.requestsPerSecond < PUBLIC_RPS_MIN_LIMIT_RATIO * limit.result.requestsPerSecond
  ) {
    missed.push(`req/s < ${PUBLIC_RPS_MIN_LIMIT_RATIO} × limit`);
  }
  if (row.kind === "workers" && row.result.requestsPerSecond < TWO_WORKERS_MIN_RATIO * floor.result.requestsPerSecond) {
    missed.push(`req/s < ${TWO_WORKERS_MIN_RATIO} × one worker's floor`);
  }
  if (
    row.kind === "floor" &&
    peer &&
    row.result.requestsPerSecond < FLOOR_RPS_MIN_PEER_RATIO * peer.result.requestsPerSecond
  ) {
    missed.push(`req/s < ${FLOOR_RPS_MIN_PEER_RATIO} × peer`);
  }
  if (
    row.kind === "step" &&
    row.connections === CONNECTIONS &&
    row.result.requestsPerSecond < STEP_RPS_MIN_RATIO * floor.result.requestsPerSecond
  ) {
    missed.push(`req/s < ${STEP_RPS_MIN_RATIO} × floor`);
  }
  if (row.kind === "step" && row.connections === LATENCY_CONNECTIONS && row.result.p99Ms >= STEP_P99_MAX_MS) {
    missed.push(`p99 ≥ ${STEP_P99_MAX_MS} ms`);
  }
  const budgeted =
    row.kind === "floor" ||
    row.kind === "public" ||
    row.kind === "workers" ||
    (row.kind === "step" && row.connections === CONNECTIONS) ||
    (row.kind === "step" && row.connections === LATENCY_CONNECTIONS);
  if (!budgeted) return "";
  return missed.length ? `MISSED: ${missed.join(", ")}` : "met";
}

function printTable(rows: Row[]): void {
  const floor = rows.find((r) => r.kind === "floor")!;
  const peer = rows.find((r) => r.kind === "peer");
  const limit = rows.find((r) => r.kind === "limit");
  const header = ["", "conns", "req/s", "p50 ms", "p99 ms", "× floor", "CPU ms/req", "budget"];
  const lines = rows.map((r) => {
    const ratio = r.result.requestsPerSecond / floor.result.requestsPerSecond;
    // The floor answers 404 on purpose; anywhere else an error page would flatter the figures.
    const failed = r.kind === "floor" || r.kind === "workers" ? 0 : r.result.non2xx3xx;
    const errors = [r.result.errors ? `${r.result.errors} socket errors` : "", failed ? `${failed} non-2xx/3xx` : ""]
      .filter(Boolean)
      .join(", ");
    const cpu = Number.isNaN(r.result.cpuMsPerRequest) ? "–" : r.result.cpuMsPerRequest.toFixed(2);
    const name = errors ? `${r.name} (${errors})` : r.name;
    return [
      name,
      String(r.connections),
      r.result.requestsPerSecond.toFixed(0),
      r.result.p50Ms.toFixed(2),
      r.result.p99Ms.toFixed(2),
      ratio.toFixed(2),
      cpu,
      verdict(r, floor, peer, limit),
    ];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  for (const line of [header, ...lines]) {
    console.log(line.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join("  "));
  }
}

/**
 * The production shape (decision 0024): the API in a process of its own (the sandbox in this one,
 * answering each call after UPSTREAM_DELAY_MS), the app server alone in its process, so its CPU
 * time is the app's without the API's share. The purchase without script, request by request, a
 * few times to warm up (the catalogue answers every admin shares are then kept, as in a server that
 * has run a while: a GSTIN holds one membership, so each measured walk buys a company a warm-up walk
 * chose and stopped before paying for), then UPSTREAM_WALKS times measured: per request the median time to first byte, the
 * upstream calls it made and how many of them in a row, and the mean server CPU.
 */
async function measureUpstreamWalk(shape: WalkShape): Promise<UpstreamStep[]> {
  const upstream = await startDelayedUpstream(UPSTREAM_DELAY_MS);
  const server = await startBuiltServer({ env: { API_BASE_URL: upstream.baseUrl } });
  try {
    const companies = Array.from({ length: UPSTREAM_WALKS }, () => freshGstin());
    for (let i = 0; i < Math.max(UPSTREAM_WARM_UP_WALKS, companies.length); i++)
      await walkThroughUpstream(server.origin, upstream, undefined, shape, {
        gstin: companies[i % companies.length],
        pay: false,
      });
    const walks: UpstreamStep[][] = [];
    for (const gstin of companies)
      walks.push(await walkThroughUpstream(server.origin, upstream, server.cpuMs, shape, { gstin }));
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
    return walks[0].map((first, i) => {
      const rows = walks.map((w) => w[i]);
      return {
        ...first,
        ttfbMs: median(rows.map((r) => r.ttfbMs)),
        calls: Math.max(...rows.map((r) => r.calls)),
        sequential: Math.max(...rows.map((r) => r.sequential)),
        cpuMs: rows.reduce((sum, r) => sum + r.cpuMs!, 0) / rows.length,
      };
    });
  } finally {
    await server.stop();
    await upstream.close();
  }
}

/** The form posts' walk, with the budgets, then the hydrated one's. */
async function printUpstreamWalks(): Promise<void> {
  for (const shape of ["form posts", "hydrated"] as const) printUpstreamWalk(await measureUpstreamWalk(shape), shape);
}

function printUpstreamWalk(steps: UpstreamStep[], shape: WalkShape): void {
  const width = Math.max(...steps.map((s) => s.request.length), "total".length);
  const walked =
    shape === "hydrated"
      ? "the purchase as a hydrated page makes it (each post followed, decision 0035)"
      : "the purchase without script";
  console.log(
    `\nProduction shape: the API in its own process, each call answered after ${UPSTREAM_DELAY_MS} ms; ${walked}, median of ${UPSTREAM_WALKS} after ${UPSTREAM_WARM_UP_WALKS} to warm up`,
  );
  console.log(`${"request".padEnd(width)}  status  TTFB ms  upstream calls  in a row  server CPU ms`);
  for (const s of steps) {
    console.log(
      [
        s.request.padEnd(width),
        String(s.status).padStart(6),
        s.ttfbMs.toFixed(1).padStart(7),
        String(s.calls).padStart(14),
        `${s.sequential}${shape === "form posts" && s.sequential > REQUEST_UPSTREAM_SEQUENTIAL_MAX ? " !" : ""}`.padStart(
          8,
        ),
        s.cpuMs!.toFixed(2).padStart(13),
      ].join("  "),
    );
  }
  const sum = (pick: (s: UpstreamStep) => number) => steps.reduce((total, s) => total + pick(s), 0);
  console.log(
    [
      "total".padEnd(width),
      "".padStart(6),
      sum((s) => s.ttfbMs)
        .toFixed(1)
        .padStart(7),
      String(sum((s) => s.calls)).padStart(14),
      String(sum((s) => s.sequential)).padStart(8),
      sum((s) => s.cpuMs!)
        .toFixed(2)
        .padStart(13),
    ].join("  "),
  );
  const inARow = sum((s) => s.sequential);
  const over = steps.filter((s) => s.sequential > REQUEST_UPSTREAM_SEQUENTIAL_MAX);
  const perRequest = `no request more than ${REQUEST_UPSTREAM_SEQUENTIAL_MAX} calls in a row: ${over.length ? `MISSED (${over.map((s) => `${s.request}: ${s.sequential}`).join(", ")})` : "met"}`;
  if (shape === "hydrated") {
    console.log(
      `Budget, one upstream round trip a request, each post followed: ${perRequest}; ${inARow} in a row over the purchase's ${steps.length} requests.`,
    );
    return;
  }
  console.log(
    `Budget, one upstream round trip a request where the data allows: ${perRequest}; the purchase at most ${PURCHASE_UPSTREAM_SEQUENTIAL_MAX} in a row: ${inARow <= PURCHASE_UPSTREAM_SEQUENTIAL_MAX ? "met" : "MISSED"} (${inARow}).`,
  );
  console.log(
    "The budgets of a hydrated step (1 request, its post), the first hydrated page (within 10% of its floor) and script on no slower than script off are measured in a browser: npm run bench:slow.",
  );
}

/**
 * Where one request's CPU goes, row by row: the floor, an anonymous page from memory, and one
 * checkout step as a page and as data, in ms of self time per request by place (package, node
 * internals, our bundle), so the step's surplus over the floor can be read off place by place.
 */
function printRowProfiles(file: string, rows: Row[]): void {
  const picked = [
    rows.find((r) => r.kind === "floor"),
    rows.find((r) => r.kind === "public"),
    rows.find((r) => r.kind === "step" && r.connections === CONNECTIONS && r.name.startsWith("GET")),
    rows.find((r) => r.kind === "data"),
  ].filter((r): r is Row => r !== undefined);
  const perRow = picked.map((row) => {
    const summary = summariseCpuProfile(file, row.result.window, 100);
    return new Map(summary.places.map((p) => [p.name, p.ms / row.result.requests]));
  });
  const places = [...new Set(perRow.flatMap((m) => [...m.keys()]))]
    .map((name) => ({ name, most: Math.max(...perRow.map((m) => m.get(name) ?? 0)) }))
    .filter((p) => p.most >= 0.02)
    .sort((a, b) => b.most - a.most);
  const titles = picked.map((r) => r.name.replace(/^(public )?GET /, "").slice(0, 28));
  const width = Math.max(...places.map((p) => p.name.length), 12);
  console.log("\nSelf time per request by place, ms (profiled; the profiler itself adds some):");
  console.log(["".padEnd(width), ...titles.map((t) => t.padStart(28))].join("  "));
  for (const place of places) {
    const cells = perRow.map((m) => (m.get(place.name) ?? 0).toFixed(3).padStart(28));
    console.log([place.name.padEnd(width), ...cells].join("  "));
  }
  const totals = perRow.map((m) =>
    [...m.values()]
      .reduce((a, b) => a + b, 0)
      .toFixed(3)
      .padStart(28),
  );
  console.log(["total".padEnd(width), ...totals].join("  "));
}

if (upstreamOnly) {
  await printUpstreamWalks();
  process.exit(0);
}
if (eventLoopOnly) {
  printEventLoopDelay(await measureEventLoopDelay());
  process.exit(0);
}
const profileDir = profile ? fs.mkdtempSync(path.join(os.tmpdir(), "kavach-prof-")) : null;
// wrk and the server share the cores; anything else running skews every row, so say so.
const load = () => os.loadavg()[0].toFixed(2);
console.log(
  `${CONNECTIONS} connections, ${SECONDS} s per row after ${WARM_UP_SECONDS} s warm-ups (all rows, then the row), loopback, ${os.cpus().length} cores${profile ? ", server under --cpu-prof" : ""}`,
);
console.log(`Load average before: ${load()}`);
const server = await startBuiltServer({ nodeArgs: profileDir ? ["--cpu-prof", "--cpu-prof-dir", profileDir] : [] });
let product: ProductRun;
try {
  product = await measureProduct(server);
} finally {
  await server.stop();
}
if (rowFilter.length) {
  console.log();
  printTable(product.rows);
  console.log(`\nLoad average after: ${load()}`);
  printProfiles();
  process.exit(0);
}
const workers = await measureTwoWorkers();
const limit = await measureLimit(product.medianPage);
const peer = await measurePeer(product.medianPage);

console.log();
printTable([limit, peer, ...product.rows, workers]);
console.log(`\nLoad average after: ${load()} (the bench itself adds about 2)`);
console.log(`Server RSS: ${mb(product.rss[0])} before the load, ${mb(product.rss[1])} after`);
await printUpstreamWalks();
printCensusFiles(await measureCensusFiles(), CENSUS_CHECK_MAX_MS, CENSUS_CHECK_MAX_MB);
printEventLoopDelay(await measureEventLoopDelay());
console.log(
  "CPU ms/req: the server's CPU time (all threads) over the requests it answered; steadier than req/s on a busy machine.",
);
console.log(
  `Budgets: a public page from memory ≥ ${PUBLIC_RPS_MIN_LIMIT_RATIO} × the limit's req/s; two workers ≥ ${TWO_WORKERS_MIN_RATIO} × one's floor; floor ≥ ${FLOOR_RPS_MIN_PEER_RATIO} × the peer's req/s; each checkout row ≥ ${STEP_RPS_MIN_RATIO} × the floor's at ${CONNECTIONS} connections and p99 < ${STEP_P99_MAX_MS} ms at ${LATENCY_CONNECTIONS} (reported, not asserted)`,
);
printProfiles();

function printProfiles(): void {
  if (!profileDir) return;
  const file = fs.readdirSync(profileDir).find((f) => f.endsWith(".cpuprofile"));
  if (!file) throw new Error(`the server wrote no profile into ${profileDir}`);
  printProfileSummary(summariseCpuProfile(path.join(profileDir, file), product.window));
  printRowProfiles(path.join(profileDir, file), product.rows);
  console.log(`\nFull profile: ${path.join(profileDir, file)} (open in Chrome DevTools, Performance tab)`);
}
