import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { type SourceWatcher, watchSources } from "../../scripts/dev-watch";

/**
 * README, Run it: `npm run dev` rebuilds on every change, including a file replaced on disk (an
 * editor's save by rename, `git checkout`, `sed -i`), each time, not only the first.
 */
let watcher: SourceWatcher | undefined;
afterEach(async () => {
  await watcher?.close();
  watcher = undefined;
});

async function watching(root: string) {
  const waiting: Array<(files: string[]) => void> = [];
  watcher = watchSources(root, ["app", "public"], (files) => waiting.shift()?.(files), {
    quietMs: 50,
    ignored: [path.join("public", "build")],
  });
  await watcher.ready;
  return { nextRebuild: () => new Promise<string[]>((resolve) => waiting.push(resolve)) };
}

function project() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "kavach-dev-watch-"));
  fs.mkdirSync(path.join(root, "app", "routes"), { recursive: true });
  fs.mkdirSync(path.join(root, "public", "build"), { recursive: true });
  fs.writeFileSync(path.join(root, "app", "routes", "_index.tsx"), "export default 1;\n");
  return root;
}

/** As an editor that saves by rename does: write a new file beside it, then rename it over the old one. */
function replaceByRename(file: string, text: string) {
  fs.writeFileSync(`${file}.swp`, text);
  fs.renameSync(`${file}.swp`, file);
}

describe("the dev watcher", () => {
  it("sees a file replaced by rename every time, not only the first", async () => {
    const root = project();
    const { nextRebuild } = await watching(root);
    const file = path.join(root, "app", "routes", "_index.tsx");
    for (const text of ["export default 2;\n", "export default 3;\n", "export default 4;\n"]) {
      const rebuilt = nextRebuild();
      replaceByRename(file, text);
      expect(await rebuilt).toContain(path.join("app", "routes", "_index.tsx"));
    }
  });

  it("sees a file deleted and written again (git checkout), then edited in place", async () => {
    const root = project();
    const { nextRebuild } = await watching(root);
    const file = path.join(root, "app", "routes", "_index.tsx");
    let rebuilt = nextRebuild();
    fs.rmSync(file);
    fs.writeFileSync(file, "export default 5;\n");
    expect(await rebuilt).toContain(path.join("app", "routes", "_index.tsx"));
    rebuilt = nextRebuild();
    fs.appendFileSync(file, "// edited\n");
    expect(await rebuilt).toEqual([path.join("app", "routes", "_index.tsx")]);
  });

  it("does not rebuild for the build's own output", async () => {
    const root = project();
    const { nextRebuild } = await watching(root);
    fs.writeFileSync(path.join(root, "public", "build", "entry.js"), "built");
    fs.writeFileSync(path.join(root, "app", "a.ts"), "export {};\n");
    // Every rebuild up to the one that names app/a.ts: none of them is for public/build.
    const seen: string[] = [];
    while (!seen.includes(path.join("app", "a.ts"))) seen.push(...(await nextRebuild()));
    expect(seen.filter((file) => file.startsWith(path.join("public", "build")))).toEqual([]);
  });
});
