import { useEffect, useRef, useState } from "react";
import { useTranslation } from "../../../components/i18n/use-translation";
import { navigate } from "vike/client/router";
import { useData } from "vike-react/useData";
import { usePageContext } from "vike-react/usePageContext";
import { ACCOUNT_FORMS, ACCOUNT_PROGRESS_KEYS, ACCOUNT_FEEDBACK, routes, type AccountEvent, type LocaleCode, type UserProfile } from "../../../../core";
import { Button } from "../../../components/button/Button";
import { Feedback } from "../../../components/feedback/Feedback";
import { FormStatus } from "../../../components/form-field/FormStatus";
import { loadSchemaCheck } from "../../../components/form-field/load-schema-check";
import { NoScriptNote } from "../../../components/form-field/NoScriptNote";
import { PageIntro } from "../../../components/page-intro/PageIntro";
import { ProfileHeader } from "../../../components/profile-header/ProfileHeader";
import { ArrivalPanel } from "../../../shell/account/ArrivalPanel";
import { PlainPostFields } from "../../../shell/account/PlainPostFields";
import { useAccount } from "../../../shell/account/use-account";
import { usePlainPost } from "../../../shell/account/use-plain-post";
import { VerificationNotice } from "../../../shell/account/VerificationNotice";
import { useAccountServices } from "../../../shell/account/account-services";
import { useLocaleSwitch } from "../../../shell/language-switcher/use-locale-switch";
import { useLocalizedPath } from "../../../shell/localized-link/use-localized-path";
import { sitePage } from "../../../shell/navigation/site-pages";
import { usePageHead } from "../../use-page-head";
import type { Data } from "./+data";
import { AccountDeletion } from "./AccountDeletion";
import styles from "./Dashboard.module.css";
import { LanguageForm } from "./LanguageForm";
import { PasswordForm } from "./PasswordForm";
import { detailsOf, ProfileForm, profileSchema, type ProfileState } from "./ProfileForm";
import type { SectionMessages } from "./section-messages";
import { PurchaseCodeForm } from "./PurchaseCodeForm";
import { UserEvents } from "./UserEvents";

/** Which form the account machine's current message belongs to. */
type Section = "account" | "details" | "language" | "password" | "deletion";

/** 'Download my data': the profile route's export, a JSON attachment (authenticated by the session cookie). */
const EXPORT_PATH = "/api/account/export";

/**
 * SPEC §2 dashboard. The server renders its frame from the session (who, verified or not, and the
 * events); in the browser the account machine restores the provider's user, the profile is read
 * from the API, and the forms come alive. A pending user sees the verification notice and what
 * they may do until then (SPEC §4, §6): resend, check, download their data, sign out.
 */
