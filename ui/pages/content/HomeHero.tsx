import { useTranslation } from "react-i18next";
import { Button } from "../../components/button/Button";
import { useLocalizedPath } from "../../components/localized-link/use-localized-path";
import { sitePage } from "../../navigation/site-pages";
import styles from "./HomeHero.module.css";

export function HomeHero() {
  const { t } = useTranslation();
  const localizedPath = useLocalizedPath();
  return (
    <section className={styles.hero} aria-labelledby="home-hero-title">
      <div className={`container ${styles.inner}`}>
        <p className={styles.kicker}>{t("app.tagline")}</p>
        <h1 id="home-hero-title" className={styles.title}>{t("page.home.heroTitle")}</h1>
        <p className={styles.lead}>{t("page.home.heroLead")}</p>
        <Button text={t("page.home.heroCta")} size="large" href={localizedPath(sitePage("events").path)} rightIcon="→" />
      </div>
    </section>
  );
}
