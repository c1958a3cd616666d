import { useState } from "react";
import { useTranslation } from "../../components/i18n/use-translation";
import { useLocalizedPath } from "../localized-link/use-localized-path";
import { LanguageSwitcher } from "../language-switcher/LanguageSwitcher";
import { MainNavigation } from "../main-navigation/MainNavigation";
import { SidebarNavigation } from "../sidebar-navigation/SidebarNavigation";
import { routes } from "../../../core";
import { sitePage } from "../navigation/site-pages";
import { Wordmark } from "./Wordmark";
import styles from "./SiteHeader.module.css";

export function SiteHeader() {
  const { t } = useTranslation();
  const localizedPath = useLocalizedPath();
  const [menuOpen, setMenuOpen] = useState(false);
  return (
    <header className={styles.header}>
      <div className={`container ${styles.bar}`}>
        <a className={styles.brand} href={localizedPath(sitePage("home").path)} aria-label={t("app.homeLink")}>
          <Wordmark />
        </a>
        <MainNavigation />
        <div className={styles.actions}>
          <div className={styles.wideOnly}>
            <LanguageSwitcher />
          </div>
          {/* The same link for everyone: shared cached pages cannot say who is signed in, and
              content pages must not load the identity provider to find out. The dashboard's guard
              sends anonymous visitors to sign in and back. An account menu in its place needs a
              session signal the browser can read without the provider (left open, issue 8 item 6). */}
          <a className={styles.account} href={localizedPath(routes.dashboard.path())}>
            <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
              <circle cx="12" cy="8" r="4" />
              <path d="M4 21c0-4 4-6 8-6s8 2 8 6" />
            </svg>
            <span className={styles.accountLabel}>{t("nav.dashboard")}</span>
          </a>
          <button
            type="button"
            className={styles.menuButton}
            aria-haspopup="dialog"
            aria-expanded={menuOpen}
            onClick={() => setMenuOpen(true)}
          >
            <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
              <path d="M3 6h18M3 12h18M3 18h18" />
            </svg>
            <span>{t("nav.openMenu")}</span>
          </button>
        </div>
      </div>
      <SidebarNavigation open={menuOpen} onClose={() => setMenuOpen(false)} />
    </header>
  );
}
