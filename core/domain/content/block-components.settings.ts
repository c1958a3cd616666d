import type { BlockComponent } from "./block.schema";

/** Every nestable block this site renders, for the registry and the mapper. */
export const BLOCK_COMPONENTS = [
  "cards_carousel", "contact", "content_renderer", "events", "faqs", "featured_cards", "hospitality", "iframe",
  "images_carousel", "info_banner", "job_offers_section", "restaurants", "sponsors", "upcoming_events",
  "grid_layout", "text_component", "link_component",
] as const satisfies readonly Exclude<BlockComponent, "unknown">[];
