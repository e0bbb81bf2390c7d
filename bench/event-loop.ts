/**
 * The event loop's delay while the heaviest answers are made (docs/decisions/0041): a 10,000-member
 * company's census confirmed (the policy issued, 5,000 employees emailed their e-cards), all its e-cards
 * and its member list downloaded, each on the built server of one worker. The delay is the server's own
 * `perf_hooks.monitorEventLoopDelay`, as prom-client's default metrics report it on /metrics (each scrape
 * starts a new window), read before and after each operation.
 */
import { randomBytes } from "node:crypto";
import os from "node:os";
import {
  confirmCensus,
  download,
  largeCensusCsv,
  paidLargeCompany,
  uploadCensus,
} from "../tests/support/large-company";
import { startBuiltServer } from "./built-server";

const SESSION_SECRET = "bench-event-loop-secret-0123456789abcdef";

export interface LoopDelay {
  operation: string;
  status: number;
  ms: number;
  /** The server's event-loop delay over the operation, in ms. */
  maxMs: number;
  p99Ms: number;
  meanMs: number;
}

export async function measureEventLoopDelay(): Promise<{ rows: LoopDelay[]; load: [string, string] }> {
  const token = randomBytes(16).toString("hex");
  const load = () => os.loadavg()[0]!.toFixed(2);
  const before = load();
  const server = await startBuiltServer({ ownOrigin: true, env: { METRICS_TOKEN: token, SESSION_SECRET } });
  try {
    const scrape = async () => {
      const text = await (
        await fetch(`${server.origin}/metrics`, { headers: { authorization: `Bearer ${token}` } })
      ).text();
      const seconds = (name: string) => Number(new RegExp(`^${name} (\\S+)`, "m").exec(text)?.[1] ?? Number.NaN);
      return {
        maxMs: seconds("nodejs_eventloop_lag_max_seconds") * 1000,
        p99Ms: seconds("nodejs_eventloop_lag_p99_seconds") * 1000,
        meanMs: seconds("nodejs_eventloop_lag_mean_seconds") * 1000,
      };
    };
    // Its own origin is http: the session cookie has the plain name (app/session/session.server.ts).
    const visitor = await paidLargeCompany(server.origin, { secret: SESSION_SECRET });
    const csv = largeCensusCsv();
    const rows: LoopDelay[] = [];
    /** One operation, which must answer `expected`: a redirect to sign-in would measure nothing. */
    const measure = async (operation: string, expected: number, work: () => Promise<number>) => {
      await scrape();
      const started = performance.now();
      const status = await work();
      const ms = performance.now() - started;
      if (status !== expected) throw new Error(`${operation} answered ${status}, expected ${expected}`);
      rows.push({ operation, status, ms, ...(await scrape()) });
    };
    let checkId = "";
    await measure("census file of 10,000 rows read and checked", 200, async () => {
      const checked = await uploadCensus(visitor, csv);
      checkId = checked.checkId ?? "";
      return checkId === "" ? 0 : checked.answer.status;
    });
    await measure("census of 10,000 confirmed (policy issued, 5,000 emails)", 303, async () => {
      return (await confirmCensus(visitor, checkId)).status;
    });
    await measure("GET /membership/e-cards.pdf (10,000 cards)", 200, async () => {
      return (await download(visitor, "/membership/e-cards.pdf")).status;
    });
    await measure("GET /membership/members.csv (10,000 rows)", 200, async () => {
      return (await download(visitor, "/membership/members.csv")).status;
    });
    return { rows, load: [before, load()] };
  } finally {
    await server.stop();
  }
}

export function printEventLoopDelay({ rows, load }: Awaited<ReturnType<typeof measureEventLoopDelay>>): void {
  console.log(
    `\nThe server's event-loop delay (monitorEventLoopDelay) while a 10,000-member company's heaviest answers are made; load average ${load[0]} before, ${load[1]} after`,
  );
  const width = Math.max(...rows.map((r) => r.operation.length));
  console.log(`${"operation".padEnd(width)}  status  took ms  delay max ms  p99 ms  mean ms`);
  for (const r of rows)
    console.log(
      [
        r.operation.padEnd(width),
        String(r.status).padStart(6),
        r.ms.toFixed(0).padStart(7),
        r.maxMs.toFixed(1).padStart(12),
        r.p99Ms.toFixed(1).padStart(6),
        r.meanMs.toFixed(1).padStart(7),
      ].join("  "),
    );
}
