import cluster from "node:cluster";

/**
 * Every core (docs/decisions/0009): with more than one worker wanted, this process becomes the
 * primary of a node:cluster. It forks the workers, each the whole server on the shared port; it
 * replaces a worker that dies (and logs it), passes SIGTERM and SIGINT on to the workers, and exits
 * once they all have drained.
 *
 * Faults stop cleanly (docs/decisions/0018):
 * - a worker that dies before it ever listened is a start-up fault, which a restart would only
 *   repeat: the primary says it in one line (the worker's own, see stopAtStartup) and exits 1;
 * - a worker that dies within QUICK_DEATH_MS of listening is replaced after a delay that doubles
 *   with each such death in a row, and after MAX_QUICK_DEATHS the primary gives up and exits 1;
 *   meanwhile the living workers' /healthz says the workers are restarting (workersRestarting).
 *
 * Returns true in the primary, which serves nothing itself.
 */
const QUICK_DEATH_MS = 10_000;
const MAX_QUICK_DEATHS = 5;
const FIRST_RESTART_DELAY_MS = 500;
/** A worker's exit code after it has said why it cannot start. */
const STARTUP_FAULT_EXIT = 78;

type ClusterMessage =
  | { kavach: "startup-fault"; msg: string }
  | { kavach: "restarting"; restarting: boolean }
  | { kavach: "metrics-request"; id: number }
  | { kavach: "metrics"; id: number; text?: string; error?: string };
const isClusterMessage = (message: unknown): message is ClusterMessage =>
  typeof message === "object" && message !== null && "kavach" in message;

export function becomeClusterPrimary(
  workers: number,
  log: (entry: Record<string, unknown>) => void,
  /** Every worker's metrics, summed (prom-client's AggregatorRegistry), for a worker asked for /metrics. */
  clusterMetrics: () => Promise<string>,
): boolean {
  if (workers <= 1 || !cluster.isPrimary) return false;
  // Each worker accepts its own connections from the shared socket, rather than the primary
  // handing each one over: a connection handed to a worker that has just died hung unanswered,
  // and at shutdown the primary dropped the ones it still held (docs/decisions/0017).
  cluster.schedulingPolicy = cluster.SCHED_NONE;
  let stopping = false;
  let faultSaid = false;
  const listenedAt = new Map<number, number>();
  let quickDeaths = 0;
  let restartTimer: NodeJS.Timeout | undefined;

  const tellWorkers = (message: ClusterMessage) => {
    for (const worker of Object.values(cluster.workers ?? {})) if (worker?.isConnected()) worker.send(message);
  };
  const stop = (exitCode: number) => {
    stopping = true;
    clearTimeout(restartTimer);
    process.exitCode = exitCode;
    for (const other of Object.values(cluster.workers ?? {})) other?.process.kill("SIGTERM");
    if (Object.keys(cluster.workers ?? {}).length === 0) process.exit();
  };

  const fork = () => {
    const worker = cluster.fork();
    worker.on("message", (message: unknown) => {
      if (!isClusterMessage(message)) return;
      if (message.kavach === "metrics-request") {
        const answer = (reply: { text?: string; error?: string }) =>
          worker.isConnected() && worker.send({ kavach: "metrics", id: message.id, ...reply });
        clusterMetrics().then(
          (text) => answer({ text }),
          (error: Error) => answer({ error: error.message }),
        );
      }
      // Said once, however many workers meet the same fault.
      if (message.kavach !== "startup-fault" || faultSaid) return;
      faultSaid = true;
      log({ level: "error", msg: message.msg });
    });
    worker.once("listening", () => {
      listenedAt.set(worker.id, Date.now());
      // Said once, when the first set is up: until then a worker's death is a start-up fault.
      if (listenedAt.size === workers) log({ level: "info", msg: `all ${workers} workers listening` });
      if (restartTimer === undefined) tellWorkers({ kavach: "restarting", restarting: false });
    });
  };
  for (let i = 0; i < workers; i += 1) fork();
  log({ level: "info", msg: `cluster primary started ${workers} workers` });

  cluster.on("exit", (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit();
      return;
    }
    const listened = listenedAt.get(worker.id);
    if (listened === undefined) {
      if (code !== STARTUP_FAULT_EXIT || !faultSaid)
        log({
          level: "error",
          msg: "a worker exited before it listened; stopping",
          worker_pid: worker.process.pid,
          code,
          signal,
        });
      return stop(1);
    }
    quickDeaths = Date.now() - listened < QUICK_DEATH_MS ? quickDeaths + 1 : 0;
    if (quickDeaths >= MAX_QUICK_DEATHS) {
      log({
        level: "error",
        msg: `workers keep dying right after they start (${quickDeaths} in a row); giving up`,
        code,
        signal,
      });
      return stop(1);
    }
    const delayMs = quickDeaths === 0 ? 0 : FIRST_RESTART_DELAY_MS * 2 ** (quickDeaths - 1);
    log({ level: "warn", msg: "worker died; starting another", worker_pid: worker.process.pid, code, signal, delayMs });
    if (delayMs > 0) tellWorkers({ kavach: "restarting", restarting: true });
    clearTimeout(restartTimer);
    restartTimer = setTimeout(() => {
      restartTimer = undefined;
      if (!stopping) fork();
    }, delayMs);
  });

  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.on(signal, () => {
      stopping = true;
      clearTimeout(restartTimer);
      log({ level: "info", msg: `${signal}: stopping ${Object.keys(cluster.workers ?? {}).length} workers` });
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit();
    });
  }
  return true;
}

