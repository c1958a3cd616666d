import { useTranslation } from "../i18n/use-translation";
import styles from "./Pagination.module.css";

export interface PaginationProps {
  readonly page: number;
  readonly pageCount: number;
  /** The URL of a page (plain links: pagination works without JavaScript). */
  readonly hrefFor: (page: number) => string;
}

/** Pages 1…n as links, with previous and next; the current page is marked for screen readers. */
export function Pagination({ page, pageCount, hrefFor }: PaginationProps) {
  const { t } = useTranslation();
  if (pageCount <= 1) return null;
  const current = Math.min(Math.max(1, page), pageCount);
  return (
    <nav className={styles.pagination} aria-label={t("pagination.label")}>
      <ul className={styles.list}>
        <li>
          {current > 1 ? (
            <a className={styles.link} href={hrefFor(current - 1)} rel="prev">
              <span aria-hidden="true">←</span>
              <span className={styles.stepLabel}>{t("pagination.previous")}</span>
            </a>
          ) : (
            <span className={`${styles.link} ${styles.disabled}`} aria-disabled="true">
              <span aria-hidden="true">←</span>
              <span className={styles.stepLabel}>{t("pagination.previous")}</span>
            </span>
          )}
        </li>
        {pageWindow(current, pageCount).map((item, index) =>
          item === "gap" ? (
            <li key={`gap-${index}`} className={styles.gap} aria-hidden="true">…</li>
          ) : (
            <li key={item}>
              <a
                className={styles.link}
                href={hrefFor(item)}
                aria-current={item === current ? "page" : undefined}
                aria-label={t("pagination.page", { page: item })}
              >
                {item}
              </a>
            </li>
          ),
        )}
        <li>
          {current < pageCount ? (
            <a className={styles.link} href={hrefFor(current + 1)} rel="next">
              <span className={styles.stepLabel}>{t("pagination.next")}</span>
              <span aria-hidden="true">→</span>
            </a>
          ) : (
            <span className={`${styles.link} ${styles.disabled}`} aria-disabled="true">
              <span className={styles.stepLabel}>{t("pagination.next")}</span>
              <span aria-hidden="true">→</span>
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
}

/** The first, the last and the current page with its neighbours; gaps in between. */
export function pageWindow(current: number, pageCount: number): (number | "gap")[] {
  const pages = new Set([1, pageCount, current - 1, current, current + 1].filter((page) => page >= 1 && page <= pageCount));
  const sorted = [...pages].sort((a, b) => a - b);
  const out: (number | "gap")[] = [];
  for (const page of sorted) {
    const previous = out[out.length - 1];
    if (typeof previous === "number" && page - previous === 2) out.push(previous + 1);
    else if (typeof previous === "number" && page - previous > 2) out.push("gap");
    out.push(page);
  }
  return out;
}
