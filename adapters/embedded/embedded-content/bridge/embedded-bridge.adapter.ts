import type { EditorBridge } from "../../../../core";

/** What the embedded editor posts to the page it previews: Storyblok's bridge actions. */
type EditorMessage =
  | { readonly action: "input"; readonly story: { readonly content: unknown } }
  | { readonly action: "change" | "published" }
  /** The editor has the page framed for editing: its blocks may be picked. */
  | { readonly action: "enterEditmode" };

/** What the previewed page posts to the editor: it listens now. */
export const BRIDGE_READY = { action: "loaded" } as const;

/** What the previewed page posts when the editor's user picks a block in it: the block's `data-blok-c`. */
export interface BlockSelected {
  readonly action: "selectBlock";
  readonly name: string;
  readonly uid: string;
  readonly story: string;
}

/** The window the bridge lives in, as far as it needs it (a test gives its own). */
export interface BridgeWindow {
  readonly parent: { postMessage(message: unknown, targetOrigin: string): void } | null;
  readonly document: { readonly documentElement: { readonly dataset: DOMStringMap } };
  addEventListener(type: "message", listener: (event: MessageEvent) => void): void;
  addEventListener(type: "click", listener: (event: MouseEvent) => void, capture: boolean): void;
  removeEventListener(type: "message", listener: (event: MessageEvent) => void): void;
  removeEventListener(type: "click", listener: (event: MouseEvent) => void, capture: boolean): void;
}

/**
 * The editor bridge of the embedded editor (`/_editor/`, on the site's own origin), which frames
 * the page it previews: it hears Storyblok's `input`, `change` and `published` actions from that
 * frame's parent only, and only from the editor's origin, and tells the editor it is ready. Once
 * the editor sends `enterEditmode`, the page marks itself as edited (blocks outline under the
 * pointer) and a click on a marked block selects it in the editor instead of following a link.
 * No script from elsewhere is loaded.
 */
export function createEmbeddedBridge(editorOrigin: string, host: BridgeWindow = window): EditorBridge {
  return {
    connect(onEvent) {
      const parent = host.parent;
      if (!parent || parent === (host as unknown)) return () => {};
      const listener = (event: MessageEvent) => {
        if (event.source !== parent || event.origin !== editorOrigin) return;
        const message = editorMessageOf(event.data);
        if (message?.action === "enterEditmode") host.document.documentElement.dataset.editing = "true";
        else if (message?.action === "input") onEvent({ type: "input", content: message.story.content });
        else if (message) onEvent({ type: message.action });
      };
      const onClick = (event: MouseEvent) => {
        if (host.document.documentElement.dataset.editing !== "true") return;
        const block = (event.target as Element | null)?.closest?.("[data-blok-c]");
        const selected = block && blockSelectedOf(block.getAttribute("data-blok-c"));
        if (!selected) return;
        event.preventDefault();
        event.stopPropagation();
        parent.postMessage(selected, editorOrigin);
      };
      host.addEventListener("message", listener);
      host.addEventListener("click", onClick, true);
      parent.postMessage(BRIDGE_READY, editorOrigin);
      return () => {
        host.removeEventListener("message", listener);
        host.removeEventListener("click", onClick, true);
        delete host.document.documentElement.dataset.editing;
      };
    },
  };
}

function blockSelectedOf(attribute: string | null): BlockSelected | undefined {
  try {
    const { name, uid, story } = JSON.parse(attribute ?? "") as Record<string, unknown>;
    return typeof name === "string" && typeof uid === "string" && typeof story === "string" ? { action: "selectBlock", name, uid, story } : undefined;
  } catch {
    return undefined;
  }
}

function editorMessageOf(data: unknown): EditorMessage | undefined {
  if (typeof data !== "object" || data === null) return undefined;
  const { action, story } = data as { action?: unknown; story?: unknown };
  if (action === "change" || action === "published" || action === "enterEditmode") return { action };
  if (action === "input" && typeof story === "object" && story !== null && "content" in story) return { action, story: story as { content: unknown } };
  return undefined;
}
