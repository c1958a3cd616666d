import { readdirSync, statSync, watch, type FSWatcher } from "node:fs";
import { join } from "node:path";
import { WRITING_SUFFIX } from "../../durable-file";
import { loadContentStore, PUBLISHED_FOLDER, type ContentStore, type ContentStoreOptions } from "./content-store.adapter";

/** The embedded stories as they are on disk now: a new store each time the files change. */
export interface LiveContentStore {
  current(): ContentStore;
  /** Reads the files again now (after this process wrote them), unless none changed since the last read; says whether it read them. */
  reload(): boolean;
  /** Hears of each new store whose content version moved. */
  onChange(listener: (store: ContentStore) => void): () => void;
  close(): void;
}

export interface LiveContentStoreOptions extends ContentStoreOptions {
  /** Calm time after a change on disk before reading again (a save writes several files). Default 100 ms. */
  readonly settleMs?: number;
  /**
   * How often the folder is looked at besides its events, in ms: a folder shared by several
   * machines (NFS, a mounted volume) tells no process of another machine's writes. Default 1000.
   */
  readonly pollMs?: number;
  readonly onProblem?: (problem: string) => void;
}

/**
 * Loads the content folder and watches its stories and published snapshots, so that what another
 * process writes on the same `CONTENT_DIR` (a second server, the editor, a pull) is served without
 * a restart: at once on this machine (the folder's events), within `pollMs` from another one (a
 * look at the files' names, inodes, times and sizes). A store that fails to load keeps the last
 * good one.
 */
export function watchContentStore(dir: string, options: LiveContentStoreOptions = {}): LiveContentStore {
  let store = loadContentStore(dir, options);
  const listeners = new Set<(store: ContentStore) => void>();
  const spaceId = store.spaceId;
  const folders = [join(dir, "stories", String(spaceId)), join(dir, PUBLISHED_FOLDER, String(spaceId))];
  // Taken after the first read: a change while it read is seen as one by the first event.
  let readSignature = filesSignature(folders);
  let timer: NodeJS.Timeout | undefined;

  const reload = () => {
    // The editor's own write reloads at once; the folder events it causes then find nothing new.
    const signature = filesSignature(folders);
    if (signature === readSignature) return false;
    let next: ContentStore;
    try {
      next = loadContentStore(dir, { ...options, spaceId });
    } catch (error) {
      options.onProblem?.(`the content folder could not be read again, the last good stories are served: ${(error as Error).message}`);
      return true;
    }
    readSignature = signature;
    if (next.contentVersion === store.contentVersion) return true;
    store = next;
    for (const problem of next.problems) options.onProblem?.(problem);
    for (const listener of listeners) listener(next);
    return true;
  };

  const watchers: FSWatcher[] = [];
  for (const folder of folders) {
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

  const poll = setInterval(reload, options.pollMs ?? 1000);
  poll.unref();

  return {
    current: () => store,
    reload,
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close() {
      clearTimeout(timer);
      clearInterval(poll);
      for (const watcher of watchers) watcher.close();
    },
  };
}

/**
 * What the folders' story files are now, cheaply: each name with its inode, time and size. A
 * write replaces a file by a rename, which gives it a new inode, so no write looks like no change.
 */
function filesSignature(folders: readonly string[]): string {
  return folders
    .map((folder) => {
      let names: string[];
      try {
        names = readdirSync(folder).filter((name) => name.endsWith(".json") && !name.startsWith("."));
      } catch {
        return "-";
      }
      return names
        .sort()
        .map((name) => {
          try {
            const stat = statSync(join(folder, name));
            return `${name}:${stat.ino}:${stat.mtimeMs}:${stat.size}`;
          } catch {
            return `${name}:gone`;
          }
        })
        .join("/");
    })
    .join("|");
}
