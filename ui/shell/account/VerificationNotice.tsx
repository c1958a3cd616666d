import { useTranslation } from "../../components/i18n/use-translation";
import { ACCOUNT_PROGRESS_KEYS, type AccountView } from "../../../core";
import { Button } from "../../components/button/Button";
import { Feedback } from "../../components/feedback/Feedback";
import styles from "./AccountPage.module.css";

export interface VerificationNoticeProps {
  readonly email: string;
  readonly view: AccountView;
  readonly onResend: () => void;
  readonly onCheck: () => void;
  /** Inside a live region already (FormStatus), or on its own. */
  readonly live?: boolean;
}

/**
 * SPEC §4: pending email verification, with the resend action. Resending rests for a while after
 * each mail (the machine's cooldown); 'I have verified it' asks the provider again, for a link
 * opened on another device, and says so when it is not verified yet.
 */
export function VerificationNotice({ email, view, onResend, onCheck, live = true }: VerificationNoticeProps) {
  const { t } = useTranslation();
  return (
    <Feedback tone="info" title={t("account.verification.pendingTitle")} live={live}>
      <p>{t("account.verification.pendingText", { email })}</p>
      {/* Checked before the link was opened: said here, beside the button (heard: the notice is a live region). */}
      {view.noticeKey === "account.verification.notYet" ? <p className={styles.notYet}>{t("account.verification.notYet")}</p> : null}
      <div className={styles.actions}>
        <Button
          text={view.progressKey === ACCOUNT_PROGRESS_KEYS.sendingEmail ? t(view.progressKey) : t("account.verification.resend")}
          type="secondary"
          size="small"
          onClick={onResend}
          disabled={!view.canResendVerification}
          busy={view.progressKey === ACCOUNT_PROGRESS_KEYS.sendingEmail}
        />
        <Button
          text={view.progressKey === ACCOUNT_PROGRESS_KEYS.checkingVerification ? t(view.progressKey) : t("account.verification.check")}
          type="tertiary"
          size="small"
          onClick={onCheck}
          disabled={!view.canCheckVerification}
          busy={view.progressKey === ACCOUNT_PROGRESS_KEYS.checkingVerification}
        />
      </div>
    </Feedback>
  );
}
