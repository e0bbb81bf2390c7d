import path from "node:path";
import { type FSWatcher, watch } from "chokidar";

/**
 * What `npm run dev` watches, built on chokidar: it watches folders rather than files, so a file
 * replaced on disk (an editor that saves to a new file and renames it over the old one, `git
 * checkout`, `sed -i`) is seen each time, where a watch on the file itself goes on watching the
 * replaced one and never fires again. Changes within `quietMs` of each other come as one call.
 */
export interface SourceWatcher {
  /** Resolves once the initial scan is done: changes after it are reported. */
  ready: Promise<void>;
  close(): Promise<void>;
}

export function watchSources(
  root: string,
  entries: readonly string[],
  onChange: (files: string[]) => void,
  { quietMs = 200, ignored = [] as readonly string[] } = {},
): SourceWatcher {
  const skipped = ignored.map((entry) => path.join(root, entry));
  const watcher: FSWatcher = watch(
    entries.map((entry) => path.join(root, entry)),
    {
      ignoreInitial: true,
      ignored: (file) => skipped.some((skip) => file === skip || file.startsWith(skip + path.sep)),
    },
  );
  let changed = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  watcher.on("all", (_event, file) => {
    changed.add(path.relative(root, file));
    clearTimeout(timer);
    timer = setTimeout(() => {
      const files = [...changed].sort();
      changed = new Set();
      onChange(files);
    }, quietMs);
  });
  return {
    ready: new Promise((resolve) => watcher.once("ready", () => resolve())),
    async close() {
      clearTimeout(timer);
      await watcher.close();
    },
  };
}
