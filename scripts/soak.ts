/**
 * Soak (docs/performance.md, Soak; decision 0005): 200 connections of mixed page views and form posts for 60 s against a
 * local production build on loopback, with wrk. Passes when no request fails and the server's
 * memory settles (the last half of the run grows it by at most 10%).
 *
 * The measured minute follows a warm-up at the same load: V8 sizes its heap to the working set
 * over the first minute or so (RSS climbs, then stays flat or falls in a 150 s run), and that
 * growth says nothing about a leak.
 *
 *   npm run soak                                 # builds, then runs the full soak
 *   SOAK_SECONDS=10 SOAK_WARMUP_SECONDS=5 SOAK_CONNECTIONS=50 npm run soak
 */
import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { recordRunAs } from "../bench/record";
import { Visitor, fillCart, signIn } from "../tests/support/client";
import { startServer, tempDir } from "../tests/support/server";

const SECONDS = Number(process.env.SOAK_SECONDS ?? 60);
const WARMUP_SECONDS = Number(process.env.SOAK_WARMUP_SECONDS ?? 20);
const CONNECTIONS = Number(process.env.SOAK_CONNECTIONS ?? 200);
recordRunAs("soak", `SOAK_SECONDS=${SECONDS} SOAK_CONNECTIONS=${CONNECTIONS} npm run soak`);
const ADMINS = 20;
const MAX_GROWTH = 0.1;

/** One pass of the mix each connection repeats: mostly pages, a post in every four requests. */
function mixFor(cookie: string): Array<{ method: "GET" | "POST"; path: string; cookie?: string; body?: string }> {
  return [
    { method: "GET", path: "/" },
    { method: "GET", path: "/checkout/gst-details", cookie },
    { method: "GET", path: "/reviews" },
    {
      method: "POST",
      path: "/checkout/add-people",
      cookie,
      body: "intent=recalculate&rows%5B0%5D.band=18-35&rows%5B0%5D.range=1A&rows%5B0%5D.count=8",
    },
    { method: "GET", path: "/checkout/summary", cookie },
    { method: "GET", path: "/terms-of-use" },
    { method: "GET", path: "/checkout/checkout", cookie },
    { method: "POST", path: "/checkout/checkout", cookie, body: "policy=yearly" },
  ];
}

/** wrk's script: each thread walks the mixes of all admins in turn, from its own starting point. */
function wrkScript(cookies: string[]): string {
  const specs = cookies.flatMap(mixFor).map((r) => {
    const headers = [`["Sec-Fetch-Site"] = "same-origin"`];
    if (r.cookie) headers.push(`["Cookie"] = ${JSON.stringify(r.cookie)}`);
    if (r.body) headers.push(`["Content-Type"] = "application/x-www-form-urlencoded"`);
    return `  { ${JSON.stringify(r.method)}, ${JSON.stringify(r.path)}, { ${headers.join(", ")} }, ${r.body ? JSON.stringify(r.body) : "nil"} },`;
  });
  // Requests are formatted in init: wrk.format needs the thread's host, unknown while the script loads.
  return `local specs = {\n${specs.join("\n")}\n}
local requests = {}
local i = 0
setup = function(thread) thread:set("offset", math.random(#specs)) end
init = function()
  for k, s in ipairs(specs) do requests[k] = wrk.format(s[1], s[2], s[3], s[4]) end
  i = tonumber(offset) or 0
end
request = function()
  i = i % #requests + 1
  return requests[i]
end
`;
}

function rssMb(pid: number): number {
  const kb = Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))?.[1]);
  return Math.round(kb / 1024);
}

function field(output: string, pattern: RegExp): number {
  return Number(pattern.exec(output)?.[1] ?? 0);
}

function socketErrorsOf(output: string): number {
  return [...output.matchAll(/(?:connect|read|write|timeout) (\d+)/g)].reduce((sum, [, n]) => sum + Number(n), 0);
}

/** Log lines of requests answered with neither 2xx nor 3xx, and of errors, at most ten. */
function failedRequests(logs: string[]): string[] {
  return logs.filter((line) => /"status":[45]\d\d|"level":"error"/.test(line)).slice(0, 10);
}

function failures(output: string): number {
  return socketErrorsOf(output) + field(output, /Non-2xx or 3xx responses: (\d+)/);
}

// Production mode, as deployed: React's production build, Secure __Host- cookies (sent here over
// loopback), and the one-line-per-request log, which names any request that fails.
const server = await startServer({
  dataDir: tempDir("kavach-soak-"),
  env: { NODE_ENV: "production", LOG_REQUESTS: "1" },
});
let passed = false;
try {
  console.log(`Soak: ${CONNECTIONS} connections for ${SECONDS} s against ${server.url} (pid ${server.pid})`);
  const cookies: string[] = [];
  for (let n = 0; n < ADMINS; n += 1) {
    const admin = new Visitor(server.url);
    await signIn(admin);
    await fillCart(admin);
    cookies.push(admin.cookieHeader);
  }
  const script = path.join(server.dataDir, "soak.lua");
  fs.writeFileSync(script, wrkScript(cookies));

  const wrk = (seconds: number) =>
    promisify(execFile)(
      "wrk",
      ["-t2", `-c${CONNECTIONS}`, `-d${seconds}s`, "--timeout", "30s", "--latency", "-s", script, server.url],
      {
        maxBuffer: 1 << 20,
      },
    );
  const idle = rssMb(server.pid);
  const warmup = (await wrk(WARMUP_SECONDS)).stdout;
  console.log(
    `warm-up            ${field(warmup, /(\d+) requests in/)} requests in ${WARMUP_SECONDS} s, ${failures(warmup)} errors`,
  );

  const samples: Array<{ at: number; rss: number }> = [];
  const started = Date.now();
  const sample = () => samples.push({ at: (Date.now() - started) / 1000, rss: rssMb(server.pid) });
  sample();
  const sampler = setInterval(sample, 1000);
  const { stdout } = await wrk(SECONDS);
  clearInterval(sampler);
  sample();

  const requests = field(stdout, /(\d+) requests in/);
  const socketErrors = socketErrorsOf(stdout);
  const badStatus = field(stdout, /Non-2xx or 3xx responses: (\d+)/);
  const healthy = (await fetch(`${server.url}/healthz`)).ok;

  const start = samples[0]!.rss;
  const middle = samples.find((s) => s.at >= SECONDS / 2)?.rss ?? start;
  const end = samples.at(-1)!.rss;
  const lastHalfPeak = Math.max(...samples.filter((s) => s.at >= SECONDS / 2).map((s) => s.rss));
  const growth = (lastHalfPeak - middle) / middle;

  console.log(stdout.trim());
  console.log("");
  console.log(`requests           ${requests} (${field(stdout, /Requests\/sec:\s+([\d.]+)/)} per second)`);
  console.log(`errors             ${socketErrors + badStatus} (socket ${socketErrors}, non-2xx/3xx ${badStatus})`);
  console.log(
    `memory (RSS, MB)   before load ${idle}; run start ${start}, middle ${middle}, end ${end}; last-half peak ${lastHalfPeak} (+${(growth * 100).toFixed(1)}% over the middle)`,
  );
  console.log(`server afterwards  ${healthy ? "answers /healthz" : "DOES NOT ANSWER"}`);
  for (const line of failedRequests(server.logs)) console.log(`failed             ${line}`);
  passed = requests > 0 && socketErrors + badStatus + failures(warmup) === 0 && growth <= MAX_GROWTH && healthy;
  console.log(passed ? "PASS" : "FAIL");
} finally {
  await server.stop();
}
process.exit(passed ? 0 : 1);
