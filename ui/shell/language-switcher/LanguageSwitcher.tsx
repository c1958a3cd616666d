import { useTranslation } from "../../components/i18n/use-translation";
import { usePageContext } from "vike-react/usePageContext";
import { LOCALE_CODES, LOCALES, languageSwitchQuery, type LocaleCode } from "../../../core";
import { useLocalizedPath } from "../localized-link/use-localized-path";
import styles from "./LanguageSwitcher.module.css";
import { useLocaleSwitch } from "./use-locale-switch";
import { classNames } from "../../components/class-names";

/**
 * Links to the current page in each language. Without JavaScript they are plain links; with it,
 * the locale machine loads the texts, stores the choice in the cookie and then navigates.
 */
export function LanguageSwitcher({ variant = "inline" }: { variant?: "inline" | "stacked" | "footer" }) {
  const pageContext = usePageContext();
  const { t } = useTranslation();
  const localizedPath = useLocalizedPath();
  // Only what changes the page: anything else a visitor sent must not reach a shared page.
  const search = languageSwitchQuery(pageContext.logicalPath, pageContext.urlParsed.search);
  const hrefFor = (locale: LocaleCode) => `${localizedPath(pageContext.logicalPath, locale)}${search}`;
  const { view, change } = useLocaleSwitch(pageContext.locale, pageContext.globalContext.publicConfig.locale.fallbackLocale, hrefFor);

  return (
    <div className={classNames(styles.switcher, styles[variant])}>
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
                // Vike's router would follow the link at once; the locale machine navigates once the choice is stored.
                data-vike="false"
                onClick={(event) => {
                  if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
                  event.preventDefault();
                  if (!current && !view.switching) change(code);
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
