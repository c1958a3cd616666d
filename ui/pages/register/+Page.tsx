import { useTranslation } from "react-i18next";
import { routes } from "../../../core";
import { Button } from "../../components/button/Button";
import { useLocalizedPath } from "../../shell/localized-link/use-localized-path";
import { PageIntro } from "../../components/page-intro/PageIntro";
import { usePageHead } from "../use-page-head";

/** Account creation; the registration form lands with the accounts issue. */
export default function Page() {
  const { t } = useTranslation();
  const localizedPath = useLocalizedPath();
  usePageHead(t("page.register.title"), t("page.register.description"));
  return (
    <PageIntro title={t("page.register.title")} lead={t("page.register.description")}>
      <Button text={t("page.login.title")} type="secondary" href={localizedPath(routes.login.path())} />
    </PageIntro>
  );
}
