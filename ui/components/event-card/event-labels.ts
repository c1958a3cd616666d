import type { EventAvailability, EventCategory } from "../../../core";

/** The i18n key of each event category, written out so the message test finds every key. */
export const EVENT_CATEGORY_KEYS: Readonly<Record<EventCategory, string>> = {
  concert: "eventCategory.concert",
  sport: "eventCategory.sport",
  family: "eventCategory.family",
  show: "eventCategory.show",
  comedy: "eventCategory.comedy",
  festival: "eventCategory.festival",
};

/** The badge an event's availability shows; events on sale through the site need none. */
export const AVAILABILITY_KEYS: Readonly<Record<EventAvailability, string | undefined>> = {
  "sold-out": "eventCard.soldOut",
  "coming-soon": "eventCard.comingSoon",
  "external-tickets": "eventCard.externalTickets",
  cancelled: "eventCard.cancelled",
  past: "eventCard.past",
  "internal-tickets": undefined,
};
