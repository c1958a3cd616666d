import { useTranslation } from "../../components/i18n/use-translation";
import { useSiteMenus } from "../navigation/use-site-menus";
import styles from "./MainNavigation.module.css";
import { MenuLink } from "./MenuLink";

/** The header's navigation on wide screens. */
export function MainNavigation() {
  const { t } = useTranslation();
  const { main } = useSiteMenus();
  return (
    <nav className={styles.nav} aria-label={t("nav.main")}>
      <ul className={styles.list}>
        {main.map((entry) => (
          <li key={entry.label}>
            <MenuLink entry={entry} className={styles.link} />
          </li>
        ))}
      </ul>
    </nav>
  );
}