export default function Page() {
  const data = useData<Data>();
  const { t } = useTranslation();
  const pageContext = usePageContext();
  const localizedPath = useLocalizedPath();
  const services = useAccountServices();
  usePageHead(t("dashboard.title"), t("dashboard.description"));

  const [profile, setProfile] = useState<ProfileState>({ status: "loading" });
  const { view, send, perform } = useAccount({ onProfileSaved: (saved) => setProfile({ status: "ready", profile: saved }) });
  // Signing out works without JavaScript too: the button's form posts to this page.
  const { plain: plainSignOut } = usePlainPost(ACCOUNT_FORMS.signOut);
  const [section, setSection] = useState<Section>("account");
  // Signing out leaves for the home page; a deleted account stays here to be told so.
  const [leaving, setLeaving] = useState<"signOut" | "deletion" | undefined>(undefined);
  const pendingLanguage = useRef<LocaleCode | undefined>(undefined);
  const locale = pageContext.locale;
  const { change: switchLanguage } = useLocaleSwitch(locale, pageContext.globalContext.publicConfig.locale.fallbackLocale, (next) =>
    localizedPath(routes.dashboard.path(), next),
  );

  // Until the provider has answered, the session's user stands in for it.
  const restored = view.standing !== "unknown";
  const standing = restored ? view.standing : data.emailVerified ? "verified" : "pendingVerification";
  const email = view.user?.email ?? data.email;
  const displayName = (restored ? view.user?.displayName : data.displayName) || email;
  const uid = view.user?.uid;

  useEffect(() => {
    if (!uid) return;
    let current = true;
    setProfile({ status: "loading" });
    services()
      .api.request<{ profile: UserProfile | null }>("/api/account/profile")
      .then(
        ({ profile: stored }) => current && setProfile({ status: "ready", profile: stored }),
        () => current && setProfile({ status: "failed" }),
      );
    return () => {
      current = false;
    };
  }, [uid, services]);

  // Signed out from here: home.
  const left = leaving !== undefined && view.standing === "signedOut" && !view.busy;
  useEffect(() => {
    if (left && leaving === "signOut") void navigate(localizedPath(sitePage("home").path));
  }, [left, leaving, localizedPath]);

  // The stored language is the site's too.
  useEffect(() => {
    const chosen = pendingLanguage.current;
    if (!chosen || view.busy || section !== "language") return;
    pendingLanguage.current = undefined;
    if (view.noticeKey === ACCOUNT_FEEDBACK.dataUpdated && chosen !== locale) switchLanguage(chosen);
  }, [view.busy, view.noticeKey, section, locale, switchLanguage]);

  const act = (name: Section, event: AccountEvent) => {
    setSection(name);
    send(event);
  };
  /** A form's submit: the account's view once the operation has settled. */
  const submit = (name: Section, event: AccountEvent) => {
    setSection(name);
    return perform(event);
  };
  const messagesOf = (name: Section): SectionMessages =>
    section === name
      ? { progress: view.progressKey && t(view.progressKey), notice: view.noticeKey && t(view.noticeKey), error: view.errorKey && t(view.errorKey) }
      : {};

  const stored = profile.status === "ready" ? profile.profile : null;
  const storedLanguage = stored?.preferredLanguage ?? locale;
  // The profile's schema and Effect come with the profile form, after hydration; if they cannot
  // load, the language is stored alone.
  const withLanguage = (language: LocaleCode) =>
    loadSchemaCheck(profileSchema).then(
      (check) => check(Object.assign(detailsOf(stored, displayName, locale), { preferredLanguage: language })),
      () => ({ ok: false }) as const,
    );
  // A pending or incomplete account stores the language alone; a complete one with its details.
  const languageStorable = stored !== null && (standing === "verified" || standing === "pendingVerification");

  const changeLanguage = async (language: LocaleCode) => {
    const update = await withLanguage(language);
    if (view.canEditProfile && stored && update.ok) {
      pendingLanguage.current = language;
      act("language", { type: "UPDATE_PROFILE", payload: update.payload });
    } else if (view.canChangeLanguage && stored) {
      pendingLanguage.current = language;
      act("language", { type: "UPDATE_LANGUAGE", payload: { preferredLanguage: language } });
    } else if (language !== locale) {
      // Not storable (no profile yet): the site switches all the same.
      switchLanguage(language);
    }
  };
  const signOut = () => {
    setLeaving("signOut");
    act("account", { type: "SIGN_OUT" });
  };

  // Gone: nothing of the account stays on the page (it greeted its user while the home page loaded).
  if (left) {
    return (
      <>
        <PageIntro title={t("dashboard.title")} />
        {leaving === "deletion" ? (
          <div className={`container ${styles.dashboard}`}>
            <ArrivalPanel>
              <Feedback tone="success">
                <p>{t("account.deletion.done")}</p>
                <Button text={t("nav.home")} href={localizedPath(sitePage("home").path)} />
              </Feedback>
            </ArrivalPanel>
          </div>
        ) : null}
      </>
    );
  }

  if (restored && standing === "signedOut" && !leaving) {
    return (
      <>
        <PageIntro title={t("dashboard.title")} lead={t("dashboard.description")} />
        <div className={`container ${styles.dashboard}`}>
          <Feedback tone="info">
            <p>{t("account.session.ended")}</p>
            <Button text={t("nav.login")} href={localizedPath(routes.login.path({ returnTo: localizedPath(routes.dashboard.path()) }))} />
          </Feedback>
        </div>
      </>
    );
  }

  const accountMessages = messagesOf("account");
  return (
    <>
      <ProfileHeader title={t("dashboard.title")} greeting={t("dashboard.greeting", { name: displayName })} signedInAs={t("dashboard.signedInAs", { email })}>
        <form
          className={styles.screenOnly}
          method="post"
          onSubmit={(event) => {
            event.preventDefault();
            signOut();
          }}
        >
          <PlainPostFields form={ACCOUNT_FORMS.signOut} />
          <Button
            isSubmit
            text={accountMessages.progress && view.progressKey === ACCOUNT_PROGRESS_KEYS.signingOut ? accountMessages.progress : t("account.signOut")}
            type="secondary"
            size="small"
            disabled={!plainSignOut && !view.canSignOut}
          />
        </form>
      </ProfileHeader>
      <div className={`container ${styles.dashboard}`} aria-busy={!restored || undefined}>
        <NoScriptNote text={t("account.form.needsJavaScript")} />
        {standing === "pendingVerification" ? (
          <VerificationNotice
            email={email}
            view={view}
            onResend={() => act("account", { type: "RESEND_VERIFICATION" })}
            onCheck={() => act("account", { type: "CHECK_VERIFICATION" })}
          />
        ) : null}
        {/* 'Not verified yet' is the verification notice's to say. */}
        <FormStatus progress={accountMessages.progress} notice={view.noticeKey === "account.verification.notYet" ? undefined : accountMessages.notice} error={accountMessages.error} />

        <section className={styles.section} aria-labelledby="dashboard-events">
          <h2 id="dashboard-events">{t("dashboard.events.title")}</h2>
          <UserEvents future={data.futureEvents} past={data.pastEvents} qrCodes={data.qrCodes} />
          <div className={`${styles.card} ${styles.screenOnly}`}>
            <h3>{t("tickets.claim.title")}</h3>
            <p>{t(standing === "verified" ? "tickets.claim.text" : "tickets.claim.verifyFirst")}</p>
            <PurchaseCodeForm disabled={standing !== "verified"} />
          </div>
        </section>

        <section className={`${styles.section} ${styles.screenOnly}`} aria-labelledby="dashboard-details">
          <h2 id="dashboard-details">{t("dashboard.details.title")}</h2>
          <div className={styles.columns}>
            <div className={styles.card}>
              <dl className={styles.facts}>
                <dt>{t("account.field.name")}</dt>
                <dd>{displayName}</dd>
                <dt>{t("account.field.email")}</dt>
                <dd>{email}</dd>
                <dt>{t("dashboard.details.status")}</dt>
                <dd>{standing === "verified" ? t("dashboard.details.verified") : t("dashboard.details.pending")}</dd>
              </dl>
            </div>
            <div className={styles.card}>
              {standing === "verified" ? (
                restored ? (
                  <ProfileForm
                    view={view}
                    profile={profile}
                    displayName={displayName}
                    locale={locale}
                    messages={messagesOf("details")}
                    onSubmit={(payload) => submit("details", { type: "UPDATE_PROFILE", payload })}
                  />
                ) : (
                  <p className={styles.loading}>{t("dashboard.loading")}</p>
                )
              ) : (
                <p>{t("dashboard.details.locked")}</p>
              )}
            </div>
          </div>
        </section>

        <section className={`${styles.section} ${styles.screenOnly}`} aria-labelledby="dashboard-settings">
          <h2 id="dashboard-settings">{t("dashboard.settings.title")}</h2>
          <div className={styles.columns}>
            <div className={styles.card}>
              <h3>{t("dashboard.language.title")}</h3>
              <LanguageForm
                stored={storedLanguage}
                storable={languageStorable}
                disabled={!restored || view.busy}
                messages={messagesOf("language")}
                onSubmit={changeLanguage}
              />
            </div>
            {standing === "verified" ? (
              <div className={styles.card}>
                <h3>{t("dashboard.password.title")}</h3>
                <PasswordForm
                  view={view}
                  messages={messagesOf("password")}
                  saved={section === "password" && view.noticeKey === ACCOUNT_FEEDBACK.passwordUpdated}
                  onSubmit={(payload) => submit("password", { type: "UPDATE_PASSWORD", payload })}
                />
              </div>
            ) : null}
            <div className={styles.card}>
              <h3>{t("dashboard.data.download")}</h3>
              <p>{t("dashboard.data.text")}</p>
              <p>
                <a href={EXPORT_PATH} download>
                  {t("dashboard.data.download")}
                </a>
              </p>
            </div>
            {standing === "verified" ? (
              <div className={`${styles.card} ${styles.danger}`}>
                <h3>{t("dashboard.delete.title")}</h3>
                <AccountDeletion
                  view={view}
                  messages={messagesOf("deletion")}
                  onDelete={() => act("deletion", { type: "DELETE_ACCOUNT" })}
                  onCancel={() => send({ type: "CANCEL_DELETION" })}
                  onConfirm={() => {
                    setLeaving("deletion");
                    send({ type: "CONFIRM_DELETION" });
                  }}
                />
              </div>
            ) : null}
          </div>
        </section>
      </div>
    </>
  );
}
