import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import { createEmbeddedApi } from "../../sandbox/index";
import { type KavachApp, createApp } from "../../server/app";
import { OUTBOX_KEY } from "./outbox";
import { PRODUCTION_ENV, TEST_SECRET, tempDir } from "./server";

/**
 * The built app (build/index.js) made in this process by createApp, on an ephemeral port, for
 * server tests where a process of its own is not the point. The build reads its configuration
 * from process.env once, when first imported: `env` is set before, so each test file (vitest runs
 * each in a fresh worker) has the configuration it asks for, and one app per file. Needs
 * `npm run build` first.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

export interface InProcessApp extends KavachApp {
  url: string;
  port: number;
  /** The embedded API's private loopback listener; absent on a remote upstream (API_BASE_URL). */
  privateUrl?: string;
  /** Where the embedded API keeps its database (kavach.sqlite) and the analytics file. */
  dataDir: string;
  /** Every line the process logged (the app, the server and the embedded API), in order. */
  logs: Array<Record<string, unknown>>;
  close(): Promise<void>;
}

function closed(server: http.Server | undefined): Promise<void> {
  if (!server) return Promise.resolve();
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}

export async function appInProcess(env: Record<string, string> = {}): Promise<InProcessApp> {
  const dataDir = env.DATA_DIR ?? tempDir("kavach-in-process-");
  Object.assign(process.env, {
    NODE_ENV: "development",
    DATA_DIR: dataDir,
    SESSION_SECRET: TEST_SECRET,
    SANDBOX_OUTBOX_KEY: OUTBOX_KEY,
    LOG_REQUESTS: "0",
    // Tests sign in many times from one address; the tests of the caps set their own.
    IP_CODE_REQUESTS_PER_HOUR: "10000",
    IP_CODE_VERIFICATIONS_PER_HOUR: "10000",
    IP_APP_LINKS_PER_HOUR: "10000",
    NUMBER_APP_LINKS_PER_HOUR: "10000",
    // Production as deployed: an https address, and the sandbox API said out loud.
    ...(env.NODE_ENV === "production" ? PRODUCTION_ENV : {}),
    ...env,
  });
  const logs: Array<Record<string, unknown>> = [];
  const log = (entry: Record<string, unknown>) => void logs.push(entry);
  const build = (await import(path.join(ROOT, "build/index.js"))) as ServerBuild;
  const app = await createApp({
    build,
    root: ROOT,
    createEmbeddedApi,
    log,
  });
  const server = http.createServer(app.listener);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    ...app,
    url: `http://127.0.0.1:${port}`,
    port,
    privateUrl: app.privateApi && `http://127.0.0.1:${(app.privateApi.address() as AddressInfo).port}`,
    dataDir,
    logs,
    async close() {
      await Promise.all([closed(server), closed(app.privateApi)]);
      app.closeApi?.();
    },
  };
}
