import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";

/**
 * The Node versions the README names (Node versions) are the ones `engines` allows, and the one
 * these tests run on is among them: a CI image or machine that drifts off the supported lines
 * fails here rather than somewhere obscure. Only the running version is checked; the others in the
 * range are checked where CI runs them.
 */
const require = createRequire(import.meta.url);
const semver = require("semver") as {
  satisfies(version: string, range: string): boolean;
  validRange(range: string): string | null;
  intersects(a: string, b: string): boolean;
};
const root = new URL("../../", import.meta.url);
const engines = (JSON.parse(readFileSync(new URL("package.json", root), "utf8")) as { engines: { node: string } })
  .engines.node;
const nvmrc = readFileSync(new URL(".nvmrc", root), "utf8").trim();

describe("Node version", () => {
  it("runs on a Node that package.json's engines allows", () => {
    expect(semver.validRange(engines)).not.toBeNull();
    expect(semver.satisfies(process.versions.node, engines), `Node ${process.versions.node} vs ${engines}`).toBe(true);
  });

  it("runs on the Node line .nvmrc names, which engines allows", () => {
    expect(process.versions.node.split(".")[0]).toBe(nvmrc);
    expect(semver.intersects(nvmrc, engines), `.nvmrc ${nvmrc} vs ${engines}`).toBe(true);
  });
});
