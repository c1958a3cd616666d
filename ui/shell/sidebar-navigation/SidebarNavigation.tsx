import { useEffect, useRef } from "react";
import { useTranslation } from "../../components/i18n/use-translation";
import { usePageContext } from "vike-react/usePageContext";
import { useSiteMenus } from "../navigation/use-site-menus";
import { LanguageSwitcher } from "../language-switcher/LanguageSwitcher";
import { MenuLink } from "../main-navigation/MenuLink";
import { NavLink } from "../main-navigation/NavLink";
import styles from "./SidebarNavigation.module.css";

/**
 * The menu on small screens: a modal dialog (the browser traps focus and closes it on Escape),
 * closed again whenever the page changes.
 */
export function SidebarNavigation({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);
  const { urlPathname } = usePageContext();
  const { main } = useSiteMenus();

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  // Navigating closes the sidebar (not its first showing: it mounts when first opened); the latest
  // onClose is read, so only a new path triggers it.
  const closeOnNavigation = useRef(onClose);
  closeOnNavigation.current = onClose;
  const shownPath = useRef(urlPathname);
  useEffect(() => {
    if (shownPath.current === urlPathname) return;
    shownPath.current = urlPathname;
    closeOnNavigation.current();
  }, [urlPathname]);

  return (
    <dialog
      ref={dialog}
      className={styles.sidebar}
      aria-label={t("nav.sidebar")}
      onClose={onClose}
      onClick={(event) => {
        if (event.target === dialog.current) onClose(); // a click on the backdrop
      }}
    >
      {/* The menu opens only with JavaScript: its contents are rendered when it opens. */}
      {open ? (
      <div className={styles.panel}>
        <button type="button" className={styles.close} onClick={onClose}>
          <span aria-hidden="true">×</span>
          <span className="visually-hidden">{t("nav.closeMenu")}</span>
        </button>
        <nav aria-label={t("nav.sidebar")}>
          <ul className={styles.list}>
            <li>
              <NavLink path="/" className={styles.link}>
                {t("nav.home")}
              </NavLink>
            </li>
            {main.map((entry) => (
              <li key={entry.label}>
                <MenuLink entry={entry} className={styles.link} />
              </li>
            ))}
          </ul>
        </nav>
        <LanguageSwitcher variant="stacked" />
      </div>
      ) : null}
    </dialog>
  );
}
