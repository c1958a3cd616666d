import type { EditorBridge } from "../../../../core";

/** What the embedded editor posts to the page it previews: Storyblok's bridge actions. */
type EditorMessage = { readonly action: "input"; readonly story: { readonly content: unknown } } | { readonly action: "change" | "published" };

/** What the previewed page posts to the editor: it listens now. */
export const BRIDGE_READY = { action: "loaded" } as const;

/** The window the bridge lives in, as far as it needs it (a test gives its own). */
export interface BridgeWindow {
  readonly parent: { postMessage(message: unknown, targetOrigin: string): void } | null;
  addEventListener(type: "message", listener: (event: MessageEvent) => void): void;
  removeEventListener(type: "message", listener: (event: MessageEvent) => void): void;
}

/**
 * The editor bridge of the embedded editor (`/_editor/`, on the site's own origin), which frames
 * the page it previews: it hears Storyblok's `input`, `change` and `published` actions from that
 * frame's parent only, and only from the editor's origin, and tells the editor it is ready. No
 * script from elsewhere is loaded.
 */
export function createEmbeddedBridge(editorOrigin: string, host: BridgeWindow = window): EditorBridge {
  return {
    connect(onEvent) {
      const parent = host.parent;
      if (!parent || parent === (host as unknown)) return () => {};
      const listener = (event: MessageEvent) => {
        if (event.source !== parent || event.origin !== editorOrigin) return;
        const message = editorMessageOf(event.data);
        if (message?.action === "input") onEvent({ type: "input", content: message.story.content });
        else if (message) onEvent({ type: message.action });
      };
      host.addEventListener("message", listener);
      parent.postMessage(BRIDGE_READY, editorOrigin);
      return () => host.removeEventListener("message", listener);
    },
  };
}

function editorMessageOf(data: unknown): EditorMessage | undefined {
  if (typeof data !== "object" || data === null) return undefined;
  const { action, story } = data as { action?: unknown; story?: unknown };
  if (action === "change" || action === "published") return { action };
  if (action === "input" && typeof story === "object" && story !== null && "content" in story) return { action, story: story as { content: unknown } };
  return undefined;
}
