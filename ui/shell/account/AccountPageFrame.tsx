import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { NoScriptNote } from "../../components/form-field/NoScriptNote";
import { PageIntro } from "../../components/page-intro/PageIntro";
import styles from "./AccountPage.module.css";

/** An account page: its title and lead, then one panel that says first when a form needs JavaScript. */
export function AccountPageFrame({ title, lead, busy = false, children }: { title: string; lead: string; busy?: boolean; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <>
      <PageIntro title={title} lead={lead} />
      <div className={`container ${styles.page}`}>
        <div className={styles.panel} aria-busy={busy || undefined}>
          <NoScriptNote text={t("account.form.needsJavaScript")} />
          {children}
        </div>
      </div>
    </>
  );
}
