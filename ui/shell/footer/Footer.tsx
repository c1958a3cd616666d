import { Suspense } from "react";
import { deferredHydration } from "../../components/deferred-hydration/deferred-hydration";
import { useTranslation } from "../../components/i18n/use-translation";
import { useSiteMenus } from "../navigation/use-site-menus";
import { LanguageSwitcher } from "../language-switcher/LanguageSwitcher";
import { MenuLink } from "../main-navigation/MenuLink";
import { Wordmark } from "../site-header/Wordmark";
import styles from "./Footer.module.css";

// Below the fold on every page: hydrated once its code has arrived.
const NewsletterForm = await deferredHydration(() => import("./FooterNewsletterForm").then((module) => module.FooterNewsletterForm));

/** `newsletter`: the sign-up form, left out on the pages that confirm or end a subscription. */
export function Footer({ newsletter }: { newsletter: boolean }) {
  const { t } = useTranslation();
  const menus = useSiteMenus();
  return (
    <footer className={styles.footer}>
      {newsletter ? (
        <div className="container">
          <section className={styles.newsletter} aria-labelledby="footer-newsletter">
            <div>
              <h2 id="footer-newsletter" className={styles.newsletterTitle}>{t("footer.newsletter.title")}</h2>
              <p className={styles.newsletterLead}>{t("footer.newsletter.lead")}</p>
            </div>
            <Suspense fallback={null}>
              <NewsletterForm />
            </Suspense>
          </section>
        </div>
      ) : null}
      <div className={`container ${styles.grid}`}>
        <section aria-labelledby="footer-visit">
          <Wordmark />
          <p className={styles.tagline}>{t("app.tagline")}</p>
          <h2 id="footer-visit" className={styles.heading}>{t("footer.visit")}</h2>
          <address className={styles.text}>
            {menus.address ? <span className={styles.line}>{menus.address}</span> : null}
            {menus.phone ? <a className={styles.link} href={`tel:${menus.phone.replace(/\s+/g, "")}`}>{menus.phone}</a> : null}
            {menus.email ? <a className={styles.link} href={`mailto:${menus.email}`}>{menus.email}</a> : null}
          </address>
        </section>
        <nav aria-labelledby="footer-explore">
          <h2 id="footer-explore" className={styles.heading}>{t("footer.explore")}</h2>
          <ul className={styles.list}>
            {menus.footer.map((entry) => (
              <li key={entry.label}>
                <MenuLink entry={entry} className={styles.link} />
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-labelledby="footer-legal">
          <h2 id="footer-legal" className={styles.heading}>{t("footer.legal")}</h2>
          <ul className={styles.list}>
            {menus.legal.map((entry) => (
              <li key={entry.label}>
                <MenuLink entry={entry} className={styles.link} />
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className={`container ${styles.bottom}`}>
        <p className={styles.text}>{t("footer.rights", { year: new Date().getFullYear() })}</p>
        {/* Where phones find the languages before the menu can open (and without JavaScript). */}
        <LanguageSwitcher variant="footer" />
      </div>
    </footer>
  );
}
