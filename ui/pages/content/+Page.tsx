import { useTranslation } from "react-i18next";
import { useData } from "vike-react/useData";
import { PageIntro } from "../../components/page-intro/PageIntro";
import { usePageHead } from "../use-page-head";
import type { Data } from "./+data";
import { HomeHero } from "./HomeHero";

export default function Page() {
  const { pageId, titleKey, descriptionKey } = useData<Data>();
  const { t } = useTranslation();
  usePageHead(t(titleKey), t(descriptionKey));
  if (pageId === "home") return <HomeHero />;
  return (
    <PageIntro title={t(titleKey)} lead={t(descriptionKey)}>
      <p>{t("page.comingSoon")}</p>
    </PageIntro>
  );
}
