import type { ReactNode } from "react";
import { useTranslation } from "../../components/i18n/use-translation";
import { NoScriptNote } from "../../components/form-field/NoScriptNote";
import { PageIntro } from "../../components/page-intro/PageIntro";
import styles from "./AccountPage.module.css";

export interface AccountPageFrameProps {
  readonly title: string;
  readonly lead: string;
  readonly busy?: boolean;
  /** The page's form also works as a plain post (see usePlainPost): nothing to say without JavaScript. */
  readonly worksWithoutJavaScript?: boolean;
  readonly children: ReactNode;
}

/** An account page: its title and lead, then one panel that says first when a form needs JavaScript. */
export function AccountPageFrame({ title, lead, busy = false, worksWithoutJavaScript = false, children }: AccountPageFrameProps) {
  const { t } = useTranslation();
  return (
    <>
      <PageIntro title={title} lead={lead} />
      <div className={`container ${styles.page}`}>
        <div className={styles.panel} aria-busy={busy || undefined}>
          {worksWithoutJavaScript ? null : <NoScriptNote text={t("account.form.needsJavaScript")} />}
          {children}
        </div>
      </div>
    </>
  );
}
