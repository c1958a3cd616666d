import type { ReactNode } from "react";
import type { AccountView } from "../../../core";
import { AccountFormFooter } from "./AccountFormFooter";
import styles from "./AccountPage.module.css";
import { PlainPostFields } from "./PlainPostFields";
import type { AccountForm as AccountFormBinding } from "./use-account-form";

export interface AccountFormProps {
  /** The form's machine (useAccountForm). */
  readonly form: Pick<AccountFormBinding, "plainPostForm" | "formProps" | "formError" | "reloadNeeded" | "plain">;
  /** The account whose operation the form starts: its progress and error show in the footer. */
  readonly view: AccountView;
  readonly submitLabel: string;
  /** Whether the account takes the form's operation now (a `can…` of the view). */
  readonly enabled: boolean;
  readonly errorActions?: ReactNode;
  /** The fields, and what the form says above them. */
  readonly children: ReactNode;
  /** Below the submit button (links onwards). */
  readonly footnote?: ReactNode;
}

/**
 * One of the account pages' forms: posted to its page without JavaScript (with the fields that
 * name it), driven by its machine from hydration on, its status region and submit button last.
 */
export function AccountForm({ form, view, submitLabel, enabled, errorActions, children, footnote }: AccountFormProps) {
  return (
    <form className={styles.form} method="post" noValidate onFocus={form.formProps.onFocus} onSubmit={form.formProps.onSubmit}>
      {form.plainPostForm ? <PlainPostFields form={form.plainPostForm} /> : null}
      {children}
      <AccountFormFooter
        view={view}
        formError={form.formError}
        reloadNeeded={form.reloadNeeded}
        submitLabel={submitLabel}
        enabled={enabled}
        plain={form.plain}
        errorActions={errorActions}
      />
      {footnote}
    </form>
  );
}
