import { useData } from "vike-react/useData";
import { usePageContext } from "vike-react/usePageContext";
import { EVENT_AVAILABILITY_DISPLAY, imageUrl, localisePath } from "../../../core";
import { eventPaths } from "../../components/event-card/event-paths";
import { JsonLd } from "../../components/structured-data/JsonLd";
import type { Data } from "./+data";

/** schema.org Event for search engines' event listings. */
export function EventJsonLd() {
  const { summary } = useData<Data>();
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
          name: summary.location ? `Túria Arena — ${summary.location}` : "Túria Arena",
          address: { "@type": "PostalAddress", streetAddress: "Passeig de l'Albereda 40", postalCode: "46023", addressLocality: "València", addressCountry: "ES" },
        },
        ...(summary.priceFrom !== undefined
          ? { offers: { "@type": "Offer", price: (summary.priceFrom / 100).toFixed(2), priceCurrency: "EUR", availability: display.offerAvailability, url } }
          : {}),
      }}
    />
  );
}
