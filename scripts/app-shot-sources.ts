/**
 * Which source files each /app page picture shows, and their hash. `npm run screenshots` records the
 * hashes in scripts/app-shots.manifest.json (not served) when it takes the pictures; a unit test recomputes them and
 * fails when a page changed after its picture was taken (the pictures must show the product as it is).
 * A page's sources: its route modules (with their layout) and every non-server module they import
 * within app/, the root and the style sheets.
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

export const APP_SHOT_ROUTES: Record<string, string[]> = {
  "plan-select": ["app/routes/checkout.tsx", "app/routes/checkout.plan-select.tsx"],
  review: ["app/routes/checkout.tsx", "app/routes/checkout.checkout.tsx"],
  membership: ["app/routes/membership.tsx", "app/routes/membership._index.tsx"],
};

export const APP_SHOT_MANIFEST = "scripts/app-shots.manifest.json";

const SHARED = ["app/root.tsx", ...fs.readdirSync("app/styles").map((f) => `app/styles/${f}`)];
const IMPORT = /(?:import|export)\s[^'"]*?from\s+["']([^"']+)["']/g;

function resolve(from: string, spec: string): string | null {
  let base: string;
  if (spec.startsWith("~/")) base = path.join("app", spec.slice(2));
  else if (spec.startsWith(".")) base = path.join(path.dirname(from), spec);
  else return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** The page's source files, sorted; server-only modules are data, not what the picture shows. */
export function pageSources(routes: string[]): string[] {
  const seen = new Set<string>();
  const queue = [...routes];
  while (queue.length) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const [, spec] of fs.readFileSync(file, "utf8").matchAll(IMPORT)) {
      const found = resolve(file, spec!);
      if (found && !found.includes(".server.") && /\.tsx?$/.test(found)) queue.push(found);
    }
  }
  return [...new Set([...seen, ...SHARED])].sort();
}

export function hashSources(files: string[]): string {
  const hash = createHash("sha256");
  for (const file of files) hash.update(file).update("\0").update(fs.readFileSync(file)).update("\0");
  return hash.digest("hex");
}

export function currentManifest(): Record<string, { sources: string[]; sha256: string }> {
  return Object.fromEntries(
    Object.entries(APP_SHOT_ROUTES).map(([name, routes]) => {
      const sources = pageSources(routes);
      return [name, { sources, sha256: hashSources(sources) }];
    }),
  );
}
