import { useEffect, useState } from "react";
import { useTranslation } from "../../components/i18n/use-translation";
import { FORM_POST_FIELD, LEAD_HONEYPOT_FIELD, type FieldValues, type LeadSelectField } from "../../../core";
import { Button } from "../../components/button/Button";
import { CheckboxField } from "../../components/form-field/CheckboxField";
import { FormStatus } from "../../components/form-field/FormStatus";
import { SelectField, type SelectOption } from "../../components/form-field/SelectField";
import { TextAreaField } from "../../components/form-field/TextAreaField";
import { TextField } from "../../components/form-field/TextField";
import { TextWithLink } from "../../components/text-with-link/TextWithLink";
import { useContentEnvironment } from "../../components/content-link/content-environment";
import { sitePage } from "../navigation/site-pages";
import styles from "./LeadForm.module.css";
import type { LeadFormDefinition } from "./lead-form-definition";
import { useLeadForm } from "./use-lead-form";
import { valuesTypedBeforeHydration } from "./typed-before-hydration";

export interface LeadFormProps {
  /** Which form, from `forms/`: the page loads only its schema. */
  readonly form: LeadFormDefinition;
  /** The form's id: a plain post comes back to it (`#id`), and its fields' ids start with it. */
  readonly id: string;
  /** Choices that come from the content: upcoming events (contact), open job offers (applications). */
  readonly choices?: { readonly event?: readonly SelectOption[]; readonly jobOffer?: readonly SelectOption[] };
  /** Values the form starts with (the job offer an 'Apply' button chose). */
  readonly preset?: FieldValues;
  /** A choice made outside the form (an offer's 'Apply now'); a new `seq` applies it again. */
  readonly selection?: FieldSelection;
  /** The footer's newsletter: fields side by side where there is room. */
  readonly layout?: "page" | "inline";
}

export interface FieldSelection {
  readonly field: string;
  readonly value: string;
  readonly seq: number;
}

const TEXT_TYPES = { text: "text", email: "email", tel: "tel", date: "date" } as const;

/**
 * One of the lead forms (SPEC §3, §5), drawn from the core's description of its fields and run by
 * the form machine: messages on blur (on change for checkboxes), the focus on the first problem
 * after a submit, then 'Form submitted successfully' or 'Error submitting the form'. Without
 * JavaScript it is a plain form that posts to its page, which renders again with the outcome.
 */
export function LeadForm({ form, id, choices = {}, preset, selection, layout = "page" }: LeadFormProps) {
  const { kind, fields } = form;
  const { t } = useTranslation();
  const { locale, logicalPath, localizedPath } = useContentEnvironment();
  const [typedEarly] = useState(() => valuesTypedBeforeHydration(id, fields.map((field) => field.name)));
  const { view, send, focus, register, unavailable } = useLeadForm(form, Object.assign({}, preset, typedEarly));
  const hasFile = fields.some((field) => field.control === "file");
  const today = new Date().toISOString().slice(0, 10);

  useEffect(() => {
    if (selection) send({ type: "CHANGE", field: selection.field, value: selection.value });
  }, [selection, send]);

  // A literal prop comes before each spread below and the bindings are extended with Object.assign:
  // see tests/architecture/spread-first-literals.ts (this form is in every page's footer).
  const bindingOf = (name: string) => ({
    id: `${id}-${name}`,
    name,
    error: view.errorOf(name) && t(view.errorOf(name)!),
    disabled: view.busy,
  });
  const textOf = (name: string) =>
    Object.assign(bindingOf(name), {
      value: String(view.values[name] ?? ""),
      onChange: (value: string) => send({ type: "CHANGE", field: name, value }),
      onBlur: () => send({ type: "BLUR", field: name }),
      inputRef: register(name),
    });
  const optionsOf = (field: LeadSelectField): SelectOption[] => {
    const empty = { value: "", label: t(field.emptyChoice) };
    const fromContent = field.name === "event" ? choices.event : field.name === "jobOffer" ? choices.jobOffer : undefined;
    return [empty, ...(fromContent ?? (field.options ?? []).map((option) => ({ value: option.value, label: t(option.label) })))];
  };

  if (view.submitted) {
    return (
      <div className={styles.form} id={id}>
        <FormStatus notice={t(form.sentNotice ?? view.formMessage?.key ?? "feedback.success.formSubmitted")} />
        {form.sendAnotherLabel ? <Button type="secondary" text={t(form.sendAnotherLabel)} onClick={() => send({ type: "RESET" })} /> : null}
      </div>
    );
  }

  return (
    <form
      className={`${styles.form} ${layout === "inline" ? styles.inline : ""}`}
      id={id}
      method="post"
      action={`${localizedPath(logicalPath)}#${id}`}
      encType={hasFile ? "multipart/form-data" : undefined}
      noValidate
      onFocus={(event) => focus(event.target.getAttribute("name"))}
      onSubmit={(event) => {
        if (unavailable) return;
        event.preventDefault();
        send({ type: "SUBMIT" });
      }}
    >
      <input type="hidden" name={FORM_POST_FIELD} value={kind} />
      <input type="hidden" name="locale" value={locale} />
      {/* A field for bots: people neither see it nor reach it. */}
      <div className={styles.honeypot}>
        <label htmlFor={`${id}-${LEAD_HONEYPOT_FIELD}`}>Website</label>
        <input id={`${id}-${LEAD_HONEYPOT_FIELD}`} name={LEAD_HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
      <div className={styles.fields}>
        {fields.map((field) => {
          const label = t(field.label);
          switch (field.control) {
            case "checkbox":
              return (
                <CheckboxField
                  key={field.name}
                  checked={view.values[field.name] === true}
                  {...bindingOf(field.name)}
                  onChange={(checked) => send({ type: "CHANGE", field: field.name, value: checked })}
                  inputRef={register(field.name)}
                  required={field.required}
                  label={
                    field.name === "privacyPolicy" ? (
                      <TextWithLink text={label} tag="policy" link={{ href: localizedPath(sitePage("privacy").path), newTab: true }} />
                    ) : (
                      label
                    )
                  }
                />
              );
            case "textarea":
              return (
                <TextAreaField
                  key={field.name}
                  label={label}
                  {...textOf(field.name)}
                  required={field.required}
                />
              );
            case "select":
            case "event":
              return (
                <SelectField
                  key={field.name}
                  label={label}
                  {...textOf(field.name)}
                  options={optionsOf(field)}
                  required={field.required}
                />
              );
            case "file": {
              const { FileField } = form;
              return FileField ? (
                <FileField
                  key={field.name}
                  label={label}
                  {...bindingOf(field.name)}
                  required={field.required}
                  inputRef={register(field.name)}
                  onUploaded={(fileId) => send({ type: "CHANGE", field: field.name, value: fileId })}
                  onCleared={() => send({ type: "CHANGE", field: field.name, value: "" })}
                />
              ) : null;
            }
            default:
              return (
                <TextField
                  key={field.name}
                  label={label}
                  {...textOf(field.name)}
                  type={TEXT_TYPES[field.control]}
                  autoComplete={field.autocomplete}
                  required={field.required}
                  max={field.control === "date" ? today : undefined}
                />
              );
          }
        })}
      </div>
      <FormStatus progress={view.busy ? t("leadForm.progress") : undefined} error={view.formMessage?.tone === "error" ? t(view.formMessage.key) : undefined} />
      <div className={styles.actions}>
        <Button isSubmit text={view.busy ? t("leadForm.progress") : t(form.submitLabel)} busy={view.busy} disabled={view.busy} />
      </div>
    </form>
  );
}
