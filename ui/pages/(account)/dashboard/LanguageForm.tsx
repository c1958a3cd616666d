import { useEffect, useId, useState } from "react";
import { useTranslation } from "../../../components/i18n/use-translation";
import { LOCALE_CODES, LOCALES, type LocaleCode } from "../../../../core";
import { Button } from "../../../components/button/Button";
import { FormStatus } from "../../../components/form-field/FormStatus";
import { SelectField } from "../../../components/form-field/SelectField";
import type { SectionMessages } from "./section-messages";

export interface LanguageFormProps {
  /** The stored preference, or the page's language until it is known. */
  readonly stored: LocaleCode;
  /** Whether the choice can be stored too (a verified user with complete details). */
  readonly storable: boolean;
  readonly disabled: boolean;
  readonly messages: SectionMessages;
  readonly onSubmit: (locale: LocaleCode) => void;
}

const isLocale = (value: string): value is LocaleCode => (LOCALE_CODES as readonly string[]).includes(value);

/** SPEC §2 'change language': stored for mails and the next visit, and the site switches to it. */
export function LanguageForm({ stored, storable, disabled, messages, onSubmit }: LanguageFormProps) {
  const { t } = useTranslation();
  const id = useId();
  const [choice, setChoice] = useState<LocaleCode>(stored);
  useEffect(() => setChoice(stored), [stored]);
  return (
    <form
      method="post"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!disabled) onSubmit(choice);
      }}
    >
      <SelectField
        id={`${id}-language`}
        name="preferredLanguage"
        label={t("account.field.preferredLanguage")}
        hint={storable ? t("dashboard.language.hint") : t("dashboard.language.incomplete")}
        value={choice}
        options={LOCALE_CODES.map((code) => ({ value: code, label: LOCALES[code].name, lang: LOCALES[code].language }))}
        onChange={(value) => {
          if (isLocale(value)) setChoice(value);
        }}
      />
      <FormStatus progress={messages.progress} notice={messages.notice} error={messages.error} />
      <Button isSubmit text={messages.progress ?? t("dashboard.language.save")} disabled={disabled} busy={messages.progress !== undefined} />
    </form>
  );
}
