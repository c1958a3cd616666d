import { useTranslation } from "react-i18next";
import { useData } from "vike-react/useData";
import { usePageContext } from "vike-react/usePageContext";
import { Button } from "../../components/button/Button";
import { EventCard } from "../../components/event-card/EventCard";
import { eventPaths } from "../../components/event-card/event-paths";
import { useLocalizedPath } from "../../shell/localized-link/use-localized-path";
import { PageIntro } from "../../components/page-intro/PageIntro";
import { usePageHead } from "../use-page-head";
import type { Data } from "./+data";

/** SPEC §2 ticket page: the event being bought for; the purchase flow itself lands with the tickets issue. */
export default function Page() {
  const { summary } = useData<Data>();
  const { locale } = usePageContext();
  const { t } = useTranslation();
  const localizedPath = useLocalizedPath();
  const paths = eventPaths(summary.slug);
  usePageHead(t("tickets.title", { event: summary.title }), t("tickets.description"));
  return (
    <>
      <PageIntro title={t("tickets.title", { event: summary.title })} lead={t("tickets.description")} />
      <div className="container" style={{ maxWidth: "32rem", paddingBlock: "var(--space-6)" }}>
        <EventCard event={summary} locale={locale} detailHref={localizedPath(paths.detail)} ticketsHref={localizedPath(paths.tickets)} headingLevel={2} priority />
        <p style={{ marginTop: "var(--space-5)" }}>
          <Button text={t("tickets.backToEvent")} type="secondary" href={localizedPath(paths.detail)} />
        </p>
      </div>
    </>
  );
}
