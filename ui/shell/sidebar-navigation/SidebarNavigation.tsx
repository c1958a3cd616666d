import { useEffect, useRef, type KeyboardEvent } from "react";
import { useTranslation } from "../../components/i18n/use-translation";
import { usePageContext } from "vike-react/usePageContext";
import { useSiteMenus } from "../navigation/use-site-menus";
import { LanguageSwitcher } from "../language-switcher/LanguageSwitcher";
import { MenuLink } from "../main-navigation/MenuLink";
import { NavLink } from "../main-navigation/NavLink";
import styles from "./SidebarNavigation.module.css";

/**
 * The menu on small screens: a modal dialog (the browser makes the page behind it inert and closes
 * it on Escape), closed again whenever the page changes. Tab wraps inside it, as WAI-ARIA's dialog
 * pattern asks: the browser's own dialog lets Tab past its last link leave the page.
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
      onKeyDown={keepFocusInside}
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

/** Tab from the last focusable element goes to the first, Shift+Tab from the first to the last. */
function keepFocusInside(event: KeyboardEvent<HTMLDialogElement>) {
  if (event.key !== "Tab") return;
  const focusable = [...event.currentTarget.querySelectorAll<HTMLElement>("a[href], button:not(:disabled)")];
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  const active = document.activeElement;
  const wrapTo = event.shiftKey ? (active === first || active === event.currentTarget ? last : undefined) : active === last ? first : undefined;
  if (!wrapTo) return;
  event.preventDefault();
  wrapTo.focus();
}
