import type { Block } from "../../core";

/**
 * The module of each block's component: `ui/blocks/<Module>.tsx`, exporting the component under the
 * same name. The browser loads a page's blocks by it, and the server preloads their chunks by it.
 */
export const BLOCK_MODULES = {
  cards_carousel: "CardsCarousel",
  contact: "Contact",
  content_renderer: "ContentRenderer",
  events: "Events",
  faqs: "Faqs",
  featured_cards: "FeaturedCards",
  hospitality: "Hospitality",
  iframe: "Iframe",
  images_carousel: "ImagesCarousel",
  info_banner: "InfoBanner",
  job_offers_section: "JobOffersSection",
  restaurants: "Restaurants",
  sponsors: "Sponsors",
  upcoming_events: "UpcomingEvents",
  grid_layout: "GridLayout",
  text_component: "TextComponent",
  link_component: "LinkComponent",
  unknown: "UnknownBlock",
} as const satisfies { readonly [K in Block["component"]]: string };

/**
 * A story's hero slides (`hero_slide`, the content page's `page.hero`) are shown by the hero slider
 * (`ui/components/hero-slider/HeroSlider.tsx`), which the content page loads on demand: the build
 * notes its texts under this name, beside the blocks' modules.
 */
export const HERO_SLIDER_MODULE = "HeroSlider";
