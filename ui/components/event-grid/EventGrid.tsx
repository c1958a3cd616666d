import type { EventSummary } from "../../../core";
import { useContentEnvironment } from "../content-link/content-environment";
import { EventCard } from "../event-card/EventCard";
import { eventPaths } from "../event-card/event-paths";
import { EVENT_GRID_IMAGE_SIZES } from "./event-grid-image-sizes";
import styles from "./EventGrid.module.css";

/** Event cards in a responsive grid; the first image loads eagerly when the grid opens the page. */
export function EventGrid({ events, headingLevel, priority }: { events: readonly EventSummary[]; headingLevel: 2 | 3 | 4; priority: boolean }) {
  const environment = useContentEnvironment();
  return (
    <ul className={styles.grid}>
      {events.map((event, index) => (
        <li key={event.slug}>
          <EventCard
            event={event}
            locale={environment.locale}
            detailHref={environment.localizedPath(eventPaths(event.slug).detail)}
            ticketsHref={environment.localizedPath(eventPaths(event.slug).tickets)}
            headingLevel={headingLevel}
            imageSizes={EVENT_GRID_IMAGE_SIZES}
            priority={priority && index === 0}
          />
        </li>
      ))}
    </ul>
  );
}
