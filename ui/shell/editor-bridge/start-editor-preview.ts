import { previewQueryOf, type ContentPreviewPayload } from "../../../core";
import type { BrowserServices } from "../../../composition/browser";
import type { PublicConfig } from "../../../composition/config";
import { startContentVersion } from "./content-version-actor";
import { latestAnswers } from "./latest-answers";

/**
 * The editor's preview of a page, started: the content version machine, fed by the editor bridge
 * (a port, chosen by the browser composition), whose `input` events replace the shown story's
 * content (decoded by the server first, as stored content is) and whose `change`/`published`
 * events reload. Loaded (with XState and the bridge) only under a preview, out of every content
 * page's code. Returns how to stop.
 */
export function startEditorPreview<T>(services: BrowserServices, contentSource: PublicConfig["contentSource"], serverContent: T, show: (content: T) => void): () => void {
  const { spaceId, token, timestamp } = previewQueryOf(new URLSearchParams(window.location.search)).request;
  if (!spaceId || !token || !timestamp) return () => {};
  const previewToken = { spaceId, token, timestamp };
  let stopped = false;
  let stop = () => {
    stopped = true;
  };
  void services.editorBridge(contentSource).then((bridge) => {
    if (stopped) return;
    const actor = startContentVersion(serverContent, show);
    // What the editor typed is decoded by the server; content that does not decode leaves the page as it was.
    const decodeForPreview = (content: unknown) =>
      services.api
        .request<{ page: unknown }>("/api/content/preview", { method: "POST", body: { content, previewToken } satisfies ContentPreviewPayload })
        .then((answer) => answer.page)
        .catch(() => undefined);
    const showDraft = latestAnswers(decodeForPreview, (page) => page && actor.send({ type: "BRIDGE_INPUT", story: page }));
    const disconnect = bridge.connect((event) => {
      if (event.type === "input") showDraft(event.content);
      else if (event.type === "published") actor.send({ type: "BRIDGE_PUBLISHED" });
      else actor.send({ type: "BRIDGE_CHANGE" });
    });
    stop = () => {
      disconnect();
      actor.stop();
    };
  });
  return () => stop();
}
