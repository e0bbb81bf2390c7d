import type http from "node:http";
import net from "node:net";

/**
 * Deploys lose nothing (docs/product.md, Security rules; docs/decisions/0018). On SIGTERM or SIGINT
 * the public listener stops taking connections, but only after the turns of the event loop that
 * accept the connections already waiting (until a turn finds none) and one that reads the
 * requests already sent on open ones: a
 * request the client has sent is answered, never reset. Requests in flight run to their end and
 * their answers close their connections, so a client sends its next request to the new process;
 * a connection with nothing sent on it is closed. The embedded API's private listener stays open
 * until then, so those requests' upstream calls complete; it closes, and the database with it,
 * only once the app has drained. A new connection after that turn is refused at once (a gateway
 * retries a refused callback), never answered as failed.
 */
let draining = false;

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
  function drain(signal: string) {
    if (draining) return;
    draining = true;
    log(`${signal}: draining`);
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
        // Connections busy now become idle as their answers go out: close them as they do, so no
        // client sends a new request over one (a fresh connection is refused, and retried
        // elsewhere). Each look waits for the loop's next read, so a request already sent is seen
        // before its connection is judged idle.
        const sweep = setInterval(() => afterReading(() => server.closeIdleConnections()), 50);
        // net's close, not http's: http's also closes idle connections at once, before that read.
        net.Server.prototype.close.call(server, () => {
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
        afterReading(() => server.closeIdleConnections());
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
