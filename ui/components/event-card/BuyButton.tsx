import { useTranslation } from "../i18n/use-translation";
import { EVENT_AVAILABILITY_DISPLAY, linkTarget, type EventSummary } from "../../../core";
import { Button } from "../button/Button";
import { ContentLink } from "../content-link/ContentLink";

/**
 * Tells the server a visitor went to the external seller (issue 10: clicks are counted per event).
 * A beacon survives the page going to the background and never delays the link.
 */
function countExternalClick(eventSlug: string): void {
  navigator.sendBeacon?.(`/api/tickets/events/${encodeURIComponent(eventSlug)}/external-clicks`);
}

/**
 * The buy button of an event (SPEC §4): to the site's ticket page, to the external seller (new
 * tab), disabled and saying why while sold out, not yet on sale or postponed, absent once past or
 * cancelled.
 */
export function BuyButton({ event, ticketsHref, size = "medium" }: { event: EventSummary; ticketsHref: string; size?: "medium" | "large" }) {
  const { t } = useTranslation();
  const display = EVENT_AVAILABILITY_DISPLAY[event.availability];
  switch (display.buy) {
    case "tickets-page":
      return <Button text={t("event.buyTickets")} href={ticketsHref} rightIcon="→" size={size} />;
    case "external-seller":
      return linkTarget(event.externalTickets).kind === "external" ? (
        <ContentLink link={event.externalTickets} appearance="button" size={size} onFollowExternal={() => countExternalClick(event.slug)}>
          {t("event.buyTickets")} <span aria-hidden="true">↗</span>
        </ContentLink>
      ) : (
        <Button text={t("event.buyTickets")} disabled size={size} />
      );
    case "disabled":
      // Says why there is nothing to buy ('Sold out'), rather than an offer that cannot be taken.
      return <Button text={t(display.badgeKey)} disabled size={size} />;
    case "none":
      return null;
  }
}
