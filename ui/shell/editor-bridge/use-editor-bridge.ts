import { useEffect, useState } from "react";
import { usePageContext } from "vike-react/usePageContext";
import { useBrowserServices } from "../browser-services";

/**
 * The content to show on this page: published content for visitors; under the editor's preview,
 * the drafts the editor bridge brings (startEditorPreview).
 */
export function useEditorBridge<T>(preview: boolean, serverContent: T): T {
  const [shown, setShown] = useState<{ readonly from: T; readonly content: T }>({ from: serverContent, content: serverContent });
  const browserServices = useBrowserServices();
  const contentSource = usePageContext().globalContext.publicConfig.contentSource;

  // The preview runs only in the browser and only inside a preview: published renders (the
  // server's hot path) show the server's content as it is, and its code loads only here.
  useEffect(() => {
    if (!preview) return;
    let stopped = false;
    let stop = () => {
      stopped = true;
    };
    void import("./start-editor-preview").then(({ startEditorPreview }) => {
      if (stopped) return;
      stop = startEditorPreview(browserServices(), contentSource, serverContent, (content) => setShown({ from: serverContent, content }));
    });
    return () => stop();
  }, [preview, serverContent, browserServices, contentSource]);

  // New server content (another page) wins over what an earlier preview showed.
  return shown.from === serverContent ? shown.content : serverContent;
}
