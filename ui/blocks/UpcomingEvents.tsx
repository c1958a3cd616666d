import { useTranslation } from "react-i18next";
import { useContentEnvironment } from "../components/content-link/content-environment";
import { ContentLink } from "../components/content-link/ContentLink";
import { EmptyState } from "../components/empty-state/EmptyState";
import { EventCard } from "../components/event-card/EventCard";
import { eventPaths } from "../components/event-card/event-paths";
import { innerLevel, useBlockContext } from "./block-context";
import { dataOfKind, type BlockOf, type BlockProps } from "./block-props";
import { BlockSection } from "./block-section";
import styles from "./Events.module.css";

/** The next events (the server picks them, limit and category applied), with a "see all" link. */
export function UpcomingEvents({ block, data }: BlockProps<BlockOf<"upcoming_events">>) {
  const { t } = useTranslation();
  const environment = useContentEnvironment();
  const { headingLevel, isFirst } = useBlockContext();
  const events = dataOfKind(data, "upcoming-events")?.events ?? [];
  const seeAll = block.see_all_link ? (
    <ContentLink link={block.see_all_link} appearance="button-secondary">
      {t("events.seeAllEvents")}
    </ContentLink>
  ) : undefined;

  return (
    <BlockSection uid={block._uid} title={block.title} action={events.length ? seeAll : undefined}>
      {events.length === 0 ? (
        <EmptyState kind="futureEvents" headingLevel={innerLevel(headingLevel)} action={seeAll} />
      ) : (
        <ul className={styles.grid}>
          {events.map((event, index) => (
            <li key={event.slug}>
              <EventCard
                event={event}
                locale={environment.locale}
                detailHref={environment.localizedPath(eventPaths(event.slug).detail)}
                ticketsHref={environment.localizedPath(eventPaths(event.slug).tickets)}
                headingLevel={innerLevel(headingLevel)}
                priority={isFirst && index === 0}
              />
            </li>
          ))}
        </ul>
      )}
    </BlockSection>
  );
}
