import { useEffect, useState } from "react";
import { previewQueryOf, type ContentPreviewPayload } from "../../../core";
import { usePageContext } from "vike-react/usePageContext";
import { useBrowserServices } from "../browser-services";

/**
 * The content version machine for this page: published content for visitors; under the editor's
 * preview, `input` events from the editor bridge (a port, chosen by the browser composition)
 * replace the shown story's content (decoded by the server first, as stored content is) and
 * `change`/`published` reload. Returns the content to show.
 */
export function useEditorBridge<T>(preview: boolean, serverContent: T): T {
  const [shown, setShown] = useState<{ readonly from: T; readonly content: T }>({ from: serverContent, content: serverContent });
  const browserServices = useBrowserServices();
  const contentSource = usePageContext().globalContext.publicConfig.contentSource;

  // The machine runs only in the browser and only inside a preview: published renders (the
  // server's hot path) show the server's content as it is.
  useEffect(() => {
    const { spaceId, token, timestamp } = previewQueryOf(new URLSearchParams(window.location.search)).request;
    if (!preview || !spaceId || !token || !timestamp) return;
    const previewToken = { spaceId, token, timestamp };
    const { api, editorBridge } = browserServices();
    let stopped = false;
    let stop = () => {
      stopped = true;
    };
    // The machine (and XState) and the bridge load only here, under a preview.
    void Promise.all([import("./content-version-actor"), import("./latest-answers"), editorBridge(contentSource)]).then(([{ startContentVersion }, { latestAnswers }, bridge]) => {
      if (stopped) return;
      const actor = startContentVersion(serverContent, (story) => setShown({ from: serverContent, content: story }));
      // What the editor typed is decoded by the server; content that does not decode leaves the page as it was.
      const decodeForPreview = (content: unknown) =>
        api
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
  }, [preview, serverContent, browserServices, contentSource]);

  // New server content (another page) wins over what an earlier preview showed.
  return shown.from === serverContent ? shown.content : serverContent;
}
