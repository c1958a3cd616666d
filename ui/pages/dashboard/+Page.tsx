import { useTranslation } from "react-i18next";
import { useData } from "vike-react/useData";
import { PageIntro } from "../../components/page-intro/PageIntro";
import { usePageHead } from "../use-page-head";
import type { Data } from "./+data";

export default function Page() {
  const { email, displayName } = useData<Data>();
  const { t } = useTranslation();
  usePageHead(t("dashboard.title"), t("dashboard.description"));
  return (
    <PageIntro title={t("dashboard.title")} lead={t("dashboard.greeting", { name: displayName })}>
      <p>{t("dashboard.signedInAs", { email })}</p>
    </PageIntro>
  );
}
