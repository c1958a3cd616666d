import { useData } from "vike-react/useData";
import { usePageContext } from "vike-react/usePageContext";
import { useTranslation } from "../../components/i18n/use-translation";
import { usePageHead } from "../use-page-head";
import type { Data } from "./+data";
import { EditorSignIn } from "./EditorSignIn";
import { EditorWorkspace } from "./EditorWorkspace";
import { EditorUnavailable } from "./EditorUnavailable";
import styles from "./Editor.module.css";
import { useStoryEditor } from "./use-story-editor";

/** The embedded content editor (SPEC §6 "Editor"): sign in, then the stories, their forms and a live preview. */
export default function Page() {
  const { available } = useData<Data>();
  const { t } = useTranslation();
  usePageHead(t("editor.title"), t("editor.description"));
  return <div className={styles.editor}>{available ? <StoryEditorScreen /> : <EditorUnavailable />}</div>;
}

function StoryEditorScreen() {
  const { signedIn } = useData<Data>();
  const { locale } = usePageContext();
  const { view, send } = useStoryEditor(signedIn, locale);
  const { t } = useTranslation();
  switch (view.screen) {
    case "signIn":
      return <EditorSignIn busy={view.signingIn} error={view.signInError} onSubmit={(password) => send({ type: "SIGN_IN", password })} />;
    case "loading":
      return (
        <main id="main" className={styles.centered} aria-busy="true">
          <p role="status">{t("editor.loading")}</p>
        </main>
      );
    case "loadFailed":
      return (
        <main id="main" className={styles.centered}>
          <p role="alert">{t(view.notice?.message ?? "feedback.error.generic")}</p>
          <button type="button" className={styles.button} onClick={() => send({ type: "RETRY" })}>
            {t("editor.retry")}
          </button>
        </main>
      );
    case "workspace":
      return <EditorWorkspace view={view} send={send} />;
  }
}
