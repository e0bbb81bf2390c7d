import fs from "node:fs";
import http from "node:http";
import zlib from "node:zlib";

/**
 * The physical limit: node:http answering one fixed page, gzipped once at start, with no routing,
 * rendering or I/O per request. Run by the benchmark as `bare-server.ts <page.html>` with PORT set.
 */
const page = fs.readFileSync(process.argv[2]);
const gzipped = zlib.gzipSync(page);

const server = http.createServer((req, res) => {
  const gzip = /\bgzip\b/.test(req.headers["accept-encoding"] ?? "");
  const body = gzip ? gzipped : page;
  res.writeHead(200, {
    "Content-Type": "text/html; charset=utf-8",
    "Content-Length": body.length,
    ...(gzip ? { "Content-Encoding": "gzip" } : {}),
  });
  res.end(body);
});
server.keepAliveTimeout = 65_000;
server.listen(Number(process.env.PORT), process.env.HOST ?? "127.0.0.1");
process.on("SIGTERM", () => {
  server.close(() => process.exit(0));
  server.closeIdleConnections();
});
