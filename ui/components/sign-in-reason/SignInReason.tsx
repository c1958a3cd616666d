import { signInReasonOf, type SignInReason as Reason } from "../../../core";
import { Feedback } from "../feedback/Feedback";
import { useTranslation } from "../i18n/use-translation";
import styles from "./SignInReason.module.css";

const REASON_TEXT: Record<Reason, string> = { "buy-tickets": "signInReason.buyTickets" };

/** Issue 49: on the sign-in page, why the visitor was sent there, from the page `returnTo` leads back to; nothing if it says nothing. */
export function SignInReason({ returnTo }: { readonly returnTo: string | undefined }) {
  const { t } = useTranslation();
  const reason = signInReasonOf(returnTo);
  if (!reason) return null;
  return (
    <div className={styles.reason}>
      <Feedback tone="info" live={false}>
        <p>{t(REASON_TEXT[reason])}</p>
      </Feedback>
    </div>
  );
}
