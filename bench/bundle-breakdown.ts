import fs from "node:fs";
import path from "node:path";
import { ROOT } from "./built-server";

/**
 * Where a page's script bytes come from. esbuild's metafile of the page script (written by
 * scripts/build-enhance.ts) says how
 * many bytes of each source file ended up in each output file; a file's gzip size is shared out
 * among its sources in proportion, then summed per npm package or per folder of our own code.
 */
interface Metafile {
  outputs: Record<string, { inputs: Record<string, { bytesInOutput: number }> }>;
}

export interface Share {
  source: string;
  gzip: number;
}

function sourceGroup(input: string): string {
  const pkg = input.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/)?.[1];
  if (pkg) return pkg;
  // Our own modules are named by file: a bundled content table is worth seeing by name.
  return input.replace(/^[\w-]+:/, "").replace(/\?.*$/, "");
}

export function scriptSources(js: Map<string, number>): Share[] {
  const metafile = JSON.parse(fs.readFileSync(path.join(ROOT, "build/enhance-metafile.json"), "utf8")) as Metafile;
  const shares = new Map<string, number>();
  for (const [src, gzip] of js) {
    const inputs = Object.entries(metafile.outputs[`public${src}`]?.inputs ?? {});
    const total = inputs.reduce((sum, [, i]) => sum + i.bytesInOutput, 0);
    if (total === 0) {
      shares.set("(not in the metafile)", (shares.get("(not in the metafile)") ?? 0) + gzip);
      continue;
    }
    for (const [input, { bytesInOutput }] of inputs) {
      const group = sourceGroup(input);
      shares.set(group, (shares.get(group) ?? 0) + (gzip * bytesInOutput) / total);
    }
  }
  return [...shares].map(([source, gzip]) => ({ source, gzip })).sort((a, b) => b.gzip - a.gzip);
}
