import { Suspense } from "react";
import type { LocaleFormats } from "../../components/i18n/locale-formats";
import { useLocaleFormats } from "../../components/i18n/locale-formats-context";
import { useTranslation } from "../../components/i18n/use-translation";
import { useData } from "vike-react/useData";
import { usePageContext } from "vike-react/usePageContext";
import { EVENT_AVAILABILITY_DISPLAY, TIME_FORMAT, VENUE, isEmptyRichText, isEventCategory, isMultiDayEvent, venueMapUrl, type EventSummary, type LocaleCode } from "../../../core";
import { Breadcrumbs } from "../../components/breadcrumbs/Breadcrumbs";
import { Carousel } from "../../components/carousel/Carousel";
import { ContentImage } from "../../components/content-image/ContentImage";
import { BuyButton } from "../../components/event-card/BuyButton";
import { EventCard } from "../../components/event-card/EventCard";
import { EVENT_CATEGORY_KEYS } from "../../components/event-card/event-labels";
import { eventPaths } from "../../components/event-card/event-paths";
import { EVENT_GRID_IMAGE_SIZES } from "../../components/event-grid/event-grid-image-sizes";
import { useLocalizedPath } from "../../shell/localized-link/use-localized-path";
import { RichText } from "../../components/rich-text/RichText";
import { sitePage } from "../../shell/navigation/site-pages";
import { usePageHead } from "../use-page-head";
import type { Data } from "./+data";
import { EventJsonLd } from "./EventJsonLd";
import { useLiveAvailability } from "./use-live-availability";
import styles from "./EventPage.module.css";
import { classNames } from "../../components/class-names";

/** SPEC §2 event detail: big image, dates, place, price, availability and the buy button first. */
// A full-width picture: a lower quality is not seen, and weighs a third less.
const HERO_IMAGE_OPTIONS = { format: "webp", quality: 60 } as const;
/**
 * The gallery's pictures: on a phone a slide is 88 % of the column, so the next one peeks in; from
 * 40rem a whole column (the container less its gutters); from 64rem the column beside the 22rem
 * tickets panel, 44rem once the container stops growing at 72rem.
 */
const GALLERY_IMAGE_SIZES = "(min-width: 72rem) 44rem, (min-width: 64rem) calc(100vw - 28rem), (min-width: 40rem) 92vw, calc(88vw - 2rem)";

