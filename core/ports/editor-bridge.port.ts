/**
 * What the CMS's visual editor tells a page it previews (SPEC §2, §4): `input` while the editor
 * types (the story's raw content), `change` when it saves, `published` when it publishes.
 */
export type EditorBridgeEvent =
  | { readonly type: "input"; readonly content: unknown }
  | { readonly type: "change" }
  | { readonly type: "published" };

/**
 * Browser side: the editor's messages to a previewed page. Production: Storyblok's bridge script;
 * the embedded editor will bring its own bridge speaking the same events.
 */
export interface EditorBridge {
  /** Starts listening; the returned function stops. */
  connect(onEvent: (event: EditorBridgeEvent) => void): () => void;
}
