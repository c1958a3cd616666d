import { useData } from "vike-react/useData";
import { usePageContext } from "vike-react/usePageContext";
import { EVENT_AVAILABILITY_DISPLAY, VENUE, imageUrl, localisePath, type EventContent, type EventSummary } from "../../../core";
import { eventPaths } from "../../components/event-card/event-paths";
import { JsonLd } from "../../components/structured-data/JsonLd";
import type { Data } from "./+data";

/** schema.org Event for search engines' event listings. */
export function EventJsonLd() {
  const { summary, event } = useData<Data>();
  const { locale, globalContext } = usePageContext();
  const { publicOrigin, locale: settings } = globalContext.publicConfig;
  const display = EVENT_AVAILABILITY_DISPLAY[summary.availability];
  const url = `${publicOrigin}${localisePath(eventPaths(summary.slug).detail, locale, settings)}`;
  return (
    <JsonLd
      data={{
        "@context": "https://schema.org",
        "@type": "Event",
        name: summary.title,
        ...(summary.subtitle ? { description: summary.subtitle } : {}),
        startDate: summary.dateFrom,
        ...(summary.dateTo ? { endDate: summary.dateTo } : {}),
        eventStatus: display.eventStatus,
        eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
        ...(summary.image?.filename ? { image: [new URL(imageUrl(summary.image.filename, { width: 1200 }), publicOrigin).href] } : {}),
        url,
        location: {
          "@type": "EventVenue",
          name: summary.location ? `${VENUE.name} — ${summary.location}` : VENUE.name,
          address: { "@type": "PostalAddress", streetAddress: VENUE.streetAddress, postalCode: VENUE.postalCode, addressLocality: VENUE.locality, addressCountry: VENUE.country },
          geo: { "@type": "GeoCoordinates", latitude: VENUE.latitude, longitude: VENUE.longitude },
        },
        ...offersOf(event, summary, display.offerAvailability, url),
      }}
    />
  );
}

const euros = (cents: number) => (cents / 100).toFixed(2);

/**
 * schema.org offers: with ticket types, one AggregateOffer over their prices (valid from the first
 * sale start, when there is one); otherwise one Offer at the CMS's lowest price; none without a price.
 */
function offersOf(event: EventContent, summary: EventSummary, availability: string, url: string) {
  if (summary.priceFrom === undefined) return {};
  const types = event.ticket_types ?? [];
  if (types.length === 0) return { offers: { "@type": "Offer", price: euros(summary.priceFrom), priceCurrency: "EUR", availability, url } };
  const starts = types.flatMap((type) => (type.sale_start ? [type.sale_start] : [])).sort((a, b) => Date.parse(a) - Date.parse(b));
  return {
    offers: {
      "@type": "AggregateOffer",
      lowPrice: euros(summary.priceFrom),
      highPrice: euros(summary.priceTo ?? summary.priceFrom),
      offerCount: types.length,
      priceCurrency: "EUR",
      availability,
      url,
      ...(starts[0] ? { validFrom: starts[0] } : {}),
    },
  };
}
