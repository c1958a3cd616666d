import { useTranslation } from "react-i18next";
import { MAIN_NAVIGATION, sitePage } from "../../navigation/site-pages";
import styles from "./MainNavigation.module.css";
import { NavLink } from "./NavLink";

/** The header's navigation on wide screens. */
export function MainNavigation() {
  const { t } = useTranslation();
  return (
    <nav className={styles.nav} aria-label={t("nav.main")}>
      <ul className={styles.list}>
        {MAIN_NAVIGATION.map((id) => {
          const page = sitePage(id);
          return (
            <li key={id}>
              <NavLink path={page.path} className={styles.link}>
                {t(page.navKey)}
              </NavLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
