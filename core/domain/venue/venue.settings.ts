import { VENUE_TIME_ZONE } from "./venue-time-zone.settings";

/** The arena itself: where every event is (JSON-LD, calendar files, the map link). */
export const VENUE = {
  name: "Túria Arena",
  streetAddress: "Passeig de l'Albereda 40",
  postalCode: "46023",
  locality: "València",
  country: "ES",
  timeZone: VENUE_TIME_ZONE,
  latitude: 39.4707,
  longitude: -0.3626,
} as const;

/** The venue on OpenStreetMap, for a "how to get there" link. */
export function venueMapUrl(): string {
  return `https://www.openstreetmap.org/?mlat=${VENUE.latitude}&mlon=${VENUE.longitude}#map=17/${VENUE.latitude}/${VENUE.longitude}`;
}
