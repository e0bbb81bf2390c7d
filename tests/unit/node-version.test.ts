import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";

/**
 * The Node policy (README, Node versions; docs/decisions/0037): `engines` in package.json is the
 * range a contributor may run; `.nvmrc` names the LTS line CI and production run, inside that
 * range; `.ci/run` puts exactly that line's pinned release first on PATH. A contributor on any
 * Node `engines` allows passes here, and moving `.nvmrc` without CI (or the reverse) fails here.
 */
const require = createRequire(import.meta.url);
const semver = require("semver") as {
  satisfies(version: string, range: string): boolean;
  validRange(range: string): string | null;
  valid(version: string): string | null;
  major(version: string): number;
  subset(sub: string, range: string): boolean;
};
const root = new URL("../../", import.meta.url);
const read = (file: string) => readFileSync(new URL(file, root), "utf8");
const engines = (JSON.parse(read("package.json")) as { engines: { node: string } }).engines.node;
const nvmrc = read(".nvmrc").trim();
const ciRun = read(".ci/run");
const useNode = read(".ci/use-node");
const pinned = /^NODE_VERSION=(\S+)$/m.exec(useNode)?.[1] ?? "";

describe("Node version policy", () => {
  it("runs on a Node that package.json's engines allows", () => {
    expect(semver.validRange(engines), `engines ${engines}`).not.toBeNull();
    expect(semver.satisfies(process.versions.node, engines), `Node ${process.versions.node} vs ${engines}`).toBe(true);
  });

  it(".nvmrc names an LTS line (an even major) whose releases engines allows", () => {
    expect(nvmrc).toMatch(/^\d+$/);
    expect(Number(nvmrc) % 2, `.nvmrc ${nvmrc} is not an LTS line`).toBe(0);
    expect(semver.subset(`${nvmrc}.x`, engines), `.nvmrc ${nvmrc} vs ${engines}`).toBe(true);
  });

  it("CI runs the line .nvmrc names, at a release engines allows", () => {
    expect(ciRun).toMatch(/^source \.ci\/use-node$/m);
    expect(ciRun.indexOf("source .ci/use-node")).toBeLessThan(ciRun.indexOf("npm ci"));
    expect(semver.valid(pinned), `.ci/use-node NODE_VERSION=${pinned}`).not.toBeNull();
    expect(semver.major(pinned)).toBe(Number(nvmrc));
    expect(semver.satisfies(pinned, engines)).toBe(true);
  });

  it("CI's Node is not one better-sqlite3 12 aborts on (24.19 and later; decision 0037)", () => {
    const addon = (JSON.parse(read("sandbox/package.json")) as { dependencies: Record<string, string> }).dependencies[
      "better-sqlite3"
    ]!;
    if (semver.major(addon) === 12)
      expect(semver.satisfies(pinned, ">=24.19 <25"), `NODE_VERSION=${pinned}`).toBe(false);
  });
});
