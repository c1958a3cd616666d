import { useTranslation } from "react-i18next";
import { useData } from "vike-react/useData";
import { Button } from "../../components/button/Button";
import { useLocalizedPath } from "../../components/localized-link/use-localized-path";
import { PageIntro } from "../../components/page-intro/PageIntro";
import { sitePage } from "../../navigation/site-pages";
import { usePageHead } from "../use-page-head";
import type { Data } from "./+data";

export default function Page() {
  const { summary } = useData<Data>();
  const id = summary.slug;
  const { t } = useTranslation();
  const localizedPath = useLocalizedPath();
  usePageHead(t("event.title", { id }), t("event.description"));
  return (
    <PageIntro title={t("event.title", { id })} lead={t("event.description")}>
      <p>
        <Button text={t("event.buyTickets")} size="large" href={localizedPath(`/event/${id}/tickets/`)} />{" "}
        <Button text={t("event.backToEvents")} type="tertiary" href={localizedPath(sitePage("events").path)} />
      </p>
    </PageIntro>
  );
}
