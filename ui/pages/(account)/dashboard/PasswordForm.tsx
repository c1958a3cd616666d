import { useEffect } from "react";
import { useTranslation } from "../../../components/i18n/use-translation";
import { NEW_PASSWORD_CONFIRMATIONS, type PasswordUpdatePayload, type AccountView } from "../../../../core";
import { Button } from "../../../components/button/Button";
import { FormStatus } from "../../../components/form-field/FormStatus";
import { TextField } from "../../../components/form-field/TextField";
import { useAccountForm } from "../../../shell/account/use-account-form";
import type { SectionMessages } from "./section-messages";

/** The form's schema, and Effect with it, load on the form's first use (see useAccountForm). */
const passwordSchema = async () => (await import("../../../../core/domain/account/account.schema")).PasswordUpdatePayload;

const EMPTY = { currentPassword: "", newPassword: "", newPasswordConfirmation: "" };

export interface PasswordFormProps {
  readonly view: AccountView;
  readonly messages: SectionMessages;
  /** The last change succeeded: the form empties. */
  readonly saved: boolean;
  /** Changes the password: the account's view once it has settled (see useAccount's `perform`). */
  readonly onSubmit: (payload: PasswordUpdatePayload) => Promise<AccountView | undefined>;
}

/** The current password proves it is the user; the provider then ends the account's other sessions. */
export function PasswordForm({ view, messages, saved, onSubmit }: PasswordFormProps) {
  const { t } = useTranslation();
  const form = useAccountForm(passwordSchema, EMPTY, { confirmations: NEW_PASSWORD_CONFIRMATIONS, submit: onSubmit });
  useEffect(() => {
    if (saved) form.reset(EMPTY);
    // Emptied once per success.
  }, [saved]);

  return (
    <form method="post" noValidate onFocus={form.formProps.onFocus} onSubmit={form.formProps.onSubmit}>
      <TextField label={t("account.field.currentPassword")} {...form.text("currentPassword")} type="password" autoComplete="current-password" required />
      <TextField
        label={t("account.field.newPassword")}
        {...form.text("newPassword")}
        hint={t("account.field.passwordHint")}
        hintIsTheRule
        type="password"
        autoComplete="new-password"
        required
      />
      <TextField label={t("account.field.newPasswordConfirmation")} {...form.text("newPasswordConfirmation")} type="password" autoComplete="new-password" required />
      <FormStatus progress={messages.progress} notice={messages.notice} error={form.formError ?? messages.error} reloadNeeded={form.reloadNeeded} />
      <Button isSubmit text={messages.progress ?? t("dashboard.password.save")} disabled={!view.canUpdatePassword} busy={messages.progress !== undefined} />
    </form>
  );
}
