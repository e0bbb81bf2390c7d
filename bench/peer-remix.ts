import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { ROOT } from "./built-server";

/**
 * The peer row of `npm run bench`: a minimal Remix 2 app (bench/peer-app: one route, Remix's stock
 * Express adapter and streaming entry), built here into a temporary folder with the product's own
 * compiler and packages, so one run shows what any Remix app pays on this machine and what Kavach
 * adds on top. Its page carries as much text as the product's median checkout page.
 */
export function buildPeerApp(pageBytes: number): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kavach-peer-"));
  fs.cpSync(path.join(ROOT, "bench/peer-app"), dir, { recursive: true });
  fs.symlinkSync(path.join(ROOT, "node_modules"), path.join(dir, "node_modules"));
  fs.writeFileSync(
    path.join(dir, "app/page-text.ts"),
    `export default ${JSON.stringify("Kavach ".repeat(Math.round(pageBytes / 7)))};\n`,
  );
  const cli = createRequire(import.meta.url).resolve("@remix-run/dev/dist/cli.js");
  // Remix's CLI loads its Vite plugin even for the classic compiler (see scripts/build.ts).
  const built = spawnSync(process.execPath, [cli, "build"], {
    cwd: dir,
    env: { ...process.env, NODE_ENV: "production", VITE_CJS_IGNORE_WARNING: "true" },
    encoding: "utf8",
  });
  if (built.status !== 0) throw new Error(`the peer app did not build:\n${built.stdout}\n${built.stderr}`);
  return dir;
}
