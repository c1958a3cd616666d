import { Schema } from "effect";
import { Asset } from "./asset.schema";
import { Multilink } from "./link.schema";
import { EVENT_CATEGORIES } from "./event-category.ops";
import { RichText } from "./rich-text.schema";

/** The story content types besides `page`: the things the listing blocks list. */
const Text = Schema.optionalKey(Schema.String);
const content = <C extends string>(component: C) => ({ component: Schema.Literal(component), _uid: Schema.String });


/** SPEC §3 event display and §4 event states. Dates are ISO 8601 with offset. */
export const EventContent = Schema.Struct({
  ...content("event"),
  title: Text,
  subtitle: Text,
  category: Schema.optionalKey(Schema.Literals(EVENT_CATEGORIES)),
  image: Schema.optionalKey(Asset),
  gallery: Schema.optionalKey(Schema.Array(Asset)),
  date_from: Schema.String,
  date_to: Text,
  doors_open: Text,
  location: Text,
  status: Schema.optionalKey(Schema.Literals(["on_sale", "sold_out", "coming_soon", "cancelled"])),
  ticketing: Schema.optionalKey(Schema.Literals(["internal", "external"])),
  external_tickets: Schema.optionalKey(Multilink),
  /** Lowest price in euro cents. */
  price_from: Schema.optionalKey(Schema.Union([Schema.Int, Schema.NumberFromString])),
  description: Schema.optionalKey(RichText),
  artist_hits: Schema.optionalKey(Schema.Array(Schema.String)),
  /** Story uuids, resolved through resolve_relations. */
  related_events: Schema.optionalKey(Schema.Array(Schema.Unknown)),
});
export type EventContent = typeof EventContent.Type;

export const RestaurantContent = Schema.Struct({
  ...content("restaurant"),
  name: Text,
  cuisine: Text,
  image: Schema.optionalKey(Asset),
  gallery: Schema.optionalKey(Schema.Array(Asset)),
  opening_hours: Text,
  location: Text,
  description: Schema.optionalKey(RichText),
  reservation: Schema.optionalKey(Multilink),
});
export type RestaurantContent = typeof RestaurantContent.Type;

export const JobOfferContent = Schema.Struct({
  ...content("job_offer"),
  title: Text,
  department: Text,
  location: Text,
  contract: Text,
  closing_date: Text,
  description: Schema.optionalKey(RichText),
  apply: Schema.optionalKey(Multilink),
});
export type JobOfferContent = typeof JobOfferContent.Type;

export const SponsorContent = Schema.Struct({
  ...content("sponsor"),
  name: Text,
  tier: Schema.optionalKey(Schema.Literals(["institutional", "premium"])),
  logo: Schema.optionalKey(Asset),
  url: Schema.optionalKey(Multilink),
});
export type SponsorContent = typeof SponsorContent.Type;

export const NavItem = Schema.Struct({ ...content("nav_item"), label: Text, link: Schema.optionalKey(Multilink) });
export type NavItem = typeof NavItem.Type;

/** The site-wide settings story: navigation and footer. */
export const GlobalConfig = Schema.Struct({
  ...content("global_config"),
  main_navigation: Schema.optionalKey(Schema.Array(NavItem)),
  footer_navigation: Schema.optionalKey(Schema.Array(NavItem)),
  legal_navigation: Schema.optionalKey(Schema.Array(NavItem)),
  address: Text,
  phone: Text,
  email: Text,
});
export type GlobalConfig = typeof GlobalConfig.Type;
