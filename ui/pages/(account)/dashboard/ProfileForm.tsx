import { useEffect } from "react";
import { useTranslation } from "../../../components/i18n/use-translation";
import { type ProfileUpdatePayload, type AccountView, type LocaleCode, type UserProfile } from "../../../../core";
import { Button } from "../../../components/button/Button";
import { FormStatus } from "../../../components/form-field/FormStatus";
import { TextField } from "../../../components/form-field/TextField";
import { useAccountForm } from "../../../shell/account/use-account-form";
import styles from "./Dashboard.module.css";
import type { SectionMessages } from "./section-messages";

/** The form's schema, and Effect with it, load on the form's first use (see useAccountForm); the language switch checks with it too. */
export const profileSchema = async () => (await import("../../../../core/domain/account/account.schema")).ProfileUpdatePayload;

export type ProfileState =
  | { readonly status: "loading" }
  | { readonly status: "ready"; readonly profile: UserProfile | null }
  | { readonly status: "failed" };

/** The update form's values: the stored profile, or what the account's display name says until there is one. */
export function detailsOf(profile: UserProfile | null, displayName: string, locale: LocaleCode) {
  const [first = "", ...rest] = displayName.trim().split(/\s+/);
  return {
    name: profile?.name ?? first,
    surname: profile?.surname ?? rest.join(" "),
    phone: profile?.phone ?? "",
    birthdate: profile?.birthdate ?? "",
    address: profile?.address ?? "",
    preferredLanguage: profile?.preferredLanguage ?? locale,
  };
}

export interface ProfileFormProps {
  readonly view: AccountView;
  readonly profile: ProfileState;
  readonly displayName: string;
  readonly locale: LocaleCode;
  readonly messages: SectionMessages;
  /** Stores the details: the account's view once it has settled (see useAccount's `perform`). */
  readonly onSubmit: (payload: ProfileUpdatePayload) => Promise<AccountView | undefined>;
}

/** SPEC §2 'update-user form': the profile's fields, stored by PUT /api/account/profile (verified users). */
export function ProfileForm({ view, profile, displayName, locale, messages, onSubmit }: ProfileFormProps) {
  const { t } = useTranslation();
  const stored = profile.status === "ready" ? profile.profile : null;
  const initial = detailsOf(stored, displayName, locale);
  const form = useAccountForm(profileSchema, initial, { submit: onSubmit });

  // The stored values replace the form's once they arrive, and again after each save.
  useEffect(() => {
    if (profile.status === "ready") form.reset(detailsOf(profile.profile, displayName, locale));
    // Only a new profile resets the form: a changed display name alone must not undo the user's typing.
  }, [profile]);

  if (profile.status === "loading") return <p className={styles.loading}>{t("dashboard.loading")}</p>;
  return (
    <form method="post" noValidate onFocus={form.formProps.onFocus} onSubmit={form.formProps.onSubmit}>
      {profile.status === "failed" ? <FormStatus error={t("feedback.error.generic")} /> : null}
      <TextField label={t("account.field.name")} {...form.text("name")} autoComplete="given-name" required />
      <TextField label={t("account.field.surname")} {...form.text("surname")} autoComplete="family-name" required />
      {/* The other details may stay empty: changing the name alone asks for nothing else. */}
      <TextField label={t("account.field.phone")} {...form.text("phone")} type="tel" autoComplete="tel" />
      <TextField label={t("account.field.birthdate")} {...form.text("birthdate")} type="date" autoComplete="bday" />
      {/* "street-address" is for multi-line fields: on one line, the street's. */}
      <TextField label={t("account.field.address")} {...form.text("address")} autoComplete="address-line1" />
      <FormStatus progress={messages.progress} notice={messages.notice} error={form.formError ?? messages.error} reloadNeeded={form.reloadNeeded} />
      <Button isSubmit text={messages.progress ?? t("dashboard.details.save")} disabled={!view.canEditProfile} busy={messages.progress !== undefined} />
    </form>
  );
}
