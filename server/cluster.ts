import cluster from "node:cluster";

/**
 * Every core (docs/decisions/0009): with more than one worker wanted, this process becomes the
 * primary of a node:cluster. It forks the workers, each the whole server on the shared port; it
 * replaces a worker that dies (and logs it), passes SIGTERM and SIGINT on to the workers, and exits
 * once they all have drained. A worker that dies before it ever listened is a start-up fault, which
 * a restart would only repeat: the primary then stops with it.
 *
 * Returns true in the primary, which serves nothing itself.
 */
export function becomeClusterPrimary(workers: number, log: (entry: Record<string, unknown>) => void): boolean {
  if (workers <= 1 || !cluster.isPrimary) return false;
  // Each worker accepts its own connections from the shared socket, rather than the primary
  // handing each one over: a connection handed to a worker that has just died hung unanswered,
  // and at shutdown the primary dropped the ones it still held (docs/decisions/0017).
  cluster.schedulingPolicy = cluster.SCHED_NONE;
  let stopping = false;
  const listened = new Set<number>();

  const fork = () => {
    const worker = cluster.fork();
    worker.once("listening", () => {
      listened.add(worker.id);
      // Said once, when the first set is up: until then a worker's death is a start-up fault.
      if (listened.size === workers) log({ level: "info", msg: `all ${workers} workers listening` });
    });
  };
  for (let i = 0; i < workers; i += 1) fork();
  log({ level: "info", msg: `cluster primary started ${workers} workers`, pid: process.pid });

  cluster.on("exit", (worker, code, signal) => {
    const living = Object.keys(cluster.workers ?? {}).length;
    if (stopping) {
      if (living === 0) process.exit();
      return;
    }
    if (!listened.has(worker.id)) {
      log({
        level: "error",
        msg: "a worker exited before it listened; stopping",
        pid: worker.process.pid,
        code,
        signal,
      });
      stopping = true;
      for (const other of Object.values(cluster.workers ?? {})) other?.process.kill("SIGTERM");
      process.exitCode = 1;
      if (living === 0) process.exit();
      return;
    }
    log({ level: "warn", msg: "worker died; starting another", pid: worker.process.pid, code, signal });
    fork();
  });

  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.on(signal, () => {
      stopping = true;
      log({ level: "info", msg: `${signal}: stopping ${Object.keys(cluster.workers ?? {}).length} workers` });
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
    });
  }
  return true;
}
