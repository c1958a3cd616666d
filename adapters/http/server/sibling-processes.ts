import cluster from "node:cluster";

/** A note the primary of scripts/serve.mjs passes on to every other worker. */
interface SiblingNote {
  readonly sibling: string;
}

const isSiblingNote = (message: unknown): message is SiblingNote =>
  typeof message === "object" && message !== null && typeof (message as SiblingNote).sibling === "string";

/**
 * What one server process tells the others that answer the same site (the workers of
 * scripts/serve.mjs), for what lives in each process's memory: a webhook reaches one worker, and
 * every worker's content cache must go. A process that is no worker has no siblings: telling is
 * then a no-op.
 */
export function siblingProcesses() {
  return {
    tell(note: string): void {
      if (cluster.isWorker) process.send?.({ sibling: note } satisfies SiblingNote);
    },
    hear(note: string, listener: () => void): void {
      if (!cluster.isWorker) return;
      process.on("message", (message: unknown) => {
        if (isSiblingNote(message) && message.sibling === note) listener();
      });
    },
  };
}
