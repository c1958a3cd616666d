import { useEffect, useRef, useState } from "react";
import { CONTENT_DEFAULT_LOCALE, DEFAULT_LANGUAGE, localizeContent, type BlockContent, type LocaleCode } from "../../../core";
import { useTranslation } from "../../components/i18n/use-translation";
import styles from "./Editor.module.css";

export interface PreviewFrameProps {
  /** The page's preview address in this language, signed by the server. */
  readonly previewUrl: string;
  readonly draft: BlockContent;
  readonly language: LocaleCode;
  /** The stored draft's version: a page that does not take live input shows each new one. */
  readonly version: string;
  /**
   * Whether the framed page renders this story's content itself (a page): an event, a restaurant
   * on its listing or the global config on the home take no live input and show it once saved.
   */
  readonly takesInput: boolean;
  readonly onSelectBlock: (uid: string) => void;
}

/** "live": the page takes every keystroke; "onSave": a page without live input (an event, a restaurant) shows the draft as saved. */
type PreviewMode = "loading" | "live" | "onSave";

/**
 * The real page, framed, showing the draft: it loads once per story and language, and then every
 * change is sent to it as the bridge's `input` event (Storyblok's protocol, to this origin only),
 * already in the frame's language, so it re-renders without reloading. A click on a block in
 * the frame selects that block's fields here.
 */
export function PreviewFrame({ previewUrl, draft, language, version, takesInput, onSelectBlock }: PreviewFrameProps) {
  const { t } = useTranslation();
  const frame = useRef<HTMLIFrameElement>(null);
  const [mode, setMode] = useState<PreviewMode>("loading");
  const ready = mode === "live";
  const selectBlock = useRef(onSelectBlock);
  selectBlock.current = onSelectBlock;
  const live = useRef(takesInput);
  live.current = takesInput;

  useEffect(() => {
    setMode("loading");
    const listener = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || event.source !== frame.current?.contentWindow) return;
      const message = event.data as { action?: unknown; uid?: unknown } | null;
      if (message?.action === "loaded") setMode(live.current ? "live" : "onSave");
      else if (message?.action === "selectBlock" && typeof message.uid === "string") selectBlock.current(message.uid);
    };
    window.addEventListener("message", listener);
    return () => window.removeEventListener("message", listener);
  }, [previewUrl]);

  useEffect(() => {
    // Storyblok's editor says so too: the page may now outline its blocks and let them be picked.
    if (ready) frame.current?.contentWindow?.postMessage({ action: "enterEditmode" }, window.location.origin);
  }, [ready]);

  useEffect(() => {
    if (!ready) return;
    const content = localizeContent(draft, language === CONTENT_DEFAULT_LOCALE ? DEFAULT_LANGUAGE : language);
    frame.current?.contentWindow?.postMessage({ action: "input", story: { content } }, window.location.origin);
  }, [ready, draft, language]);

  // Pages without live input show the draft again once it is saved.
  const shownVersion = useRef(version);
  useEffect(() => {
    if (shownVersion.current === version) return;
    shownVersion.current = version;
    if (mode === "onSave") frame.current?.contentWindow?.location.reload();
  }, [version, mode]);

  return (
    <div className={styles.previewFrame}>
      <p className={styles.previewStatus} role="status">
        {mode === "live" ? t("editor.preview.live") : mode === "onSave" ? t("editor.preview.onSave") : t("editor.preview.loading")}
      </p>
      <iframe
        ref={frame}
        key={previewUrl}
        src={previewUrl}
        title={t("editor.preview.title")}
        className={styles.frame}
        // The bridge says "loaded" once the page listens; a page that never does is shown as saved.
        onLoad={() => setMode((current) => (current === "live" ? current : "onSave"))}
      />
    </div>
  );
}
