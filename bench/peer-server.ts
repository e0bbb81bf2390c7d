import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler } from "@remix-run/express";
import type { ServerBuild } from "@remix-run/node";
import compression from "compression";
import express from "express";

/**
 * Serves the bench's minimal Remix app (bench/peer-remix.ts) the stock way: Express, compression,
 * Remix's Express adapter. Run as `peer-server.ts <app folder>` with PORT set.
 */
const dir = process.argv[2]!;
const build = (await import(pathToFileURL(path.join(dir, "build/index.js")).href)) as ServerBuild;
const app = express();
app.disable("x-powered-by");
app.use(compression());
// The bench waits for this before measuring, as it does for every server.
app.get("/healthz", (_req, res) => res.json({ status: "ok" }));
app.all("*", createRequestHandler({ build, mode: "production" }));
const server = app.listen(Number(process.env.PORT), process.env.HOST ?? "127.0.0.1");
server.keepAliveTimeout = 65_000;
process.on("SIGTERM", () => {
  server.close(() => process.exit(0));
  server.closeIdleConnections();
});
