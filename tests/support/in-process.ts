import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import { createEmbeddedApi } from "../../sandbox/index";
import { type KavachApp, createApp } from "../../server/app";
import { TEST_SECRET, tempDir } from "./server";

/**
 * The built app (build/index.js) made in this process by createApp, on an ephemeral port, for
 * server tests where a process of its own is not the point. The build reads its configuration
 * from process.env once, when first imported: `env` is set before, so each test file (vitest runs
 * each in a fresh worker) has the configuration it asks for. Needs `npm run build` first.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

export interface InProcessApp extends KavachApp {
  url: string;
  privateUrl: string;
  close(): Promise<void>;
}

export async function appInProcess(env: Record<string, string> = {}): Promise<InProcessApp> {
  Object.assign(process.env, {
    NODE_ENV: "development",
    DATA_DIR: tempDir("kavach-in-process-"),
    SESSION_SECRET: TEST_SECRET,
    LOG_REQUESTS: "0",
    ...env,
  });
  const build = (await import(path.join(ROOT, "build/index.js"))) as ServerBuild;
  const app = await createApp({ build, root: ROOT, createEmbeddedApi, log: () => undefined });
  const server = http.createServer(app.listener);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    ...app,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    privateUrl: `http://127.0.0.1:${(app.privateApi!.address() as AddressInfo).port}`,
    async close() {
      server.closeAllConnections();
      app.privateApi?.closeAllConnections();
      await Promise.all([
        new Promise((resolve) => server.close(resolve)),
        new Promise((resolve) => app.privateApi?.close(resolve)),
      ]);
      app.closeApi?.();
    },
  };
}
