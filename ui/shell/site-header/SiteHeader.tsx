import { lazy, Suspense, useEffect, useState } from "react";
import { usePageContext } from "vike-react/usePageContext";
import { useTranslation } from "../../components/i18n/use-translation";
import { useLocalizedPath } from "../localized-link/use-localized-path";
import { LanguageSwitcher } from "../language-switcher/LanguageSwitcher";
import { MainNavigation } from "../main-navigation/MainNavigation";
import { pageStateQuery, routes } from "../../../core";
import { sitePage } from "../navigation/site-pages";
import { useSignedInHint } from "./use-signed-in-hint";
import { Wordmark } from "./Wordmark";
import styles from "./SiteHeader.module.css";

// The phone menu's code comes once the page is interactive, and its dialog the first time it opens.
const loadSidebar = () => import("../sidebar-navigation/SidebarNavigation").then((module) => ({ default: module.SidebarNavigation }));
const SidebarNavigation = lazy(loadSidebar);

export function SiteHeader() {
  const { t } = useTranslation();
  const localizedPath = useLocalizedPath();
  const { logicalPath, urlParsed } = usePageContext();
  const signedIn = useSignedInHint();
  const signInPath = routes.login.path();
  // Back to this page after signing in, with its page state only (a shared page links nothing else
  // of its request); the sign-in page itself goes on to the dashboard.
  const returnTo = logicalPath === signInPath ? undefined : `${localizedPath(logicalPath)}${pageStateQuery(urlParsed.search)}`;
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuUsed, setMenuUsed] = useState(false);
  useEffect(() => {
    void loadSidebar();
  }, []);
  const menuContent = (
    <>
      <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
        <path d="M3 6h18M3 12h18M3 18h18" />
      </svg>
      <span className={styles.menuLabel}>{t("nav.openMenu")}</span>
    </>
  );
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
          {/* Shared pages are the same bytes for everyone: the browser says who is signed in (see useSignedInHint). */}
          <a
            className={signedIn ? `${styles.account} ${styles.signedIn}` : styles.account}
            href={signedIn ? localizedPath(routes.dashboard.path()) : localizedPath(routes.login.path({ returnTo }))}
          >
            <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24" fill={signedIn ? "currentColor" : "none"} stroke="currentColor" strokeWidth="2">
              <circle cx="12" cy="8" r="4" />
              <path d="M4 21c0-4 4-6 8-6s8 2 8 6" />
            </svg>
            <span className={styles.accountLabel}>{signedIn ? t("nav.dashboard") : t("nav.login")}</span>
          </a>
          {/* Until the page is interactive, and without JavaScript, the menu is the footer's list of sections. */}
          <a className={`${styles.menuButton} ${styles.menuBeforeHydration}`} href="#footer-explore">
            {menuContent}
          </a>
          <button
            type="button"
            className={`${styles.menuButton} ${styles.menuAfterHydration}`}
            aria-haspopup="dialog"
            aria-expanded={menuOpen}
            onClick={() => {
              setMenuUsed(true);
              setMenuOpen(true);
            }}
          >
            {menuContent}
          </button>
        </div>
      </div>
      {menuUsed ? (
        <Suspense fallback={null}>
          <SidebarNavigation open={menuOpen} onClose={() => setMenuOpen(false)} />
        </Suspense>
      ) : null}
    </header>
  );
}
