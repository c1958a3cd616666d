import { createElement } from "react";
import { describe, expect, it } from "vitest";
import type { EventSummary } from "../../../../../core";
import { EventCard } from "../../../../../ui/components/event-card/EventCard";
import { event } from "../../support/fixtures";
import { renderHtml } from "../../support/render";

const card = (summary: EventSummary, locale: "es" | "en" | "val" = "es") =>
  renderHtml(createElement(EventCard, { event: summary, locale, detailHref: `/${locale}/event/${summary.slug}/`, ticketsHref: `/${locale}/event/${summary.slug}/tickets/`, imageSizes: "92vw" }), { locale });

describe("EventCard", () => {
  it("shows the date, time, venue and price in the page's language, and buys on the site", () => {
    const html = card(event());
    expect(html).toContain("domingo, 22 de noviembre de 2026");
    expect(html).toContain("21:00");
    expect(html).toContain("Main hall");
    expect(html).toMatch(/Desde 35,00\s€/); // Intl puts a no-break space before the euro sign
    expect(html).toMatch(/<a class="[^"]*" href="\/es\/event\/rosalia-motomami\/tickets\/"><span>Comprar entradas<\/span>/);
  });

  it("sends external tickets to the seller in a new tab", () => {
    const html = card(event({ availability: "external-tickets", externalTickets: { linktype: "url", url: "https://tickets.example/rosalia" } }), "en");
    expect(html).toContain("External tickets");
    expect(html).toMatch(/<a href="https:\/\/tickets.example\/rosalia" class="[^"]*" target="_blank" rel="noopener noreferrer">Buy tickets/);
  });

  it("disables the buy button while sold out, not yet on sale or postponed, and says why on it", () => {
    for (const [availability, label] of [["sold-out", "Sold out"], ["coming-soon", "Coming soon"], ["postponed", "Postponed"]] as const) {
      const html = card(event({ availability }), "en");
      expect(html).toMatch(new RegExp(`<button class="[^"]*" type="button" disabled=""><span>${label}</span></button>`));
      expect(html).not.toContain("Buy tickets");
    }
  });

  it("offers no purchase for cancelled and past events", () => {
    for (const [availability, label] of [["cancelled", "Cancel·lat"], ["past", "Esdeveniment finalitzat"]] as const) {
      const html = card(event({ availability }), "val");
      expect(html).toContain(label);
      expect(html).not.toContain("Compra entrades");
      expect(html).not.toContain("Des de");
    }
  });

  it("shows a range for multi-day events and 'free' for free ones", () => {
    const html = card(event({ dateFrom: "2026-07-10T18:00:00+02:00", dateTo: "2026-07-12T23:59:00+02:00", priceFrom: 0 }), "en");
    expect(html).toContain("Jul 10, 2026 – Jul 12, 2026");
    expect(html).toContain("Free entry");
  });
});
