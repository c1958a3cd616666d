import { useTranslation } from "react-i18next";
import type { EventSummary } from "../../../../core";
import { useLocalizedPath } from "../../../shell/localized-link/use-localized-path";
import { sitePage } from "../../../shell/navigation/site-pages";
import { EmptyState } from "../../../components/empty-state/EmptyState";
import { EventGrid } from "../../../components/event-grid/EventGrid";
import styles from "./Dashboard.module.css";

/** SPEC §2, §4: the user's events, future and past, each with its empty state. */
export function UserEvents({ future, past }: { readonly future: readonly EventSummary[]; readonly past: readonly EventSummary[] }) {
  const { t } = useTranslation();
  const localizedPath = useLocalizedPath();
  const eventsHref = localizedPath(sitePage("events").path);
  return (
    <div className={styles.columns}>
      <div className={styles.card}>
        <h3>{t("dashboard.events.future")}</h3>
        {future.length ? <EventGrid events={future} headingLevel={4} priority={false} /> : <EmptyState kind="yourFutureEvents" headingLevel={4} action={<a href={eventsHref}>{t("dashboard.events.seeWhatsOn")}</a>} />}
      </div>
      <div className={styles.card}>
        <h3>{t("dashboard.events.past")}</h3>
        {past.length ? <EventGrid events={past} headingLevel={4} priority={false} /> : <EmptyState kind="yourPastEvents" headingLevel={4} />}
      </div>
    </div>
  );
}
