/**
 * Bundles server.ts (with server/, and the embedded API in sandbox/ as a chunk beside it) into build/server.js, which
 * `npm start` runs with plain node: no TypeScript loader in production, one process, signals
 * straight to the server. Packages stay in node_modules; the Remix build (build/index.js) is
 * loaded by the server at start. The embedded API's SQL migrations are read from disk at start,
 * so they are copied next to the bundle.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

// The worker threads' modules beside the bundles that start them (docs/decisions/0041): the embedded API's
// thread pool beside build/server.js, the app's file pool beside build/index.js (the Remix build).
await build({
  entryPoints: {
    server: path.join(root, "server.ts"),
    "thread-task": path.join(root, "sandbox/threads/thread-task.ts"),
    "file-worker.server": path.join(root, "app/membership/census/file-worker.server.ts"),
  },
  outdir: path.join(root, "build"),
  // The app's own modules (the file worker's) are bundled, not taken for packages.
  alias: { "~": path.join(root, "app") },
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  // The embedded API, imported by server.ts only when no upstream is set, stays in a chunk of its own:
  // a server on a real upstream never loads the sandbox's packages (SQLite, PDF, mail), so a deployment
  // may leave them out (docs/decisions/0043). Chunks sit beside the entries, where their files are found.
  splitting: true,
  sourcemap: true,
  logLevel: "warning",
});
// A migration renamed or removed since the last build must not linger beside the new ones.
fs.rmSync(path.join(root, "build/migrations"), { recursive: true, force: true });
fs.cpSync(path.join(root, "sandbox/store/migrations"), path.join(root, "build/migrations"), { recursive: true });
console.log("server: build/server.js, build/thread-task.js, build/file-worker.server.js");
