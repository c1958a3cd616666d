import type { EventCategory } from "../../../core";

/** The i18n key of each event category, written out so the message test finds every key. */
export const EVENT_CATEGORY_KEYS: Readonly<Record<EventCategory, string>> = {
  concert: "eventCategory.concert",
  sport: "eventCategory.sport",
  family: "eventCategory.family",
  show: "eventCategory.show",
  comedy: "eventCategory.comedy",
  festival: "eventCategory.festival",
};
