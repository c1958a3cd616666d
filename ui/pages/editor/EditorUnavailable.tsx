import { useTranslation } from "../../components/i18n/use-translation";
import styles from "./Editor.module.css";

/** With Storyblok as the content source, editors work in Storyblok's own editor: this page says where. */
export function EditorUnavailable() {
  const { t } = useTranslation();
  return (
    <main id="main" className={styles.centered}>
      <h1 className={styles.title}>{t("editor.title")}</h1>
      <p>{t("editor.unavailable")}</p>
      <a className={styles.button} href="https://app.storyblok.com/">
        {t("editor.openStoryblok")}
      </a>
    </main>
  );
}
