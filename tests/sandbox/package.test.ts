import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The sandbox is a workspace package of its own (docs/decisions/0043): it declares what it loads, and
 * the app's package.json keeps only what the app and the server load.
 */
const ROOT = path.resolve(import.meta.dirname, "../..");
type Manifest = { dependencies: Record<string, string>; workspaces?: string[] };
const manifest = (file: string) => JSON.parse(fs.readFileSync(path.join(ROOT, file), "utf8")) as Manifest;

function sources(dir: string): string[] {
  return fs
    .readdirSync(path.join(ROOT, dir), { recursive: true, encoding: "utf8" })
    .filter((f) => /\.tsx?$/.test(f))
    .map((f) => fs.readFileSync(path.join(ROOT, dir, f), "utf8"));
}

/** The packages a source imports: bare specifiers, without node: built-ins, cut to the package name. */
function packagesImported(text: string): Set<string> {
  const found = new Set<string>();
  const specs = [
    ...text.matchAll(/^(?:import|export)\s[^"]*?from\s+"([^"]+)"/gm),
    ...text.matchAll(/\bimport\("([^"]+)"\)/g),
  ].map((m) => m[1]!);
  for (const spec of specs) {
    if (spec.startsWith(".") || spec.startsWith("~")) continue;
    if (spec.startsWith("node:")) continue;
    const parts = spec.split("/");
    found.add(spec.startsWith("@") ? `${parts[0]}/${parts[1]}` : parts[0]!);
  }
  return found;
}

describe("the sandbox's package", () => {
  it("is a workspace of the root, so one npm ci installs both", () => {
    expect(manifest("package.json").workspaces).toEqual(["sandbox"]);
  });

  it("declares every package the sandbox imports, at the version the root pins when both use it", () => {
    const root = manifest("package.json").dependencies;
    const own = manifest("sandbox/package.json").dependencies;
    const imported = new Set(sources("sandbox").flatMap((text) => [...packagesImported(text)]));
    expect([...imported].filter((name) => own[name] === undefined)).toEqual([]);
    for (const [name, version] of Object.entries(own))
      if (root[name] !== undefined) expect(`${name}@${version}`).toBe(`${name}@${root[name]}`);
  });

  it("leaves the app's dependencies with only what the app and the server load", () => {
    const appText = [...sources("app"), ...sources("server"), fs.readFileSync(path.join(ROOT, "server.ts"), "utf8")];
    const loaded = new Set(appText.flatMap((text) => [...packagesImported(text)]));
    const unused = Object.keys(manifest("package.json").dependencies).filter((name) => !loaded.has(name));
    expect(unused).toEqual([]);
  });
});
