import * as Dialog from "@radix-ui/react-dialog";
import { useRef, type ReactNode } from "react";
import { useTranslation } from "../i18n/use-translation";
import styles from "./Modal.module.css";

export interface ModalProps {
  readonly open: boolean;
  readonly onOpenChange: (open: boolean) => void;
  readonly title: string;
  readonly description?: string;
  /** The element that opens the modal (rendered as Radix's trigger). */
  readonly trigger?: ReactNode;
  readonly children?: ReactNode;
  /** Footer actions, e.g. buttons. */
  readonly actions?: ReactNode;
  /** An alert dialog cannot be dismissed by clicking outside it. */
  readonly role?: "dialog" | "alertdialog";
}

/**
 * A modal dialog (Radix): focus trapped inside and returned to the trigger on close, Escape
 * closes, the page behind is inert. A modal opened by state rather than by its trigger (the
 * account deletion's question) gives the focus back to whatever had it when it opened.
 */
export function Modal({ open, onOpenChange, title, description, trigger, children, actions, role = "dialog" }: ModalProps) {
  const { t } = useTranslation();
  const openedFrom = useRef<HTMLElement | null>(null);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      {trigger ? <Dialog.Trigger asChild>{trigger}</Dialog.Trigger> : null}
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content
          className={styles.content}
          role={role}
          // Without a description the dialog is described by nothing (and Radix does not warn).
          {...(description ? {} : { "aria-describedby": undefined })}
          onPointerDownOutside={role === "alertdialog" ? (event) => event.preventDefault() : undefined}
          onOpenAutoFocus={() => {
            openedFrom.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
          }}
          // Radix returns the focus to its trigger alone; without one it would land on the page's body.
          onCloseAutoFocus={(event) => {
            if (trigger || !openedFrom.current?.isConnected) return;
            event.preventDefault();
            openedFrom.current.focus();
          }}
        >
          <div className={styles.header}>
            <Dialog.Title className={styles.title}>{title}</Dialog.Title>
            <Dialog.Close className={styles.close}>
              <span aria-hidden="true">×</span>
              <span className="visually-hidden">{t("modal.close")}</span>
            </Dialog.Close>
          </div>
          {description ? <Dialog.Description className={styles.description}>{description}</Dialog.Description> : null}
          {children ? <div className={styles.body}>{children}</div> : null}
          {actions ? <div className={styles.actions}>{actions}</div> : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
