import { useTranslation } from "../components/i18n/use-translation";
import { ContentLink } from "../components/content-link/ContentLink";
import { EventGrid } from "../components/event-grid/EventGrid";
import { EmptyState } from "../components/empty-state/EmptyState";
import { innerLevel, useBlockContext } from "./block-context";
import { dataOfKind, type BlockOf, type BlockProps } from "./block-props";
import { BlockSection } from "./block-section";

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
        <EmptyState kind="futureEvents" headingLevel={innerLevel(headingLevel)} action={seeAll} />
      ) : (
        <EventGrid events={events} headingLevel={innerLevel(headingLevel)} priority={isFirst} />
      )}
    </BlockSection>
  );
}
