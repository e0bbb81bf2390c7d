import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseEnv } from "~/config/env.server";
import remixConfig from "../../remix.config.js";

/**
 * What the documents say and the code cites, checked where no other test looks: a citation of a
 * docs/product.md heading or a decision record that does not exist, a patch without its row in the
 * patch ledger, a decision index that does not say which numbers were not used, a README fact the
 * configuration contradicts.
 */
const ROOT = path.resolve(__dirname, "../..");
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), "utf8");

function sourceFiles(dir: string): string[] {
  return fs
    .readdirSync(path.join(ROOT, dir), { withFileTypes: true })
    .flatMap((entry) =>
      entry.name === "node_modules"
        ? []
        : entry.isDirectory()
          ? sourceFiles(path.join(dir, entry.name))
          : /\.(ts|tsx|js|mjs|cjs)$/.test(entry.name)
            ? [path.join(dir, entry.name)]
            : [],
    );
}
const CODE = [...["app", "server", "sandbox", "scripts", "bench", "tests"].flatMap(sourceFiles), "server.ts"];
/** A file's text with comment line breaks joined, so a citation broken over two lines reads whole. */
const joined = (file: string) => read(file).replace(/\n\s*(\*|\/\/)\s?/g, " ");

const DECISIONS = fs.readdirSync(path.join(ROOT, "docs/decisions")).filter((name) => /^\d{4}-.+\.md$/.test(name));
const DECISION_NUMBERS = new Set(DECISIONS.map((name) => name.slice(0, 4)));

describe("citations in the code", () => {
  it("every docs/product.md heading cited exists (cited by its words, a leading The or a closing (…) left out)", () => {
    const normal = (text: string) => text.toLowerCase().replace(/^the /, "");
    const headings = read("docs/product.md")
      .split("\n")
      .filter((line) => /^#{1,6} /.test(line))
      .map((line) => normal(line.replace(/^#+ /, "").replace(/ \(.*\)$/, "")));
    const unresolved = CODE.flatMap((file) =>
      [...joined(file).matchAll(/docs\/product\.md(?:, |#)(.{0,80})/g)]
        .map((match) => normal(match[1]!))
        .filter((cited) => !headings.some((h) => cited.startsWith(h) && !/^[a-z]/.test(cited.slice(h.length))))
        .map((cited) => `${file}: ${cited.slice(0, 50)}`),
    );
    expect(unresolved).toEqual([]);
    // The check reads citations: there are many, so a pattern that stopped matching would show here.
    expect(CODE.filter((file) => /docs\/product\.md, /.test(read(file))).length).toBeGreaterThan(50);
  });

  it("every decision record cited (docs/decisions/NNNN, decision NNNN, decisions NNNN and NNNN) exists", () => {
    const cited = CODE.flatMap((file) =>
      [...joined(file).matchAll(/(?:docs\/decisions\/|[Dd]ecisions? )(\d{4}(?:(?:, | and |, and )\d{4})*)/g)].flatMap(
        (match) => match[1]!.match(/\d{4}/g)!.map((number) => ({ file, number })),
      ),
    );
    expect(cited.length).toBeGreaterThan(100);
    expect(cited.filter(({ number }) => !DECISION_NUMBERS.has(number))).toEqual([]);
  });
});

describe("the decision index", () => {
  const index = read("docs/decisions/README.md");
  it("has a row for every record and a record for every row", () => {
    const rows = [...index.matchAll(/^\| \[(\d{4})\]\((\d{4}-[^)]+\.md)\) \|/gm)];
    expect(rows.map((row) => row[2]).sort()).toEqual([...DECISIONS].sort());
    expect(rows.every((row) => row[2]!.startsWith(row[1]!))).toBe(true);
  });

  it("says which numbers were not used, each a gap below the newest record", () => {
    const unused = index.match(/^Numbers not used: (.+)$/m)?.[1]?.match(/\d{4}/g) ?? [];
    expect(unused.length).toBeGreaterThan(0);
    const newest = [...DECISION_NUMBERS].sort().at(-1)!;
    expect(unused.filter((number) => DECISION_NUMBERS.has(number) || number > newest)).toEqual([]);
  });
});

describe("the patch ledger (patches/README.md)", () => {
  it("has a row and a section for every patch in patches/, and none for a patch that is gone", () => {
    const patches = fs.readdirSync(path.join(ROOT, "patches")).filter((name) => name.endsWith(".patch"));
    const ledger = read("patches/README.md");
    const rows = [...ledger.matchAll(/^\| `([^`]+\.patch)` \|/gm)].map((row) => row[1]);
    const sections = [...ledger.matchAll(/^## `([^`]+\.patch)`$/gm)].map((section) => section[1]);
    expect(rows.sort()).toEqual([...patches].sort());
    expect(sections.sort()).toEqual([...patches].sort());
    const counted = ledger.match(/^(\w+) patches to/m)?.[1];
    const words = ["Zero", "One", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine"];
    expect(counted).toBe(words[patches.length]);
  });
});

describe("README facts the configuration decides", () => {
  const readme = read("README.md");
  it("says which Remix future flags are on as remix.config.js sets them", () => {
    const row = readme.split("\n").find((line) => line.startsWith("| `@remix-run/node`"));
    const future = remixConfig.future as Record<string, boolean>;
    expect(row).toContain(`single fetch ${future.v3_singleFetch ? "on" : "off"}`);
    expect(row).toContain(`lazy route discovery ${future.v3_lazyRouteDiscovery ? "on" : "off"}`);
  });

  it("lists every environment variable the configuration reads, with its default", () => {
    const variables = [...read("app/config/env.server.ts").matchAll(/^ {2}([A-Z][A-Z0-9_]+): z\b/gm)].map((m) => m[1]!);
    expect(variables.length).toBeGreaterThan(30);
    const table = readme.slice(readme.indexOf("## Configuration"), readme.indexOf("## Deployment"));
    const rows = table
      .split("\n")
      .filter((line) => line.startsWith("| `"))
      .map((line) => line.split(" | "));
    const documented = rows.flatMap(([names]) => [...names!.matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((m) => m[1]!));
    expect([...documented].sort()).toEqual([...variables].sort());

    // A default the schema sets is the one the table gives (`20`, `40` for a row of two variables).
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "kavach-docs-drift-"));
    const defaults = parseEnv({ DATA_DIR: dataDir }) as unknown as Record<string, unknown>;
    const wrong = rows.flatMap(([names, given]) => {
      const shown = [...given!.matchAll(/`([^`]+)`/g)].map((m) => m[1]);
      return [...names!.matchAll(/`([A-Z][A-Z0-9_]+)`/g)]
        .map((m, i) => ({ name: m[1]!, shown: shown[i] }))
        .filter(
          ({ name }) => name !== "DATA_DIR" && typeof defaults[name] !== "undefined" && !Array.isArray(defaults[name]),
        )
        .filter(({ name, shown: value }) => String(defaults[name]) !== value);
    });
    expect(wrong).toEqual([]);
  });
});
