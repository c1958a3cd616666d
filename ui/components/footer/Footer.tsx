import { useTranslation } from "react-i18next";
import { LEGAL_NAVIGATION, MAIN_NAVIGATION, sitePage } from "../../navigation/site-pages";
import { NavLink } from "../main-navigation/NavLink";
import { Wordmark } from "../site-header/Wordmark";
import styles from "./Footer.module.css";

export function Footer() {
  const { t } = useTranslation();
  return (
    <footer className={styles.footer}>
      <div className={`container ${styles.grid}`}>
        <section aria-labelledby="footer-visit">
          <Wordmark />
          <h2 id="footer-visit" className={styles.heading}>{t("footer.visit")}</h2>
          <p className={styles.text}>{t("footer.address")}</p>
        </section>
        <nav aria-labelledby="footer-explore">
          <h2 id="footer-explore" className={styles.heading}>{t("footer.explore")}</h2>
          <ul className={styles.list}>
            {[...MAIN_NAVIGATION, "faq" as const].map((id) => (
              <li key={id}>
                <NavLink path={sitePage(id).path} className={styles.link}>{t(sitePage(id).navKey)}</NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-labelledby="footer-legal">
          <h2 id="footer-legal" className={styles.heading}>{t("footer.legal")}</h2>
          <ul className={styles.list}>
            {LEGAL_NAVIGATION.map((id) => (
              <li key={id}>
                <NavLink path={sitePage(id).path} className={styles.link}>{t(sitePage(id).navKey)}</NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className={`container ${styles.bottom}`}>
        <p className={styles.text}>{t("footer.rights", { year: new Date().getFullYear() })}</p>
      </div>
    </footer>
  );
}
