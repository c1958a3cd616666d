import { Schema } from "effect";
import { Asset } from "./asset.schema";
import { Multilink } from "./link.schema";
import { RichText } from "./rich-text.schema";

/**
 * The CMS blocks (SPEC §1), keyed by `component`. Field names follow the CMS's snake_case; every
 * editorial field is optional because editors save half-filled blocks, and the blocks render
 * what is there. `components.json` in content/ declares the same fields for the CMS.
 */
const base = <C extends string>(component: C) => ({ component: Schema.Literal(component), _uid: Schema.String });
const Text = Schema.optionalKey(Schema.String);
const Count = (min: number, max: number) => Schema.optionalKey(Schema.Union([Schema.Int, Schema.NumberFromString]).pipe(Schema.check(Schema.isBetween({ minimum: min, maximum: max }))));

export const Card = Schema.Struct({
  ...base("card"),
  title: Text,
  text: Text,
  image: Schema.optionalKey(Asset),
  link: Schema.optionalKey(Multilink),
  link_label: Text,
});
export type Card = typeof Card.Type;

export const HeroSlide = Schema.Struct({
  ...base("hero_slide"),
  title: Text,
  text: Text,
  image: Schema.optionalKey(Asset),
  link: Schema.optionalKey(Multilink),
  link_label: Text,
});
export type HeroSlide = typeof HeroSlide.Type;

export const FaqItem = Schema.Struct({ ...base("faq_item"), question: Text, answer: Schema.optionalKey(RichText) });
export type FaqItem = typeof FaqItem.Type;

export const HospitalityProduct = Schema.Struct({
  ...base("hospitality_product"),
  name: Text,
  product: Schema.optionalKey(Schema.Literals(["annual-membership", "boxes", "club", "event-rental", "restaurant", "others", "invoice"])),
  description: Schema.optionalKey(RichText),
  image: Schema.optionalKey(Asset),
  capacity: Text,
});
export type HospitalityProduct = typeof HospitalityProduct.Type;

export const CardsCarousel = Schema.Struct({ ...base("cards_carousel"), title: Text, cards: Schema.optionalKey(Schema.Array(Card)) });
export const Contact = Schema.Struct({ ...base("contact"), title: Text, intro: Text, email: Text, phone: Text });
export const ContentRenderer = Schema.Struct({ ...base("content_renderer"), content: Schema.optionalKey(RichText) });
export const Events = Schema.Struct({
  ...base("events"),
  title: Text,
  /** Category slugs offered as filters; empty offers every category. */
  categories: Schema.optionalKey(Schema.Array(Schema.String)),
  page_size: Count(1, 100),
  include_past: Schema.optionalKey(Schema.Boolean),
});
export const Faqs = Schema.Struct({ ...base("faqs"), title: Text, items: Schema.optionalKey(Schema.Array(FaqItem)) });
export const FeaturedCards = Schema.Struct({ ...base("featured_cards"), title: Text, cards: Schema.optionalKey(Schema.Array(Card)) });
export const Hospitality = Schema.Struct({ ...base("hospitality"), title: Text, intro: Text, products: Schema.optionalKey(Schema.Array(HospitalityProduct)) });
export const Iframe = Schema.Struct({
  ...base("iframe"),
  title: Text,
  url: Schema.optionalKey(Schema.String),
  aspect_ratio: Schema.optionalKey(Schema.Literals(["16:9", "4:3", "1:1", "21:9"])),
});
export const ImagesCarousel = Schema.Struct({ ...base("images_carousel"), title: Text, images: Schema.optionalKey(Schema.Array(Asset)) });
export const InfoBanner = Schema.Struct({
  ...base("info_banner"),
  title: Text,
  text: Text,
  tone: Schema.optionalKey(Schema.Literals(["info", "highlight", "warning"])),
  link: Schema.optionalKey(Multilink),
  link_label: Text,
});
export const JobOffersSection = Schema.Struct({ ...base("job_offers_section"), title: Text, intro: Text });
export const Restaurants = Schema.Struct({ ...base("restaurants"), title: Text, intro: Text });
export const Sponsors = Schema.Struct({
  ...base("sponsors"),
  title: Text,
  tiers: Schema.optionalKey(Schema.Array(Schema.Literals(["institutional", "premium"]))),
});
export const UpcomingEvents = Schema.Struct({
  ...base("upcoming_events"),
  title: Text,
  limit: Count(1, 24),
  category: Text,
  see_all_link: Schema.optionalKey(Multilink),
});
export const TextComponent = Schema.Struct({ ...base("text_component"), title: Text, text: Schema.optionalKey(RichText) });
export const LinkComponent = Schema.Struct({
  ...base("link_component"),
  label: Text,
  link: Schema.optionalKey(Multilink),
  style: Schema.optionalKey(Schema.Literals(["button", "secondary", "link"])),
});

