import http from "node:http";
import type { AddressInfo, Socket } from "node:net";
import path from "node:path";
import express from "express";
import { createEmbeddedApi } from "../../sandbox/index";
import { tempDir } from "./server";
import { OUTBOX_KEY } from "./outbox";

/**
 * An upstream whose behaviour a test switches: the embedded API passed through while "up", or
 * down (connections dropped), slow (past the app's timeout), 500, or answering broken JSON; or
 * failing only what writes, to see a write meet a fault after its reads went through. A slow
 * answer is held for `slowMs`, or until the test switches the mode away from "slow".
 */
export type UpstreamMode = "up" | "down" | "slow" | "500" | "malformed" | "500-on-writes";

export interface FakeUpstream {
  /** What the app's API_BASE_URL should be. */
  baseUrl: string;
  mode: UpstreamMode;
  /** "METHOD /path" of every request that reached the fake, in order. */
  seen: string[];
  /** The bodies of every plan request (`POST …/plan/get-plans`), in order. */
  planRequests: Array<Record<string, unknown>>;
  close(): Promise<void>;
}

export async function startFakeUpstream(options: { slowMs: number }): Promise<FakeUpstream> {
  const api = createEmbeddedApi({
    databasePath: path.join(tempDir("kavach-upstream-"), "api.sqlite"),
    mountPath: "/api",
    publicOrigin: "https://kavach.example",
    gatewayKeySecret: "fake-upstream-gateway-secret",
    outboxKey: OUTBOX_KEY,
    log: () => undefined,
  });
  const app = express();
  app.post(/\/plan\/get-plans$/, express.json(), (req, _res, next) => {
    fake.planRequests.push(req.body as Record<string, unknown>);
    next();
  });
  app.use("/api", api.router);
  const sockets = new Set<Socket>();
  let mode: UpstreamMode = "up";
  const held = new Set<() => void>();

  const fake: FakeUpstream = {
    baseUrl: "",
    get mode() {
      return mode;
    },
    set mode(next) {
      mode = next;
      if (next !== "slow") for (const release of [...held]) release();
    },
    seen: [],
    planRequests: [],
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
      api.close();
    },
  };

  const server = http.createServer((req, res) => {
    fake.seen.push(`${req.method} ${req.url!.split("?")[0]}`);
    const answer = mode === "500-on-writes" ? (req.method === "GET" ? "up" : "500") : mode;
    switch (answer) {
      case "up":
        return app(req, res);
      case "down":
        return req.socket.destroy();
      case "slow": {
        const release = () => {
          clearTimeout(timer);
          held.delete(release);
          app(req, res);
        };
        const timer = setTimeout(release, options.slowMs).unref();
        return void held.add(release);
      }
      case "500":
        res.writeHead(500, { "content-type": "text/html" });
        return res.end("<h1>Internal Server Error</h1>");
      case "malformed":
        res.writeHead(200, { "content-type": "application/json" });
        return res.end('{"success":1,"data":{"oops"');
    }
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  fake.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
  return fake;
}
