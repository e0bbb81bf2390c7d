import type http from "node:http";

/**
 * Deploys lose nothing (docs/product.md, Security rules). On SIGTERM or SIGINT the public listener
 * stops taking connections and closes its idle ones; requests in flight run to their end, and
 * their answers close their connections, so a client sends its next request to the new process. The
 * embedded API's private listener stays open until then, so those requests' upstream calls
 * complete; it closes, and the database with it, only once the app has drained. A new connection
 * during the drain is refused at once (a gateway retries a refused callback), never answered as failed.
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
}

export function drainOnSignal({ server, privateApi, closeApi, timeoutMs }: DrainOptions) {
  const log = (msg: string) => console.log(JSON.stringify({ level: "info", msg }));
  function drain(signal: string) {
    if (draining) return;
    draining = true;
    log(`${signal}: draining`);
    setTimeout(() => {
      console.error(JSON.stringify({ level: "error", msg: `requests still in flight after ${timeoutMs} ms: exiting` }));
      process.exit(1);
    }, timeoutMs).unref();
    // Connections busy at the signal become idle as their answers go out: close them as they do, so
    // no client sends a new request over one (a fresh connection is refused, and retried elsewhere).
    const sweep = setInterval(() => server.closeIdleConnections(), 50);
    server.close(() => {
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
    server.closeIdleConnections();
  }
  process.on("SIGTERM", () => drain("SIGTERM"));
  process.on("SIGINT", () => drain("SIGINT"));
}
