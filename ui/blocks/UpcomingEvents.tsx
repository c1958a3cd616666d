import { useTranslation } from "../components/i18n/use-translation";
import { ContentLink } from "../components/content-link/ContentLink";
import { EventGrid } from "../components/event-grid/EventGrid";
import { EmptyState, type EmptyStateContent } from "../components/empty-state/EmptyState";
import { CalendarIcon } from "../components/icons/Icons";
import { innerLevel, useBlockContext } from "./block-context";
import { dataOfKind, type BlockOf, type BlockProps } from "./block-props";
import { BlockSection } from "./block-section";

const NO_FUTURE_EVENTS: EmptyStateContent = { kind: "futureEvents", title: "emptyState.noFutureEvents.title", text: "emptyState.noFutureEvents.text", Icon: CalendarIcon };

/** The next events (the server picks them, limit and category applied), with a "see all" link. */
export function UpcomingEvents({ block, data }: BlockProps<BlockOf<"upcoming_events">>) {
  const { t } = useTranslation();
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
        <EmptyState content={NO_FUTURE_EVENTS} headingLevel={innerLevel(headingLevel)} action={seeAll} />
      ) : (
        <EventGrid events={events} headingLevel={innerLevel(headingLevel)} priority={isFirst} />
      )}
    </BlockSection>
  );
}
