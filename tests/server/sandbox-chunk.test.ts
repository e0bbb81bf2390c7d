import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * A server on a real upstream never loads the sandbox's packages (docs/decisions/0043): build/server.js
 * imports the embedded API as a chunk of its own, only when it runs it, so a deployment may install the
 * root's packages alone (`npm ci --workspaces=false`). Needs `npm run build`.
 */
const ROOT = path.resolve(import.meta.dirname, "../..");
const built = fs.readFileSync(path.join(ROOT, "build/server.js"), "utf8");
const sandboxOnly = Object.keys(
  (JSON.parse(fs.readFileSync(path.join(ROOT, "sandbox/package.json"), "utf8")) as { dependencies: object })
    .dependencies,
).filter((name) => {
  const root = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as { dependencies: object };
  return !(name in root.dependencies);
});

describe("the built server", () => {
  it("imports none of the sandbox's own packages when it starts", () => {
    const imported = [...built.matchAll(/^import\s[^"]*?from\s+"([^"]+)"/gm)].map((m) => m[1]!);
    expect(sandboxOnly.length).toBeGreaterThan(0);
    expect(imported.filter((spec) => sandboxOnly.some((name) => spec === name || spec.startsWith(`${name}/`)))).toEqual(
      [],
    );
    // Nor any chunk: every module the bundle shares with the sandbox would load with it.
    expect(imported.filter((spec) => spec.startsWith("./"))).toEqual([]);
  });

  it("loads the embedded API as a chunk of its own, by a dynamic import", () => {
    const [, chunk] = /await import\("\.\/(sandbox-[A-Z0-9]+\.js)"\)/.exec(built) ?? [];
    expect(chunk).toBeDefined();
    expect(fs.existsSync(path.join(ROOT, "build", chunk!))).toBe(true);
  });
});
