import type { ComponentType } from "react";
import type { Block } from "../../core";
import type { BlockProps } from "./block-props";
import { CardsCarousel } from "./CardsCarousel";
import { Contact } from "./Contact";
import { ContentRenderer } from "./ContentRenderer";
import { Events } from "./Events";
import { Faqs } from "./Faqs";
import { FeaturedCards } from "./FeaturedCards";
import { GridLayout } from "./GridLayout";
import { Hospitality } from "./Hospitality";
import { Iframe } from "./Iframe";
import { ImagesCarousel } from "./ImagesCarousel";
import { InfoBanner } from "./InfoBanner";
import { JobOffersSection } from "./JobOffersSection";
import { LinkComponent } from "./LinkComponent";
import { Restaurants } from "./Restaurants";
import { Sponsors } from "./Sponsors";
import { TextComponent } from "./TextComponent";
import { UnknownBlock } from "./UnknownBlock";
import { UpcomingEvents } from "./UpcomingEvents";

/**
 * One component per CMS block (SPEC §1), as the server renders them (the browser loads a page's own,
 * see block-components.ts). A missing or an extra entry does not compile.
 */
export const blockRegistry = {
  cards_carousel: CardsCarousel,
  contact: Contact,
  content_renderer: ContentRenderer,
  events: Events,
  faqs: Faqs,
  featured_cards: FeaturedCards,
  hospitality: Hospitality,
  iframe: Iframe,
  images_carousel: ImagesCarousel,
  info_banner: InfoBanner,
  job_offers_section: JobOffersSection,
  restaurants: Restaurants,
  sponsors: Sponsors,
  upcoming_events: UpcomingEvents,
  grid_layout: GridLayout,
  text_component: TextComponent,
  link_component: LinkComponent,
  unknown: UnknownBlock,
} as const satisfies { [K in Block["component"]]: ComponentType<BlockProps<Extract<Block, { component: K }>>> };
