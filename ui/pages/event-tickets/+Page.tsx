import { useTranslation } from "react-i18next";
import { useData } from "vike-react/useData";
import { Button } from "../../components/button/Button";
import { useLocalizedPath } from "../../components/localized-link/use-localized-path";
import { PageIntro } from "../../components/page-intro/PageIntro";
import { usePageHead } from "../use-page-head";
import type { Data } from "./+data";

export default function Page() {
  const { summary } = useData<Data>();
  const id = summary.slug;
  const { t } = useTranslation();
  const localizedPath = useLocalizedPath();
  usePageHead(t("tickets.title", { id }), t("tickets.description"));
  return (
    <PageIntro title={t("tickets.title", { id })} lead={t("tickets.description")}>
      <Button text={t("tickets.backToEvent")} type="secondary" href={localizedPath(`/event/${id}/`)} />
    </PageIntro>
  );
}
