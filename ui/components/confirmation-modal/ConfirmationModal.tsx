import type { ReactNode } from "react";
import { useTranslation } from "../i18n/use-translation";
import { Button } from "../button/Button";
import { Modal } from "../modal/Modal";

export interface ConfirmationModalProps {
  readonly open: boolean;
  readonly onOpenChange: (open: boolean) => void;
  readonly title: string;
  readonly message: string;
  readonly onConfirm: () => void;
  readonly confirmText?: string;
  readonly cancelText?: string;
  /** A destructive action (e.g. deleting the account) gets the danger colour. */
  readonly destructive?: boolean;
  readonly busy?: boolean;
  readonly trigger?: ReactNode;
}

/** Asks before an action that cannot be undone (SPEC §4 account deletion): cancel or confirm. */
export function ConfirmationModal({ open, onOpenChange, title, message, onConfirm, confirmText, cancelText, destructive = false, busy = false, trigger }: ConfirmationModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={message}
      trigger={trigger}
      role="alertdialog"
      actions={
        <>
          <Button text={cancelText ?? t("modal.cancel")} type="secondary" onClick={() => onOpenChange(false)} disabled={busy} />
          <Button text={confirmText ?? t("modal.confirm")} color={destructive ? "danger" : "primary"} onClick={onConfirm} busy={busy} disabled={busy} />
        </>
      }
    />
  );
}
