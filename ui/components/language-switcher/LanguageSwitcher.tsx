import { useActorRef, useSelector } from "@xstate/react";
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { usePageContext } from "vike-react/usePageContext";
import { navigate } from "vike/client/router";
import { fromPromise } from "xstate";
import { browserServices } from "../../../composition/browser";
import { LOCALE_CODES, LOCALES, localeMachine, localeView, type LocaleCode } from "../../../core";
import { useLocalizedPath } from "../localized-link/use-localized-path";
import styles from "./LanguageSwitcher.module.css";

/**
 * Links to the current page in each language. Without JavaScript they are plain links; with it,
 * the locale machine loads the texts, stores the choice in the cookie and then navigates.
 */
export function LanguageSwitcher({ variant = "inline" }: { variant?: "inline" | "stacked" }) {
  const pageContext = usePageContext();
  const { t } = useTranslation();
  const localizedPath = useLocalizedPath();
  const search = pageContext.urlParsed.searchOriginal ?? "";
  const hrefFor = (locale: LocaleCode) => `${localizedPath(pageContext.logicalPath, locale)}${search}`;
  const hrefForRef = useRef(hrefFor);
  hrefForRef.current = hrefFor;

  const actor = useActorRef(
    localeMachine.provide({
      actors: { loadMessages: fromPromise(({ input }) => browserServices().messages.load(input.locale)) },
      actions: {
        persistLocale: (_, { locale }) => browserServices().persistLocale(locale),
        redirectToLocale: (_, { locale }) => void navigate(hrefForRef.current(locale)),
        reportLoadFailure: (_, { locale, error }) => console.error("Failed locale loading", locale, error),
      },
    }),
    {
      input: {
        urlLocale: pageContext.locale,
        signals: { cookie: undefined, acceptLanguage: undefined, fallback: pageContext.globalContext.publicConfig.locale.fallbackLocale },
      },
    },
  );
  const view = useSelector(actor, localeView);

  return (
    <div className={`${styles.switcher} ${styles[variant]}`}>
      <span className="visually-hidden" id={`language-label-${variant}`}>
        {t("locale.label")}
      </span>
      <ul className={styles.list} aria-labelledby={`language-label-${variant}`} aria-busy={view.switching || undefined}>
        {LOCALE_CODES.map((code) => {
          const current = code === pageContext.locale;
          return (
            <li key={code}>
              <a
                className={styles.link}
                href={hrefFor(code)}
                hrefLang={LOCALES[code].language}
                lang={LOCALES[code].language}
                aria-current={current ? "true" : undefined}
                data-locale={code}
                onClick={(event) => {
                  if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
                  event.preventDefault();
                  if (!current && !view.switching) actor.send({ type: "CHANGE", locale: code });
                }}
              >
                <span aria-hidden="true">{code.toUpperCase()}</span>
                <span className="visually-hidden">{LOCALES[code].name}</span>
              </a>
            </li>
          );
        })}
      </ul>
      <p className={styles.status} role="status">
        {view.switching ? t("locale.switching") : view.failed ? t("locale.failed") : ""}
      </p>
    </div>
  );
}
