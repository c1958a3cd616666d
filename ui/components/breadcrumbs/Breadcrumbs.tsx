import { useTranslation } from "../i18n/use-translation";
import styles from "./Breadcrumbs.module.css";

export interface Crumb {
  readonly label: string;
  /** Omitted on the current page. */
  readonly href?: string;
}

/** Where the page sits: links to its ancestors, the last crumb being the page itself. */
export function Breadcrumbs({ items }: { items: readonly Crumb[] }) {
  const { t } = useTranslation();
  if (items.length === 0) return null;
  return (
    <nav aria-label={t("breadcrumbs.label")} className={styles.breadcrumbs}>
      <ol className={styles.list}>
        {items.map((item, index) => {
          const current = index === items.length - 1;
          return (
            <li key={`${index}-${item.label}`} className={styles.item}>
              {current || !item.href ? (
                <span aria-current={current ? "page" : undefined} className={styles.current}>{item.label}</span>
              ) : (
                <a href={item.href} className={styles.link}>{item.label}</a>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