/**
 * A fault at start-up (a port taken, a database that cannot be opened): one clear line and a
 * non-zero exit, not a stack trace. In a worker the primary says the line, once for all workers.
 */
export function stopAtStartup(
  error: unknown,
  port: number,
  host: string,
  log: (entry: Record<string, unknown>) => void,
): Promise<never> {
  const code = (error as { code?: unknown })?.code;
  const reason =
    code === "EADDRINUSE"
      ? `port ${port} on ${host} is already in use (EADDRINUSE): stop what holds it or set PORT`
      : code === "EACCES" && (error as { syscall?: unknown }).syscall === "listen"
        ? `not allowed to listen on port ${port} (EACCES): set PORT`
        : `${error instanceof Error ? error.message : String(error)}${typeof code === "string" ? ` (${code})` : ""}`;
  const msg = `cannot start: ${reason}`;
  if (cluster.isWorker && process.send)
    process.send({ kavach: "startup-fault", msg }, undefined, {}, () => process.exit(STARTUP_FAULT_EXIT));
  else {
    log({ level: "error", msg });
    process.exit(1);
  }
  // Nothing after a fault runs: the exit comes once the primary has the line.
  return new Promise<never>(() => undefined);
}

/** In a worker: whether the primary is waiting to restart a worker that keeps dying, for /healthz. */
let restarting = false;
/** In a worker: its requests for the cluster's metrics, by id, waiting for the primary's answer. */
const metricsWaiting = new Map<number, { resolve: (text: string) => void; reject: (error: Error) => void }>();
let metricsRequests = 0;
if (cluster.isWorker)
  process.on("message", (message: unknown) => {
    if (!isClusterMessage(message)) return;
    if (message.kavach === "restarting") restarting = message.restarting;
    if (message.kavach === "metrics") {
      const waiting = metricsWaiting.get(message.id);
      metricsWaiting.delete(message.id);
      if (message.text !== undefined) waiting?.resolve(message.text);
      else waiting?.reject(new Error(message.error ?? "no metrics"));
    }
  });
export const workersRestarting = () => restarting;

/** In a worker: the whole cluster's metrics, which only the primary can sum (prom-client's cluster support). */
export function metricsFromPrimary(): Promise<string> {
  const id = (metricsRequests += 1);
  return new Promise((resolve, reject) => {
    metricsWaiting.set(id, { resolve, reject });
    process.send!({ kavach: "metrics-request", id });
  });
}
