/**
 * The venue's time zone (IANA), on its own: every date the site shows is on the venue's clock, so
 * the page formats in every browser need it, and not the rest of the venue's details.
 */
export const VENUE_TIME_ZONE = "Europe/Madrid";
