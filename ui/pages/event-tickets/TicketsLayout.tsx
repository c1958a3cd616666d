import type { ReactNode } from "react";
import { usePageContext } from "vike-react/usePageContext";
import type { EventSummary } from "../../../core";
import { Button } from "../../components/button/Button";
import { EventCard } from "../../components/event-card/EventCard";
import { eventPaths } from "../../components/event-card/event-paths";
import { useTranslation } from "../../components/i18n/use-translation";
import { PageIntro } from "../../components/page-intro/PageIntro";
import { useLocalizedPath } from "../../shell/localized-link/use-localized-path";
import { usePageHead } from "../use-page-head";
import styles from "./TicketsPage.module.css";

/** The event's card: the page's width less its gutters, beside the purchase in a 22rem column from 64rem. */
const EVENT_CARD_IMAGE_SIZES = "(min-width: 64rem) 22rem, 92vw";

/** The tickets page's frame, whatever it shows (the purchase, the waiting room): its title, the event beside it, the way back. */
export function TicketsLayout({ summary, lead, children }: { readonly summary: EventSummary; readonly lead?: string | undefined; readonly children: ReactNode }) {
  const { locale } = usePageContext();
  const { t } = useTranslation();
  const localizedPath = useLocalizedPath();
  const paths = eventPaths(summary.slug);
  usePageHead(t("tickets.title", { event: summary.title }), t("tickets.description"));
  return (
    <>
      <PageIntro title={t("tickets.title", { event: summary.title })} lead={lead} />
      <div className={`container ${styles.layout}`}>
        <div className={styles.event}>
          <EventCard event={summary} locale={locale} detailHref={localizedPath(paths.detail)} headingLevel={2} imageSizes={EVENT_CARD_IMAGE_SIZES} priority />
          <p>
            <Button text={t("tickets.backToEvent")} type="secondary" href={localizedPath(paths.detail)} />
          </p>
        </div>
        <div className={styles.main}>{children}</div>
      </div>
    </>
  );
}