/** Produced by the mapper for a component this site does not know (SPEC §8). */
export const UnknownBlock = Schema.Struct({ component: Schema.Literal("unknown"), _uid: Schema.String, original: Schema.String });

export interface GridLayout {
  readonly component: "grid_layout";
  readonly _uid: string;
  readonly title?: string;
  readonly columns?: number;
  readonly items?: readonly Block[];
}
/** A grid's own fields; its items are blocks, decoded one by one (see GridLayout). */
export const GridLayoutFields = Schema.Struct({ ...base("grid_layout"), title: Text, columns: Count(1, 4) });
export const GridLayout: Schema.Codec<GridLayout, unknown> = Schema.Struct({
  ...GridLayoutFields.fields,
  items: Schema.optionalKey(Schema.Array(Schema.suspend((): Schema.Codec<Block, unknown> => Block))),
}) as unknown as Schema.Codec<GridLayout, unknown>;

export type Block =
  | typeof CardsCarousel.Type
  | typeof Contact.Type
  | typeof ContentRenderer.Type
  | typeof Events.Type
  | typeof Faqs.Type
  | typeof FeaturedCards.Type
  | typeof Hospitality.Type
  | typeof Iframe.Type
  | typeof ImagesCarousel.Type
  | typeof InfoBanner.Type
  | typeof JobOffersSection.Type
  | typeof Restaurants.Type
  | typeof Sponsors.Type
  | typeof UpcomingEvents.Type
  | GridLayout
  | typeof TextComponent.Type
  | typeof LinkComponent.Type
  | typeof UnknownBlock.Type;

export const Block: Schema.Codec<Block, unknown> = Schema.Union([
  CardsCarousel,
  Contact,
  ContentRenderer,
  Events,
  Faqs,
  FeaturedCards,
  Hospitality,
  Iframe,
  ImagesCarousel,
  InfoBanner,
  JobOffersSection,
  Restaurants,
  Sponsors,
  UpcomingEvents,
  GridLayout,
  TextComponent,
  LinkComponent,
  UnknownBlock,
]) as unknown as Schema.Codec<Block, unknown>;

/**
 * A page's own fields. Decoders that decode a page's blocks one by one (so that an unknown or
 * broken block becomes an `unknown` block instead of failing the page, and each block is decoded
 * once) decode these and attach the decoded body.
 */
export const PageFields = Schema.Struct({
  ...base("page"),
  title: Text,
  description: Text,
  /** Hidden from search engines (see search-visibility.ops.ts). */
  no_index: Schema.optionalKey(Schema.Boolean),
  hero: Schema.optionalKey(Schema.Array(HeroSlide)),
});

/** The page content type: a story whose body is a list of blocks (SPEC §1 'page'). */
export const Page = Schema.Struct({ ...PageFields.fields, body: Schema.optionalKey(Schema.Array(Block)) });
export type Page = typeof Page.Type;

export type BlockComponent = Block["component"];
