import fs from "node:fs";
import http from "node:http";
import type { AddressInfo, Socket } from "node:net";
import os from "node:os";
import path from "node:path";
import express from "express";
import { createEmbeddedApi } from "../sandbox/index";
import type { Span } from "./request-chain";
import { OUTBOX_KEY } from "../tests/support/outbox";

/**
 * The production shape of the upstream: the sandbox API in a server of its own, every call answered
 * only after `delayMs` (the network and the API's own work between the app and a real gateway), each
 * call recorded with when it came and when its answer was sent. The sandbox's own pages (the SMS
 * outbox, the hosted payment page) are not calls of the app and are not recorded.
 */
export interface DelayedUpstream {
  /** What the app's API_BASE_URL should be. */
  baseUrl: string;
  /** Every call of the app so far, in the order their answers went out. */
  calls: Array<Span & { call: string }>;
  close(): Promise<void>;
}

export async function startDelayedUpstream(delayMs: number): Promise<DelayedUpstream> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kavach-upstream-"));
  const api = createEmbeddedApi({
    databasePath: path.join(dir, "api.sqlite"),
    mountPath: "/api",
    publicOrigin: "https://kavach.example",
    gatewayKeySecret: "delayed-upstream-gateway-secret",
    outboxKey: OUTBOX_KEY,
    log: () => undefined,
  });
  const app = express();
  app.use("/api", api.router);
  const calls: DelayedUpstream["calls"] = [];
  const sockets = new Set<Socket>();
  const server = http.createServer((req, res) => {
    const start = performance.now();
    const call = `${req.method} ${req.url!.split("?")[0]}`;
    if (!call.includes("/api/sandbox/")) res.on("finish", () => calls.push({ start, end: performance.now(), call }));
    setTimeout(() => app(req, res), delayMs);
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`,
    calls,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
      api.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
