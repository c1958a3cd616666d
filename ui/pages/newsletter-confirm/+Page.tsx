import { useTranslation } from "../../components/i18n/use-translation";
import { NewsletterLinkPage } from "../../shell/lead-form/NewsletterLinkPage";
import { usePageHead } from "../use-page-head";

export default function Page() {
  const { t } = useTranslation();
  usePageHead(t("newsletter.confirm.title"), t("newsletter.confirm.lead"));
  return <NewsletterLinkPage action="confirm" />;
}
