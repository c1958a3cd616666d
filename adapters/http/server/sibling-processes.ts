import cluster from "node:cluster";

/** What one server process tells the others. */
export const SIBLING_NOTES = {
  /** A publish webhook purged the content cache: every process drops its own. */
  contentPurged: "content-purged",
  /** The embedded editor wrote the content folder: every process reads it again now, not when its watcher settles. */
  contentWritten: "content-written",
} as const;

type SiblingNoteName = (typeof SIBLING_NOTES)[keyof typeof SIBLING_NOTES];

/** A note the primary of scripts/serve.mjs passes on to every other worker. */
interface SiblingNote {
  readonly sibling: string;
}

const isSiblingNote = (message: unknown): message is SiblingNote =>
  typeof message === "object" && message !== null && typeof (message as SiblingNote).sibling === "string";

/**
 * What one server process tells the others that answer the same site (the workers of
 * scripts/serve.mjs), for what lives in each process's memory: a webhook reaches one worker, and
 * every worker's content cache must go; the editor writes through one worker, and every worker
 * must serve what it wrote. A process that is no worker has no siblings: telling is then a no-op.
 */
export function siblingProcesses() {
  return {
    tell(note: SiblingNoteName): void {
      if (cluster.isWorker) process.send?.({ sibling: note } satisfies SiblingNote);
    },
    hear(note: SiblingNoteName, listener: () => void): void {
      if (!cluster.isWorker) return;
      process.on("message", (message: unknown) => {
        if (isSiblingNote(message) && message.sibling === note) listener();
      });
    },
  };
}
