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
  const waiting = new Set<{ file: string; resolve: () => void }>();
  const reported: string[][] = [];
  watcher = watchSources(
    root,
    ["app", "public"],
    (files) => {
      reported.push(files);
      for (const waiter of waiting) {
        if (!files.includes(waiter.file)) continue;
        waiting.delete(waiter);
        waiter.resolve();
      }
    },
    { quietMs: 50, ignored: [path.join("public", "build")] },
  );
  await watcher.ready;
  return {
    reported,
    /** Resolves at the first rebuild after this call whose changed files include `file`. */
    rebuildFor: (file: string) => new Promise<void>((resolve) => waiting.add({ file, resolve })),
  };
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

const INDEX = path.join("app", "routes", "_index.tsx");

describe("the dev watcher", () => {
  it("sees a file replaced by rename every time, not only the first", async () => {
    const root = project();
    const { rebuildFor } = await watching(root);
    for (const text of ["export default 2;\n", "export default 3;\n", "export default 4;\n"]) {
      const rebuilt = rebuildFor(INDEX);
      replaceByRename(path.join(root, INDEX), text);
      await rebuilt;
    }
  });

  it("sees a file deleted and written again (git checkout), then edited in place", async () => {
    const root = project();
    const { rebuildFor } = await watching(root);
    let rebuilt = rebuildFor(INDEX);
    fs.rmSync(path.join(root, INDEX));
    fs.writeFileSync(path.join(root, INDEX), "export default 5;\n");
    await rebuilt;
    rebuilt = rebuildFor(INDEX);
    fs.appendFileSync(path.join(root, INDEX), "// edited\n");
    await rebuilt;
  });

  it("does not rebuild for the build's own output", async () => {
    const root = project();
    const { rebuildFor, reported } = await watching(root);
    const rebuilt = rebuildFor(path.join("app", "a.ts"));
    fs.writeFileSync(path.join(root, "public", "build", "entry.js"), "built");
    fs.writeFileSync(path.join(root, "app", "a.ts"), "export {};\n");
    await rebuilt;
    expect(reported.flat().filter((file) => file.startsWith(path.join("public", "build")))).toEqual([]);
  });
});
