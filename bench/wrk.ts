import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { CONNECTIONS } from "./budgets";

const run = promisify(execFile);

export interface WrkTarget {
  url: string;
  method?: "GET" | "POST";
  body?: string;
  cookie?: string;
  /** Open connections; the benchmark's CONNECTIONS unless said. */
  connections?: number;
  headers?: Record<string, string>;
  /** A random query on every request: a page no cache holds (the "cold" row). */
  cacheBust?: boolean;
}

export interface WrkResult {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  /** Socket errors and timeouts; wrk does not follow redirects, so a 303 is a success here. */
  errors: number;
  /** Answers other than 2xx and 3xx (the 404 floor has only these, on purpose). */
  non2xx3xx: number;
}

/** Lua long strings need no escaping of anything a cookie or form body can hold. */
const lua = (s: string) => `[==[${s}]==]`;

/**
 * wrk's done() hook hands over exact counts and percentiles, so the figures are read as JSON
 * rather than scraped from its human-readable table. Every client asks for gzip, as browsers do.
 */
function script(target: WrkTarget): string {
  const lines = [`wrk.method = ${lua(target.method ?? "GET")}`, `wrk.headers["Accept-Encoding"] = "gzip"`];
  if (target.body !== undefined) {
    lines.push(`wrk.body = ${lua(target.body)}`, `wrk.headers["Content-Type"] = "application/x-www-form-urlencoded"`);
  }
  if (target.cookie) lines.push(`wrk.headers["Cookie"] = ${lua(target.cookie)}`);
  // A space after "[": "[[" would open a Lua long string.
  for (const [name, value] of Object.entries(target.headers ?? {}))
    lines.push(`wrk.headers[ ${lua(name)} ] = ${lua(value)}`);
  if (target.cacheBust) {
    lines.push(
      "math.randomseed(os.time())",
      'request = function() return wrk.format(nil, wrk.path .. "?b=" .. math.random(1, 1000000000)) end',
    );
  }
  lines.push(
    "function done(summary, latency, requests)",
    "  local e = summary.errors",
    `  io.write(string.format('WRK_JSON {"requests":%d,"duration_us":%d,"p50_us":%d,"p99_us":%d,"errors":%d,"non2xx3xx":%d}\\n',`,
    "    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99),",
    "    e.connect + e.read + e.write + e.timeout, e.status))",
    "end",
  );
  return lines.join("\n");
}

/** One wrk run at the target's connection count, two threads (one per core). */
export async function runWrk(target: WrkTarget, seconds: number): Promise<WrkResult> {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "kavach-wrk-")), "target.lua");
  fs.writeFileSync(file, script(target));
  try {
    const { stdout } = await run(
      "wrk",
      ["-t2", `-c${target.connections ?? CONNECTIONS}`, `-d${seconds}s`, "-s", file, target.url],
      {
        maxBuffer: 1 << 20,
      },
    );
    const json = stdout.match(/^WRK_JSON (.*)$/m)?.[1];
    if (!json) throw new Error(`wrk printed no summary:\n${stdout}`);
    const r = JSON.parse(json) as {
      requests: number;
      duration_us: number;
      p50_us: number;
      p99_us: number;
      errors: number;
      non2xx3xx: number;
    };
    return {
      requestsPerSecond: r.requests / (r.duration_us / 1e6),
      p50Ms: r.p50_us / 1000,
      p99Ms: r.p99_us / 1000,
      requests: r.requests,
      errors: r.errors,
      non2xx3xx: r.non2xx3xx,
    };
  } finally {
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }
}
