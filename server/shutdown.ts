import type http from "node:http";
import net from "node:net";

/**
 * Deploys lose nothing (docs/product.md, Security rules; docs/decisions/0018 and 0040). On SIGTERM
 * or SIGINT the public listener stops taking connections, but only after the turns of the event
 * loop that accept the connections already waiting (until a turn finds none) and one that reads
 * the requests already sent on open ones: a request the client has sent is answered, never reset.
 * Every answer from then on closes its connection, those in flight included, so a client sends its
 * next request to the new process; a connection idle meanwhile has a second to send one (answered
 * the same way), then is closed. The embedded API's private listener stays open until then, so
 * those requests' upstream calls complete; it closes, and the database with it, only once the app
 * has drained. A new connection after that turn is refused at once (a gateway retries a refused
 * callback), never answered as failed; /readyz answers 503 meanwhile (server/probes.ts).
 */
let draining = false;
/** How long a connection idle when draining starts has to send its next request before it is closed. */
const IDLE_GRACE_MS = 1_000;

/** While draining, every answer closes its connection: no new request rides a kept-alive socket. */
export const isDraining = () => draining;

export interface DrainOptions {
  server: http.Server;
  privateApi?: http.Server;
  closeApi?: () => void;
  /** After this the process exits even with requests still in flight. */
  timeoutMs: number;
  /** Where its lines go (the process's logger). */
  log: (entry: Record<string, unknown>) => void;
}

export function drainOnSignal({ server, privateApi, closeApi, timeoutMs, log: logLine }: DrainOptions) {
  const log = (msg: string) => logLine({ level: "info", msg });
  // The answers being made now. Each request says at its start whether its answer closes the
  // connection (server/request-log.ts); one that started before the signal would otherwise keep its
  // connection open, the client would send its next request on it, and the sweep below would
  // close it under that request: a client's read error (decision 0040).
  const inFlight = new Set<http.ServerResponse>();
  server.on("request", (_req: http.IncomingMessage, res: http.ServerResponse) => {
    inFlight.add(res);
    res.once("close", () => inFlight.delete(res));
  });
  function drain(signal: string) {
    if (draining) return;
    draining = true;
    log(`${signal}: draining`);
    for (const res of inFlight) if (!res.headersSent) res.setHeader("Connection", "close");
    setTimeout(() => {
      logLine({ level: "error", msg: `requests still in flight after ${timeoutMs} ms: exiting` });
      process.exit(1);
    }, timeoutMs).unref();
    // Closing the listener drops the connections the kernel has queued for it, and closing idle
    // connections drops the requests sent on them but not yet read: first the turns of the loop
    // whose polls accept the queued connections, then one whose poll reads what was sent on them.
    // A busy worker's poll can accept as little as one connection of the queue, so the listener
    // stays open until a poll accepts none (the queue is empty; the other workers share it), or
    // for at most a quarter of the timeout (5 s at most) while new connections keep coming.
    let accepted = 0;
    const countAccepted = () => void (accepted += 1);
    server.on("connection", countAccepted);
    const acceptUntil = Date.now() + Math.min(5_000, timeoutMs / 4);
    const acceptQueued = (then: () => void) =>
      afterReading(() => {
        const more = accepted > 0 && Date.now() < acceptUntil;
        accepted = 0;
        if (more) return acceptQueued(then);
        server.off("connection", countAccepted);
        then();
      });
    acceptQueued(() =>
      afterReading(() => {
        // From now on every answer closes its connection, and a client that honours it sends its
        // next request on a new one (refused here, and taken by another worker or server). A
        // connection idle now (a keep-alive answer went out before the signal, or nothing has
        // been sent on it yet) may carry a request already on its way: closing it under that
        // request is the client's read error. So it is given IDLE_GRACE_MS to send one, which is
        // answered and closes it; only then are the connections still idle closed, each look
        // waiting for the loop's next read so a request already sent is seen first.
        let sweep: NodeJS.Timeout | undefined;
        const grace = setTimeout(
          () => {
            server.closeIdleConnections();
            sweep = setInterval(() => afterReading(() => server.closeIdleConnections()), 50);
          },
          Math.min(IDLE_GRACE_MS, server.keepAliveTimeout),
        );
        // net's close, not http's: http's also closes idle connections at once.
        net.Server.prototype.close.call(server, () => {
          clearTimeout(grace);
          clearInterval(sweep);
          const finish = () => {
            closeApi?.();
            log("drained: exiting");
            process.exit(0);
          };
          if (!privateApi) return finish();
          privateApi.close(finish);
          privateApi.closeIdleConnections();
        });
      }),
    );
  }
  process.on("SIGTERM", () => drain("SIGTERM"));
  process.on("SIGINT", () => drain("SIGINT"));
}

/**
 * Runs `then` after the event loop's next poll, which accepts waiting connections and reads what
 * has arrived on open ones: an immediate queued from an immediate waits for the next turn's check
 * phase, and that turn polls first.
 */
function afterReading(then: () => void): void {
  setImmediate(() => setImmediate(then));
}