export default function Page() {
  const { event, summary, related } = useData<Data>();
  const { locale } = usePageContext();
  const { t } = useTranslation();
  const formats = useLocaleFormats();
  const localizedPath = useLocalizedPath();
  const paths = eventPaths(summary.slug);
  usePageHead(summary.title, summary.subtitle ?? t("event.description"));
  const from = new Date(summary.dateFrom);
  const to = summary.dateTo ? new Date(summary.dateTo) : undefined;
  const multiDay = isMultiDayEvent(summary);
  const availability = useLiveAvailability(summary);
  const badge = EVENT_AVAILABILITY_DISPLAY[availability].badgeKey;
  const inactive = summary.availability === "past" || summary.availability === "cancelled";

  return (
    <article className={styles.event}>
      <header className={styles.hero}>
        <ContentImage image={summary.image} alt="" priority sizes="100vw" options={HERO_IMAGE_OPTIONS} className={styles.heroImage} />
        <div className={`container ${styles.heroText}`}>
          <Breadcrumbs
            items={[
              { label: t("nav.home"), href: localizedPath(sitePage("home").path) },
              { label: t("nav.events"), href: localizedPath(sitePage("events").path) },
              { label: summary.title },
            ]}
          />
          {isEventCategory(summary.category) ? <p className={styles.category}>{t(EVENT_CATEGORY_KEYS[summary.category])}</p> : null}
          <h1 className={styles.title}>{summary.title}</h1>
          {summary.subtitle ? <p className={styles.subtitle}>{summary.subtitle}</p> : null}
        </div>
      </header>

      <div className={`container ${styles.layout}`}>
        <aside className={styles.panel} aria-labelledby="event-tickets-heading">
          <h2 id="event-tickets-heading" className={styles.panelTitle}>{t("event.ticketsHeading")}</h2>
          {badge ? <p className={classNames(styles.badge, styles[availability])}>{t(badge)}</p> : null}
          <dl className={styles.facts}>
            <div>
              <dt>{t("eventCard.date")}</dt>
              <dd>
                {multiDay && to
                  ? t("eventCard.dateRange", { from: formats.date(from, locale, { dateStyle: "long" }), to: formats.date(to, locale, { dateStyle: "long" }) })
                  : <time dateTime={summary.dateFrom}>{formats.date(from, locale, { weekday: "long", day: "numeric", month: "long", year: "numeric" })}</time>}
              </dd>
            </div>
            {!multiDay ? (
              <div>
                <dt>{t("eventCard.time")}</dt>
                <dd>
                  {formats.date(from, locale, TIME_FORMAT)}
                  {summary.doorsOpenAt ? ` · ${t("event.doorsOpen", { time: formats.date(new Date(summary.doorsOpenAt), locale, TIME_FORMAT) })}` : ""}
                </dd>
              </div>
            ) : null}
            <div>
              <dt>{t("eventCard.location")}</dt>
              <dd>
                {summary.location ? `${summary.location} · ` : ""}
                {VENUE.name}{" "}
                <a href={venueMapUrl()} target="_blank" rel="noopener noreferrer" className={`${styles.mapLink} opens-new-tab`}>
                  {t("event.map")}
                  <span className="visually-hidden"> {t("link.opensInNewTab")}</span>
                </a>
              </dd>
            </div>
            {summary.priceFrom !== undefined && !inactive ? (
              <div>
                <dt>{t("event.price")}</dt>
                <dd className={styles.price}>{priceText(summary, locale, t, formats)}</dd>
              </div>
            ) : null}
          </dl>
          <BuyButton event={Object.assign({}, summary, { availability })} ticketsHref={localizedPath(paths.tickets)} size="large" />
          {!inactive ? (
            <p className={styles.calendar}>
              <a href={`/api/events/${encodeURIComponent(summary.slug)}/calendar.ics?lang=${locale}`} download={`${summary.slug}.ics`}>
                {t("dashboard.events.addToCalendar")}
              </a>
            </p>
          ) : null}
        </aside>

        {/* Below the fold on a phone: hydrated after the rest, in a task of its own (as each block of a content page). */}
        <Suspense fallback={null}>
          <div className={styles.main}>
            {!isEmptyRichText(event.description) ? (
              <section aria-labelledby="event-about-heading">
                <h2 id="event-about-heading">{t("event.about")}</h2>
                <RichText doc={event.description} />
              </section>
            ) : null}
            {event.artist_hits?.length ? (
              <section aria-labelledby="event-hits-heading">
                <h2 id="event-hits-heading">{t("event.hits")}</h2>
                <ol className={styles.hits}>
                  {event.artist_hits.map((hit) => (
                    <li key={hit}>{hit}</li>
                  ))}
                </ol>
              </section>
            ) : null}
            {event.gallery?.length ? (
              <section aria-labelledby="event-gallery-heading">
                <h2 id="event-gallery-heading">{t("event.gallery")}</h2>
                <Carousel
                  label={t("event.gallery")}
                  slides={event.gallery.map((image, index) => ({
                    key: `${image.id ?? index}-${image.filename ?? ""}`,
                    content: <ContentImage image={image} sizes={GALLERY_IMAGE_SIZES} className={styles.galleryImage} />,
                  }))}
                />
              </section>
            ) : null}
          </div>
        </Suspense>
      </div>

      <Suspense fallback={null}>
        {related.length > 0 ? (
          <section className={`container ${styles.related}`} aria-labelledby="event-related-heading">
            <h2 id="event-related-heading">{t("event.related")}</h2>
            <div className={styles.relatedGrid}>
              {related.map((item) => (
                <EventCard
                  key={item.slug}
                  event={item}
                  locale={locale}
                  detailHref={localizedPath(eventPaths(item.slug).detail)}
                  ticketsHref={localizedPath(eventPaths(item.slug).tickets)}
                  imageSizes={EVENT_GRID_IMAGE_SIZES}
                />
              ))}
            </div>
          </section>
        ) : null}
      </Suspense>
      <EventJsonLd />
    </article>
  );
}

/** One price, a range from the ticket types, "from" the CMS's lowest price, or free. */
function priceText(summary: EventSummary, locale: LocaleCode, t: (key: string, options?: Record<string, string>) => string, formats: LocaleFormats): string {
  const from = summary.priceFrom ?? 0;
  if (summary.priceTo !== undefined && summary.priceTo > from) {
    return t("event.priceRange", { from: from === 0 ? t("eventCard.free") : formats.price(from, locale), to: formats.price(summary.priceTo, locale) });
  }
  if (from === 0) return t("eventCard.free");
  return summary.priceTo !== undefined ? formats.price(from, locale) : t("eventCard.priceFrom", { price: formats.price(from, locale) });
}
