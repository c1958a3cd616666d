import type { Asset, Block, BlockDataByUid, EventSummary, RichTextNode } from "../../../../core";

export const photo = (name: string): Asset => ({ filename: `https://a.storyblok.com/f/1000/1600x900/abc123/${name}.jpg`, alt: `Photo ${name}` });

export const paragraph = (text: string): RichTextNode => ({ type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text }] }] });

export function event(overrides: Partial<EventSummary> = {}): EventSummary {
  return {
    slug: "rosalia-motomami",
    title: "Rosalía — Motomami",
    subtitle: undefined,
    category: "concert",
    image: photo("rosalia"),
    dateFrom: "2026-11-22T21:00:00+01:00",
    dateTo: undefined,
    location: "Main hall",
    availability: "on-sale",
    priceFrom: 3500,
    priceTo: undefined,
    externalTickets: undefined,
    ...overrides,
  };
}

/** One of every block, as the mapper would produce them. */
export const EVERY_BLOCK: readonly Block[] = [
  { component: "cards_carousel", _uid: "cc", title: "Plan your visit", cards: [{ component: "card", _uid: "c1", title: "Getting here", text: "Metro and bus", image: photo("metro"), link: { linktype: "story", cached_url: "pages/contact" }, link_label: "How to arrive" }] },
  { component: "contact", _uid: "ct", title: "Contact", intro: "Write to us", email: "hola@turia-arena.example", phone: "+34 960 000 000" },
  { component: "content_renderer", _uid: "cr", content: paragraph("Legal text") },
  { component: "events", _uid: "ev", title: "All events" },
  { component: "faqs", _uid: "fq", title: "FAQ", items: [{ component: "faq_item", _uid: "q1", question: "Can I bring a bag?", answer: paragraph("Small bags only.") }] },
  { component: "featured_cards", _uid: "fc", title: "Discover", cards: [{ component: "card", _uid: "f1", title: "Hospitality", image: photo("box"), link: { linktype: "story", cached_url: "pages/hospitality" }, link_label: "See boxes" }] },
  { component: "hospitality", _uid: "hs", title: "Hospitality", intro: "Boxes and club", products: [{ component: "hospitality_product", _uid: "p1", name: "Box 12", product: "boxes", capacity: "12 people", description: paragraph("A private box") }] },
  { component: "iframe", _uid: "if", title: "Map", url: "https://www.openstreetmap.org/export/embed.html", aspect_ratio: "4:3" },
  { component: "images_carousel", _uid: "ic", title: "Gallery", images: [photo("one"), photo("two")] },
  { component: "info_banner", _uid: "ib", title: "Doors open at 19:00", text: "Arrive early", tone: "highlight", link: { linktype: "url", url: "https://metrovalencia.es" }, link_label: "Metro times" },
  { component: "job_offers_section", _uid: "jo", title: "Jobs" },
  { component: "restaurants", _uid: "rs", title: "Restaurants" },
  { component: "sponsors", _uid: "sp", title: "Sponsors" },
  { component: "upcoming_events", _uid: "ue", title: "Coming up", see_all_link: { linktype: "story", cached_url: "pages/events" } },
  { component: "grid_layout", _uid: "gl", title: "Two columns", columns: 2, items: [{ component: "text_component", _uid: "gt", title: "Left", text: paragraph("Left text") }, { component: "link_component", _uid: "gk", label: "Right link", link: { linktype: "story", cached_url: "pages/faq" }, style: "button" }] },
  { component: "text_component", _uid: "tx", title: "About", text: paragraph("About the arena") },
  { component: "link_component", _uid: "lk", label: "Contact us", link: { linktype: "email", email: "hola@turia-arena.example" }, style: "link" },
  { component: "unknown", _uid: "un", original: "legacy_widget" },
];

export const LISTING_DATA: BlockDataByUid = {
  ev: { kind: "events", events: { items: [event(), event({ slug: "valencia-basket", title: "Valencia Basket", category: "sport", availability: "sold-out" })], page: 1, pageCount: 3, total: 14 }, categories: ["concert", "sport"], category: undefined, search: undefined },
  ue: { kind: "upcoming-events", events: [event()] },
  rs: { kind: "restaurants", restaurants: [{ slug: "la-barraca", name: "La Barraca", cuisine: "Valencian", image: photo("barraca"), gallery: [photo("g1"), photo("g2")], openingHours: "Match days 18:00–00:00", location: "Level 1, gate B", description: paragraph("Rice dishes"), reservation: { linktype: "url", url: "https://reservas.example/barraca" } }] },
  sp: { kind: "sponsors", sponsors: [{ slug: "generalitat", name: "Generalitat Valenciana", tier: "institutional", logo: photo("gva"), url: { linktype: "url", url: "https://gva.es" } }, { slug: "horchata-co", name: "Horchata Co", tier: "premium", logo: photo("horchata"), url: undefined }] },
  jo: { kind: "job-offers", offers: [{ slug: "usher", title: "Usher", department: "Operations", location: "Valencia", contract: "Part-time", closingDate: "2026-07-31", description: paragraph("Help our visitors"), apply: { linktype: "email", email: "jobs@turia-arena.example" } }] },
};
