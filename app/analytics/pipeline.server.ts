import fs from "node:fs/promises";
import path from "node:path";
import { logger } from "~/observability/log.server";

/**
 * Where analytics go, off the request path: each sink has its own bounded queue, sends in order,
 * retries with backoff, and a slow or failing sink never slows or fails a page.
 */
export interface AnalyticsRecord {
  kind: "event" | "profile";
  at: string;
  name?: string;
  identity?: string;
  channel_partner?: string;
  data: Record<string, unknown>;
  /** HubSpot's visitor cookie, for forwarding; never written to the event file. */
  hutk?: string;
}

export interface Sink {
  name: string;
  /** Whether this sink wants the record at all. */
  accepts?(record: AnalyticsRecord): boolean;
  /** Tries once; a rejection is retried unless `retry` is false. */
  write(batch: AnalyticsRecord[]): Promise<void>;
  retry?: boolean;
}

export interface QueueOptions {
  maxQueue: number;
  maxBatch: number;
  maxAttempts: number;
  backoffMs: number;
  log: (entry: Record<string, unknown>) => void;
}

const DEFAULTS: QueueOptions = {
  maxQueue: 5000,
  maxBatch: 100,
  maxAttempts: 5,
  backoffMs: 250,
  log: (entry) => logger.warn(entry),
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms).unref());

class SinkQueue {
  private readonly pending: AnalyticsRecord[] = [];
  private running: Promise<void> | null = null;

  constructor(
    private readonly sink: Sink,
    private readonly options: QueueOptions,
  ) {}

  push(record: AnalyticsRecord) {
    if (this.sink.accepts && !this.sink.accepts(record)) return;
    if (this.pending.length >= this.options.maxQueue) {
      this.pending.shift();
      this.options.log({ msg: "analytics queue full; oldest record dropped", sink: this.sink.name });
    }
    this.pending.push(record);
    this.running ??= this.drain().finally(() => {
      this.running = null;
    });
  }

  /** Resolves when everything queued so far has been sent or given up on. */
  async idle() {
    while (this.running) await this.running;
  }

  private async drain() {
    while (this.pending.length) {
      const batch = this.pending.splice(0, this.options.maxBatch);
      for (let attempt = 1; ; attempt++) {
        try {
          await this.sink.write(batch);
          break;
        } catch (error) {
          if (this.sink.retry === false || attempt >= this.options.maxAttempts) {
            this.options.log({
              msg: "analytics batch dropped",
              sink: this.sink.name,
              records: batch.length,
              error: String(error),
            });
            break;
          }
          await sleep(this.options.backoffMs * 2 ** (attempt - 1));
        }
      }
    }
  }
}

export class AnalyticsPipeline {
  private readonly queues: SinkQueue[];

  constructor(sinks: Sink[], options: Partial<QueueOptions> = {}) {
    this.queues = sinks.map((sink) => new SinkQueue(sink, { ...DEFAULTS, ...options }));
  }

  /** Never awaits a sink: the caller's response goes out whatever the sinks are doing. */
  emit(record: AnalyticsRecord) {
    for (const queue of this.queues) queue.push(record);
  }

  async idle() {
    await Promise.all(this.queues.map((q) => q.idle()));
  }
}

/** One JSON line per record, appended in order (the default sink). */
export function ndjsonFileSink(file: string): Sink {
  let ready: Promise<unknown> | null = null;
  return {
    name: "file",
    async write(batch) {
      ready ??= fs.mkdir(path.dirname(file), { recursive: true });
      await ready;
      await fs.appendFile(file, batch.map(({ hutk: _hutk, ...record }) => JSON.stringify(record)).join("\n") + "\n");
    },
  };
}

/** Posts batches to a collector; a slow collector times out and is retried. */
export function httpSink(url: string, timeoutMs: number): Sink {
  return {
    name: "http",
    async write(batch) {
      const response = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ records: batch.map(({ hutk: _hutk, ...record }) => record) }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!response.ok) throw new Error(`collector answered ${response.status}`);
    },
  };
}

/**
 * HubSpot (docs/product.md, Analytics events): purchase events and form submissions, with the visitor's hutk and a bearer
 * token; the answer is ignored, so nothing is retried.
 */
export function hubspotSink(url: string, token: string, timeoutMs: number): Sink {
  return {
    name: "hubspot",
    retry: false,
    accepts: (record) => record.kind === "event",
    async write(batch) {
      for (const record of batch) {
        await fetch(url, {
          method: "POST",
          headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
          body: JSON.stringify({
            eventName: record.name,
            // The partner that brought the admin is one of the event's contact properties (docs/product.md, Analytics events).
            properties: record.channel_partner
              ? { ...record.data, channel_partner: record.channel_partner }
              : record.data,
            identity: record.identity,
            hutk: record.hutk ?? null,
          }),
          signal: AbortSignal.timeout(timeoutMs),
        }).catch(() => undefined);
      }
    },
  };
}
