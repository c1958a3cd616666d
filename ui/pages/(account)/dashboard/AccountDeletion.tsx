import { useTranslation } from "../../../components/i18n/use-translation";
import { ACCOUNT_PROGRESS_KEYS, type AccountView } from "../../../../core";
import { Button } from "../../../components/button/Button";
import { ConfirmationModal } from "../../../components/confirmation-modal/ConfirmationModal";
import { FormStatus } from "../../../components/form-field/FormStatus";
import type { SectionMessages } from "./section-messages";

export interface AccountDeletionProps {
  readonly view: AccountView;
  readonly messages: SectionMessages;
  readonly onDelete: () => void;
  readonly onCancel: () => void;
  readonly onConfirm: () => void;
}

/** SPEC §4: deletion asks first (cancel or confirm) and is permanent. */
export function AccountDeletion({ view, messages, onDelete, onCancel, onConfirm }: AccountDeletionProps) {
  const { t } = useTranslation();
  const deleting = view.progressKey === ACCOUNT_PROGRESS_KEYS.deletingAccount;
  return (
    <>
      <p>{t("dashboard.delete.text")}</p>
      <FormStatus progress={messages.progress} error={messages.error} />
      <div>
        <Button text={deleting ? t(ACCOUNT_PROGRESS_KEYS.deletingAccount) : t("dashboard.delete.title")} color="danger" onClick={onDelete} disabled={!view.canDeleteAccount} busy={deleting} />
      </div>
      <ConfirmationModal
        open={view.confirmingDeletion}
        onOpenChange={(open) => {
          if (!open) onCancel();
        }}
        title={t("dashboard.delete.confirmTitle")}
        message={t("dashboard.delete.confirmText")}
        confirmText={t("dashboard.delete.confirm")}
        onConfirm={onConfirm}
        destructive
      />
    </>
  );
}
