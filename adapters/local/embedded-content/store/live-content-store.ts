import { watch, type FSWatcher } from "node:fs";
import { join } from "node:path";
import { WRITING_SUFFIX } from "../../durable-file";
import { loadContentStore, PUBLISHED_FOLDER, type ContentStore, type ContentStoreOptions } from "./content-store.adapter";

/** The embedded stories as they are on disk now: a new store each time the files change. */
export interface LiveContentStore {
  current(): ContentStore;
  /** Reads the files again now (after this process wrote them). */
  reload(): void;
  /** Hears of each new store whose content version moved. */
  onChange(listener: (store: ContentStore) => void): () => void;
  close(): void;
}

export interface LiveContentStoreOptions extends ContentStoreOptions {
  /** Calm time after a change on disk before reading again (a save writes several files). Default 100 ms. */
  readonly settleMs?: number;
  readonly onProblem?: (problem: string) => void;
}

/**
 * Loads the content folder and watches its stories and published snapshots, so that what another
 * process writes on the same `CONTENT_DIR` (a second server, the editor, a pull) is served without
 * a restart. A store that fails to load keeps the last good one.
 */
export function watchContentStore(dir: string, options: LiveContentStoreOptions = {}): LiveContentStore {
  let store = loadContentStore(dir, options);
  const listeners = new Set<(store: ContentStore) => void>();
  const spaceId = store.spaceId;
  let timer: NodeJS.Timeout | undefined;

  const reload = () => {
    let next: ContentStore;
    try {
      next = loadContentStore(dir, { ...options, spaceId });
    } catch (error) {
      options.onProblem?.(`the content folder could not be read again, the last good stories are served: ${(error as Error).message}`);
      return;
    }
    if (next.cv === store.cv && next.entries.length === store.entries.length) return;
    store = next;
    for (const problem of next.problems) options.onProblem?.(problem);
    for (const listener of listeners) listener(next);
  };

  const watchers: FSWatcher[] = [];
  for (const folder of [join(dir, "stories", String(spaceId)), join(dir, PUBLISHED_FOLDER, String(spaceId))]) {
    try {
      const watcher = watch(folder, (_event, name) => {
        // A file being written is not a change yet: its rename is.
        if (name && (name.startsWith(".") || name.endsWith(WRITING_SUFFIX))) return;
        clearTimeout(timer);
        timer = setTimeout(reload, options.settleMs ?? 100);
      });
      watcher.unref();
      watchers.push(watcher);
    } catch {
      // No published/ folder yet: the writer creates it, and a save also writes the watched story file.
    }
  }

  return {
    current: () => store,
    reload,
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close() {
      clearTimeout(timer);
      for (const watcher of watchers) watcher.close();
    },
  };
}
