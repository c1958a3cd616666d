import { useTranslation } from "../i18n/use-translation";
import { EVENT_AVAILABILITY_DISPLAY, TIME_FORMAT, isEventCategory, isMultiDayEvent, type EventSummary, type LocaleCode } from "../../../core";
import { useLocaleFormats } from "../i18n/locale-formats-context";
import { ContentImage } from "../content-image/ContentImage";
import { CalendarIcon, ClockIcon, PinIcon } from "../icons/Icons";
import { BuyButton } from "./BuyButton";
import styles from "./EventCard.module.css";
import { EVENT_CATEGORY_KEYS } from "./event-labels";
import { classNames } from "../class-names";

export interface EventCardProps {
  readonly event: EventSummary;
  readonly locale: LocaleCode;
  /** The event page, localised. */
  readonly detailHref: string;
  /** The site's ticket page for the event, localised (used for internal tickets); none on that page itself, which shows no buy button. */
  readonly ticketsHref?: string;
  readonly headingLevel?: 2 | 3 | 4;
  /** How wide the card's picture is shown, per viewport (an `<img sizes>`): the layout it sits in knows. */
  readonly imageSizes: string;
  /** Above the fold: the image loads eagerly. */
  readonly priority?: boolean;
}

/**
 * An event at a glance (SPEC §3/§4): big picture, date and time, venue, the lowest price, the
 * availability and the buy button: to the site's ticket page, to the external seller (new tab),
 * or disabled while sold out or not yet on sale.
 */
export function EventCard({ event, locale, detailHref, ticketsHref, headingLevel = 3, imageSizes, priority = false }: EventCardProps) {
  const { t } = useTranslation();
  const formats = useLocaleFormats();
  const Heading = `h${headingLevel}` as const;
  const from = validDate(event.dateFrom);
  const to = validDate(event.dateTo);
  const multiDay = isMultiDayEvent(event);
  const badge = EVENT_AVAILABILITY_DISPLAY[event.availability].badgeKey;
  const category = isEventCategory(event.category) ? t(EVENT_CATEGORY_KEYS[event.category]) : undefined;
  const inactive = event.availability === "past" || event.availability === "cancelled";

  return (
    <article className={`${styles.card} ${inactive ? styles.inactive : ""}`} data-availability={event.availability}>
      <a href={detailHref} className={styles.media} tabIndex={-1} aria-hidden="true">
        <ContentImage image={event.image} alt="" sizes={imageSizes} priority={priority} className={styles.image} />
        {from ? (
          <span className={styles.dateTile}>
            <span className={styles.day}>{formats.date(from, locale, { day: "numeric" })}</span>
            <span className={styles.month}>{formats.date(from, locale, { month: "short" }).replace(".", "")}</span>
          </span>
        ) : null}
      </a>
      {badge ? <p className={classNames(styles.badge, styles[event.availability])}>{t(badge)}</p> : null}
      <div className={styles.body}>
        {category ? <p className={styles.category}>{category}</p> : null}
        <Heading className={styles.title}>
          <a href={detailHref} className={styles.titleLink}>{event.title}</a>
        </Heading>
        {event.subtitle ? <p className={styles.subtitle}>{event.subtitle}</p> : null}
        <dl className={styles.facts}>
          {from ? (
            <div className={styles.fact}>
              <dt className="visually-hidden">{t("eventCard.date")}</dt>
              <dd>
                <span className={styles.icon}><CalendarIcon /></span>
                {multiDay && to ? (
                  t("eventCard.dateRange", { from: formats.date(from, locale, { dateStyle: "medium" }), to: formats.date(to, locale, { dateStyle: "medium" }) })
                ) : (
                  <time dateTime={event.dateFrom}>{formats.date(from, locale, { weekday: "long", day: "numeric", month: "long", year: "numeric" })}</time>
                )}
              </dd>
            </div>
          ) : null}
          {from && !multiDay ? (
            <div className={styles.fact}>
              <dt className="visually-hidden">{t("eventCard.time")}</dt>
              <dd>
                <span className={styles.icon}><ClockIcon /></span>
                {formats.date(from, locale, TIME_FORMAT)}
                {event.doorsOpenAt ? ` · ${t("event.doorsOpen", { time: formats.date(new Date(event.doorsOpenAt), locale, TIME_FORMAT) })}` : ""}
              </dd>
            </div>
          ) : null}
          {event.location ? (
            <div className={styles.fact}>
              <dt className="visually-hidden">{t("eventCard.location")}</dt>
              <dd>
                <span className={styles.icon}><PinIcon /></span>
                {event.location}
              </dd>
            </div>
          ) : null}
        </dl>
        <div className={styles.footer}>
          {event.priceFrom !== undefined && !inactive ? (
            <p className={styles.price}>
              {event.priceFrom === 0 ? t("eventCard.free") : t("eventCard.priceFrom", { price: formats.price(event.priceFrom, locale) })}
            </p>
          ) : null}
          {ticketsHref ? <BuyButton event={event} ticketsHref={ticketsHref} /> : null}
        </div>
      </div>
    </article>
  );
}

function validDate(value: string | undefined): Date | undefined {
  if (!value) return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

