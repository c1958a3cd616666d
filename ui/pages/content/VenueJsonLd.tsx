import { useTranslation } from "../../components/i18n/use-translation";
import { usePageContext } from "vike-react/usePageContext";
import { JsonLd } from "../../components/structured-data/JsonLd";

/** The venue as schema.org sees it, on the home page. */
export function VenueJsonLd() {
  const { t } = useTranslation();
  const { globalContext } = usePageContext();
  return (
    <JsonLd
      data={{
        "@context": "https://schema.org",
        "@type": "EventVenue",
        name: t("app.name"),
        description: t("page.home.description"),
        url: globalContext.publicConfig.publicOrigin,
        maximumAttendeeCapacity: 20000,
        address: { "@type": "PostalAddress", streetAddress: "Passeig de l'Albereda 40", postalCode: "46023", addressLocality: "València", addressCountry: "ES" },
        geo: { "@type": "GeoCoordinates", latitude: 39.4699, longitude: -0.3563 },
      }}
    />
  );
}
