import { useTranslation } from "react-i18next";
import { routes } from "../../../core";
import { Button } from "../../components/button/Button";
import { useLocalizedPath } from "../../shell/localized-link/use-localized-path";
import { PageIntro } from "../../components/page-intro/PageIntro";
import { usePageHead } from "../use-page-head";

/** Where the dashboard guard sends anonymous visitors; the sign-in form lands with the accounts issue. */
export default function Page() {
  const { t } = useTranslation();
  const localizedPath = useLocalizedPath();
  usePageHead(t("page.login.title"), t("page.login.description"));
  return (
    <PageIntro title={t("page.login.title")} lead={t("page.login.description")}>
      <Button text={t("page.register.title")} type="secondary" href={localizedPath(routes.register.path())} />
    </PageIntro>
  );
}
