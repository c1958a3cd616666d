import { useTranslation } from "../../components/i18n/use-translation";
import { ACCOUNT_PROGRESS_KEYS, routes, type AccountView } from "../../../core";
import { Button } from "../../components/button/Button";
import { Feedback } from "../../components/feedback/Feedback";
import { useLocalizedPath } from "../localized-link/use-localized-path";
import styles from "./AccountPage.module.css";

/** On a signed-out page (sign in, register, password reset) for someone already signed in: onwards, or out. */
export function SignedInNotice({ view, onSignOut, continueTo }: { readonly view: AccountView; readonly onSignOut: () => void; readonly continueTo?: string }) {
  const { t } = useTranslation();
  const localizedPath = useLocalizedPath();
  return (
    <Feedback tone="info">
      <p>{t("dashboard.signedInAs", { email: view.user?.email ?? "" })}</p>
      <div className={styles.actions}>
        <Button text={t("nav.dashboard")} href={continueTo ?? localizedPath(routes.dashboard.path())} />
        <Button
          text={view.progressKey === ACCOUNT_PROGRESS_KEYS.signingOut ? t(view.progressKey) : t("account.signOut")}
          type="secondary"
          onClick={onSignOut}
          disabled={!view.canSignOut}
          busy={view.busy}
        />
      </div>
    </Feedback>
  );
}
