import { useEffect, useRef, useState } from "react";
import { LOCALE_CODES, LOCALES, type StoryEditorEvent, type StoryEditorView } from "../../../core";
import { Button } from "../../components/button/Button";
import { ConfirmationModal } from "../../components/confirmation-modal/ConfirmationModal";
import { Feedback } from "../../components/feedback/Feedback";
import { useTranslation } from "../../components/i18n/use-translation";
import styles from "./Editor.module.css";
import { FieldProblemList } from "./FieldProblemList";
import { NewStoryDialog } from "./NewStoryDialog";
import { PreviewFrame } from "./PreviewFrame";
import { StoryForm } from "./StoryForm";
import { StoryTree } from "./StoryTree";

type StoryStatus = "unsaved" | "unpublished" | "draft" | "published";

const STATUS_TEXTS: Readonly<Record<StoryStatus, string>> = {
  unsaved: "editor.status.unsaved",
  unpublished: "editor.status.unpublished",
  draft: "editor.status.draft",
  published: "editor.status.published",
};

export interface EditorWorkspaceProps {
  readonly view: StoryEditorView;
  readonly send: (event: StoryEditorEvent) => void;
}

/** The signed-in editor: the story tree, the open story's form and its live preview, and the story's actions. */
export function EditorWorkspace({ view, send }: EditorWorkspaceProps) {
  const { t } = useTranslation();
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  const [confirmUndo, setConfirmUndo] = useState(false);
  const { opened, notice, busy, activity } = view;
  const heading = useRef<HTMLHeadingElement>(null);
  const openedUuid = opened?.story.uuid;
  // A story just opened: the keyboard (and a phone's screen, below the tree) goes to it.
  useEffect(() => {
    if (openedUuid) heading.current?.focus();
  }, [openedUuid]);

  // Closing the tab or leaving the page with unsaved changes asks first (the browser's own question).
  useEffect(() => {
    if (!view.dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [view.dirty]);

  // Ctrl+S / ⌘S saves the draft, as in every editor.
  useEffect(() => {
    const save = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() !== "s" || !(event.ctrlKey || event.metaKey) || event.altKey) return;
      event.preventDefault();
      send({ type: "SAVE" });
    };
    window.addEventListener("keydown", save);
    return () => window.removeEventListener("keydown", save);
  }, [send]);
  const storyStatus: StoryStatus = !opened ? "published" : view.dirty ? "unsaved" : !opened.story.published ? "unpublished" : opened.story.unpublishedChanges ? "draft" : "published";

  // Beside the story's actions (which stay in view), so that what a save or publish did is seen.
  const noticeView = notice ? (
    <div className={styles.notice}>
      <Feedback tone={notice.tone} onDismiss={() => send({ type: "DISMISS" })}>
        <p>{t(notice.message)}</p>
        {notice.fields && notice.fields.length > 0 ? (
          <FieldProblemList problems={notice.fields} send={send} />
        ) : notice.issues.length > 0 && notice.tone === "error" && view.stale === false ? (
          <ul className={styles.issues}>
            {notice.issues.map((issue) => (
              <li key={issue}>{issue}</li>
            ))}
          </ul>
        ) : null}
        {view.stale ? (
          <button type="button" className={styles.linkButton} onClick={() => send({ type: "RELOAD" })}>
            {t("editor.reload")}
          </button>
        ) : null}
      </Feedback>
    </div>
  ) : null;

  return (
    <div className={styles.workspace}>
      <a className="skip-link" href="#main">
        {t("app.skipToContent")}
      </a>
      <header className={styles.bar}>
        <p className={styles.brand}>{t("editor.title")}</p>
        <div className={styles.languages} role="group" aria-label={t("editor.language")}>
          {LOCALE_CODES.map((code) => (
            <button
              key={code}
              type="button"
              className={styles.language}
              aria-pressed={view.language === code}
              lang={LOCALES[code].language}
              onClick={() => send({ type: "SET_LANGUAGE", language: code })}
            >
              {LOCALES[code].name}
            </button>
          ))}
        </div>
        <button type="button" className={styles.linkButton} onClick={() => send({ type: "SIGN_OUT" })}>
          {t("editor.signOut")}
        </button>
      </header>
      <aside className={styles.tree} aria-label={t("editor.stories")}>
        <NewStoryDialog stories={view.stories} components={view.components} disabled={busy || view.dirty} onCreate={(story) => send({ type: "CREATE", story })} />
        <StoryTree stories={view.stories} openUuid={opened?.story.uuid} onOpen={(uuid) => send({ type: "OPEN", uuid })} />
      </aside>
      <main id="main" tabIndex={-1} className={styles.form} aria-busy={activity === "opening" || undefined}>
        {opened && view.draft ? null : noticeView}
        {opened && view.draft ? (
          <>
            <div className={styles.storyHead}>
              <div>
                <h1 ref={heading} tabIndex={-1} className={styles.title}>
                  {opened.story.name}
                </h1>
                <p className={styles.muted}>
                  /{opened.story.fullSlug} ·{" "}
                  <span className={styles.status} data-status={storyStatus}>
                    {t(STATUS_TEXTS[storyStatus])}
                  </span>
                </p>
              </div>
              <div className={styles.actions}>
                <a className={styles.toPreview} href="#preview">
                  {t("editor.preview.jump")}
                </a>
                <Button
                  text={t("editor.save")}
                  type="secondary"
                  size="small"
                  onClick={() => send({ type: "SAVE" })}
                  disabled={busy || !view.dirty}
                  busy={activity === "saving"}
                  keyShortcuts="Control+S Meta+S"
                />
                <Button
                  text={t("editor.publish")}
                  size="small"
                  color="primary"
                  onClick={() => send({ type: "PUBLISH" })}
                  disabled={busy || storyStatus === "published"}
                  busy={activity === "publishing"}
                />
                <Button
                  text={t("editor.discard")}
                  type="tertiary"
                  size="small"
                  color="danger"
                  onClick={() => setConfirmDiscard(true)}
                  disabled={busy || (!view.dirty && !opened.story.unpublishedChanges)}
                  busy={activity === "discarding"}
                />
                {opened.canUndoPublish ? (
                  <Button
                    text={t("editor.undoPublish")}
                    type="tertiary"
                    size="small"
                    onClick={() => setConfirmUndo(true)}
                    disabled={busy || view.dirty}
                    busy={activity === "undoingPublish"}
                  />
                ) : null}
              </div>
              {noticeView}
            </div>
            <StoryForm view={view} send={send} />
          </>
        ) : (
          <div className={styles.empty}>
            <h1 className={styles.title}>{t("editor.empty.title")}</h1>
            <p className={styles.muted}>{activity === "opening" ? t("editor.loading") : t("editor.empty.text")}</p>
          </div>
        )}
      </main>
      <section id="preview" tabIndex={-1} className={styles.preview} aria-label={t("editor.preview.title")}>
        {opened && view.draft ? <PreviewFrame previewUrl={opened.previews[view.language]} draft={view.draft} language={view.language} version={view.version} takesInput={view.draft.component === "page"} onSelectBlock={(uid) => send({ type: "SELECT_BLOCK", uid })} /> : null}
      </section>
      <ConfirmationModal
        open={activity === "leaving"}
        onOpenChange={(open) => (open ? undefined : send({ type: "CANCEL_LEAVE" }))}
        title={t("editor.leave.title")}
        message={t("editor.leave.message")}
        confirmText={t("editor.leave.confirm")}
        cancelText={t("editor.leave.cancel")}
        destructive
        onConfirm={() => send({ type: "CONFIRM_LEAVE" })}
      />
      <ConfirmationModal
        open={confirmUndo}
        onOpenChange={setConfirmUndo}
        title={t("editor.undoConfirm.title")}
        message={t("editor.undoConfirm.message")}
        confirmText={t("editor.undoPublish")}
        onConfirm={() => {
          setConfirmUndo(false);
          send({ type: "UNDO_PUBLISH" });
        }}
      />
      <ConfirmationModal
        open={confirmDiscard}
        onOpenChange={setConfirmDiscard}
        title={t("editor.discardConfirm.title")}
        message={t("editor.discardConfirm.message")}
        confirmText={t("editor.discard")}
        destructive
        onConfirm={() => {
          setConfirmDiscard(false);
          send({ type: "DISCARD" });
        }}
      />
    </div>
  );
}
