import { useEffect, useState } from "react";
import type { EventAvailability, EventSummary } from "../../../core";
import { useBrowserServices } from "../../shell/browser-services";

/** Only these can change with the stock; every other availability is the content's own. */
const STOCK_DEPENDENT: ReadonlySet<EventAvailability> = new Set(["on-sale", "few-left", "sold-out", "coming-soon"]);

/**
 * The event page is cached for everyone, so it is rendered with the stock of its render; once in
 * the browser it asks what is left (a small public answer that a CDN keeps for 2 s, so a crowd's
 * refreshes cost the ticket store one read every 2 s) whether few are left or none, and the badge
 * and the buy button follow.
 */
export function useLiveAvailability(summary: EventSummary): EventAvailability {
  const services = useBrowserServices();
  const [availability, setAvailability] = useState(summary.availability);
  useEffect(() => {
    setAvailability(summary.availability);
    if (!STOCK_DEPENDENT.has(summary.availability)) return;
    let current = true;
    services()
      .tickets()
      .then((tickets) => tickets.availability(summary.slug))
      .then(
        (left) => current && setAvailability(left.availability),
        // Unknown: the content's word stands.
        () => {},
      );
    return () => {
      current = false;
    };
  }, [services, summary.slug, summary.availability]);
  return availability;
}
