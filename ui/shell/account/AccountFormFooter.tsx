import type { ReactNode } from "react";
import { useTranslation } from "../../components/i18n/use-translation";
import type { AccountView } from "../../../core";
import { Button } from "../../components/button/Button";
import { FormStatus } from "../../components/form-field/FormStatus";
import styles from "./AccountPage.module.css";

export interface AccountFormFooterProps {
  readonly view: AccountView;
  /** The form's own message ('not all fields are filled out correctly'), before the provider's error. */
  readonly formError: string | undefined;
  readonly submitLabel: string;
  /** Whether the machine takes the form's event now (a `can…` of the view). */
  readonly enabled: boolean;
  readonly errorActions?: ReactNode;
  /** The form's message asks for a reload (useAccountForm's `reloadNeeded`): a button does it. */
  readonly reloadNeeded?: boolean;
  /** A plain form (see usePlainPost): the button sends it to the server, whatever the machine says. */
  readonly plain?: boolean;
}

/** An account form's status region and submit button: the progress label ('Signing in...') replaces the button's text while busy. */
export function AccountFormFooter({ view, formError, submitLabel, enabled, errorActions, reloadNeeded = false, plain = false }: AccountFormFooterProps) {
  const { t } = useTranslation();
  const progress = plain ? undefined : view.progressKey && t(view.progressKey);
  return (
    <>
      <FormStatus progress={progress} error={formError ?? (view.errorKey && t(view.errorKey))} errorActions={errorActions} reloadNeeded={reloadNeeded} />
      <div className={styles.actions}>
        <Button isSubmit text={progress || submitLabel} disabled={!plain && !enabled} busy={!plain && view.busy} />
      </div>
    </>
  );
}
