import { useTranslation } from "../components/i18n/use-translation";
import { EVENT_CATEGORIES, MAX_SEARCH_LENGTH, isEventCategory, type EventCategory } from "../../core";
import { useContentEnvironment, type ContentEnvironment } from "../components/content-link/content-environment";
import { EventGrid } from "../components/event-grid/EventGrid";
import { EmptyState, type EmptyStateContent } from "../components/empty-state/EmptyState";
import { CalendarIcon } from "../components/icons/Icons";
import { EVENT_CATEGORY_KEYS } from "../components/event-card/event-labels";
import { Pagination } from "../components/pagination/Pagination";
import { blockAnchor, innerLevel, useBlockContext } from "./block-context";
import { dataOfKind, type BlockOf, type BlockProps } from "./block-props";
import { BlockSection } from "./block-section";
import styles from "./Events.module.css";

const NO_EVENTS: EmptyStateContent = { kind: "events", title: "emptyState.noEvents.title", text: "emptyState.noEvents.text", Icon: CalendarIcon };
/** A search that found nothing says so, with the words searched for, rather than that there are no events. */
const NO_MATCHING_EVENTS: EmptyStateContent = { kind: "events-search", title: "emptyState.noMatchingEvents.title", text: "emptyState.noMatchingEvents.text", Icon: CalendarIcon };

/**
 * The events listing: search, category filter and pagination kept in the URL
 * (?search=…&category=…&page=N) as a GET form and plain links, so they work without JavaScript.
 */
export function Events({ block, data }: BlockProps<BlockOf<"events">>) {
  const { t } = useTranslation();
  const environment = useContentEnvironment();
  const { headingLevel, isFirst } = useBlockContext();
  const listing = dataOfKind(data, "events");
  const category = listing?.category;
  const offered = (listing?.categories.length ? listing.categories : block.categories?.length ? block.categories : EVENT_CATEGORIES).filter(isEventCategory);
  const anchor = blockAnchor(block._uid);
  const href = (change: { readonly category?: string | undefined; readonly page?: number }) =>
    listingHref(environment, anchor, "category" in change ? change.category : category, change.page);
  const events = listing?.events.items ?? [];
  const search = listing?.search;
  const filtered = Boolean(category) || Boolean(search) || (listing?.events.page ?? 1) > 1;

  return (
    <BlockSection uid={block._uid} title={block.title}>
      <form className={styles.search} role="search" method="get" action={`${environment.localizedPath(environment.logicalPath)}#${anchor}`}>
        <label className={styles.searchLabel} htmlFor={`${anchor}-search`}>
          {t("events.searchLabel")}
        </label>
        <div className={styles.searchRow}>
          <input id={`${anchor}-search`} className={styles.searchInput} type="search" name="search" defaultValue={search ?? ""} maxLength={MAX_SEARCH_LENGTH} autoComplete="off" />
          {category ? <input type="hidden" name="category" value={category} /> : null}
          <button className={styles.searchButton} type="submit">
            {t("events.searchSubmit")}
          </button>
        </div>
      </form>
      {offered.length > 1 ? (
        <nav className={styles.filters} aria-label={t("events.filterLabel")}>
          <ul className={styles.chips}>
            <li>
              <a className={styles.chip} href={href({ category: undefined })} aria-current={category ? undefined : "true"}>
                {t("events.seeAll")}
              </a>
            </li>
            {chipOrder(offered, category).map((slug) => (
              <li key={slug}>
                <a className={styles.chip} href={href({ category: slug })} aria-current={category === slug ? "true" : undefined}>
                  {t(EVENT_CATEGORY_KEYS[slug])}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      {events.length === 0 ? (
        <EmptyState
          content={search ? NO_MATCHING_EVENTS : NO_EVENTS}
          values={search ? { search } : undefined}
          headingLevel={innerLevel(headingLevel)}
          action={filtered ? <a href={`${environment.localizedPath(environment.logicalPath)}#${anchor}`}>{t("events.seeAll")}</a> : undefined}
        />
      ) : (
        <>
          <EventGrid events={events} headingLevel={innerLevel(headingLevel)} priority={isFirst} />
          {listing ? <Pagination page={listing.events.page} pageCount={listing.events.pageCount} hrefFor={(page) => href({ page })} /> : null}
        </>
      )}
    </BlockSection>
  );
}

/**
 * The chosen category right after "See all": on a phone the row scrolls sideways, and a page opened
 * on one of the last categories showed the first ones, no chip chosen to the eye (selected filter
 * chips lead their row, as Material's guidance has them). No script needed, with or without JavaScript.
 */
function chipOrder(offered: readonly EventCategory[], category: string | undefined): readonly EventCategory[] {
  const chosen = offered.find((slug) => slug === category);
  return chosen ? [chosen, ...offered.filter((slug) => slug !== chosen)] : offered;
}

/** This page with the listing's category and page set, every other query parameter kept. */
function listingHref(environment: ContentEnvironment, anchor: string, category: string | undefined, page: number | undefined): string {
  const params = new URLSearchParams(Object.entries(environment.search));
  params.delete("category");
  params.delete("page");
  if (category) params.set("category", category);
  if (page !== undefined && page > 1) params.set("page", String(page));
  const query = params.toString();
  return `${environment.localizedPath(environment.logicalPath)}${query ? `?${query}` : ""}#${anchor}`;
}
