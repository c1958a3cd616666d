import { useTranslation } from "react-i18next";
import { NewsletterLinkPage } from "../../shell/lead-form/NewsletterLinkPage";
import { usePageHead } from "../use-page-head";

export default function Page() {
  const { t } = useTranslation();
  usePageHead(t("newsletter.confirm.title"), t("newsletter.confirm.lead"));
  return <NewsletterLinkPage action="confirm" />;
}
