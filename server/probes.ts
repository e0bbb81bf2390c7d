import { type ServerBuild, createRequestHandler } from "@remix-run/node";
import { Router } from "express";
import type * as AppServerEntry from "../app/entry.server";
import { type AllowanceStore, allowancesHealth } from "./allowances";
import { workersRestarting } from "./cluster";
import type { RenderGate } from "./render-gate";
import { PAGE_SCRIPTS_CSP } from "./security";
import { isDraining } from "./shutdown";

const READY_WITHIN_MS = 2_000;

/** `work`'s answer, or `late` once READY_WITHIN_MS have passed without one. */
async function within<T>(work: Promise<T>, late: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<T>((resolve) => (timer = setTimeout(() => resolve(late), READY_WITHIN_MS)));
  const answer = await Promise.race([work, timedOut]);
  clearTimeout(timer);
  return answer;
}

export interface ProbeOptions {
  build: ServerBuild;
  mode: string;
  gate: RenderGate;
  /** Where the allowances are counted (Redis is reported, never fails readiness). */
  store: AllowanceStore;
  /** The embedded database's state, when the embedded API runs here. */
  databaseReady?: () => string;
}

/** /healthz (liveness) and /readyz (readiness), for a load balancer. */
export function probes(
  { SERVER_PAGE_PATHS, upstreamReadiness }: typeof AppServerEntry,
  { build, mode, gate, store, databaseReady }: ProbeOptions,
): Router {
  /**
   * Liveness: healthy only when a page renders now, through the render gate as any visitor's would,
   * so a server whose render slots are all held answers 503 (docs/product.md, Security rules).
   */
  const renderProbe = createRequestHandler(build, mode);
  function pageRenders(): Promise<boolean> {
    const rendered = gate.enter().then(async (leave) => {
      try {
        const page = await renderProbe(new Request(`http://127.0.0.1${SERVER_PAGE_PATHS.notFound}`), {
          cspNonce: "",
          pageScriptsCsp: PAGE_SCRIPTS_CSP,
          clientIp: "127.0.0.1",
          spendIpAllowance: async () => ({ ok: true }),
          spendNumberAllowance: async () => ({ ok: true }),
        });
        return page.status === 404;
      } finally {
        leave();
      }
    });
    return within(
      rendered.catch(() => false),
      false,
    );
  }

  const router = Router();
  router.get("/healthz", async (_req, res) => {
    const ready = await pageRenders();
    // Codes refused while Redis is out is said here, but is no reason to take the server out of
    // service: pages still render (docs/decisions/0018).
    const allowances = allowancesHealth(store);
    res.status(ready ? 200 : 503).json({
      status: ready ? "ok" : "unavailable",
      ...(allowances === "ok" ? {} : { allowances }),
      // A worker that keeps dying is being restarted with a growing delay (server/cluster.ts).
      ...(workersRestarting() ? { workers: "restarting" } : {}),
    });
  });

  /**
   * Readiness (docs/decisions/0036): whether this server can sell now, for a load balancer to stop
   * sending buyers to one that cannot. 503 names what is wrong: a page cannot render (the render
   * gate full), the upstream does not answer its cheapest call (kept a few seconds,
   * app/upstream/readiness.server.ts), the embedded database does not answer a read, or the server
   * is draining. Redis is reported but never fails it: only codes wait on it, pages do not
   * (docs/decisions/0018), and every server shares the one Redis.
   */
  router.get("/readyz", async (_req, res) => {
    const [renders, upstream] = await Promise.all([
      pageRenders(),
      within(upstreamReadiness(), `no answer within ${READY_WITHIN_MS} ms`),
    ]);
    const checks: Record<string, string> = {
      render: renders ? "ok" : `no page rendered within ${READY_WITHIN_MS} ms`,
      upstream,
      ...(databaseReady ? { database: databaseReady() } : {}),
      ...(store.kind === "redis" ? { redis: allowancesHealth(store) === "ok" ? "ok" : "unreachable" } : {}),
      ...(isDraining() ? { server: "draining" } : {}),
    };
    const ready = Object.entries(checks).every(([check, state]) => state === "ok" || check === "redis");
    res
      .status(ready ? 200 : 503)
      .set("Cache-Control", "no-store")
      .json({ status: ready ? "ready" : "unavailable", checks });
  });
  return router;
}
