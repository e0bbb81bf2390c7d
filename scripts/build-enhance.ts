/**
 * Bundles the public pages' script (app/enhance) into public/build under a content hash, and
 * writes its URL to build/enhance.json for the server to put in every page that does not hydrate.
 * It runs after `remix build`, which empties both folders. Remix's own client bundle is loaded
 * only by the routes that hydrate (decision 0003).
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

const result = await build({
  entryPoints: { enhance: path.join(root, "app/enhance/index.ts") },
  bundle: true,
  minify: true,
  format: "esm",
  target: "es2020",
  entryNames: "[name]-[hash]",
  outdir: path.join(root, "public/build"),
  metafile: true,
  logLevel: "warning",
});

const [output] = Object.keys(result.metafile.outputs).filter((file) => file.endsWith(".js"));
const src = `/build/${path.basename(output)}`;
fs.writeFileSync(path.join(root, "build/enhance.json"), `${JSON.stringify({ src })}\n`);
// Read by `npm run size` to say where the script's bytes come from.
fs.writeFileSync(path.join(root, "build/enhance-metafile.json"), JSON.stringify(result.metafile));
console.log(`enhance script: ${src}`);
