import { useTranslation } from "../../../components/i18n/use-translation";
import type { UserEvent } from "../../../../core";
import { EmptyState, type EmptyStateContent } from "../../../components/empty-state/EmptyState";
import { CalendarIcon, ClockIcon } from "../../../components/icons/Icons";
import { useLocalizedPath } from "../../../shell/localized-link/use-localized-path";
import { sitePage } from "../../../shell/navigation/site-pages";
import styles from "./Dashboard.module.css";
import { UserEventCard } from "./UserEventCard";

const NO_FUTURE_EVENTS_OF_YOURS: EmptyStateContent = { kind: "yourFutureEvents", title: "emptyState.yourFutureEvents.title", text: "emptyState.yourFutureEvents.text", Icon: CalendarIcon };
const NO_PAST_EVENTS_OF_YOURS: EmptyStateContent = { kind: "yourPastEvents", title: "emptyState.yourPastEvents.title", text: "emptyState.yourPastEvents.text", Icon: ClockIcon };

/** SPEC §2, §4: the user's events from their orders, future and past, each list with its empty state. */
export interface UserEventsProps {
  readonly future: readonly UserEvent[];
  readonly past: readonly UserEvent[];
  /** What each ticket's QR code holds, by ticket id. */
  readonly qrCodes: Readonly<Record<string, string>>;
}

export function UserEvents({ future, past, qrCodes }: UserEventsProps) {
  const { t } = useTranslation();
  const localizedPath = useLocalizedPath();
  const eventsHref = localizedPath(sitePage("events").path);
  return (
    <div className={styles.userEvents}>
      <section className={styles.card} aria-labelledby="your-future-events">
        <h3 id="your-future-events">{t("dashboard.events.future")}</h3>
        {future.length ? (
          <ul className={styles.eventList}>
            {future.map((event) => (
              <li key={event.eventId}>
                <UserEventCard event={event} upcoming qrCodes={qrCodes} />
              </li>
            ))}
          </ul>
        ) : (
          <EmptyState content={NO_FUTURE_EVENTS_OF_YOURS} headingLevel={4} action={<a href={eventsHref}>{t("dashboard.events.seeWhatsOn")}</a>} />
        )}
      </section>
      <section className={styles.card} aria-labelledby="your-past-events">
        <h3 id="your-past-events">{t("dashboard.events.past")}</h3>
        {past.length ? (
          <ul className={styles.eventList}>
            {past.map((event) => (
              <li key={event.eventId}>
                <UserEventCard event={event} upcoming={false} qrCodes={qrCodes} />
              </li>
            ))}
          </ul>
        ) : (
          <EmptyState content={NO_PAST_EVENTS_OF_YOURS} headingLevel={4} />
        )}
      </section>
    </div>
  );
}
