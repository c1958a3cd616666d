import { useTranslation } from "../components/i18n/use-translation";
import { useConfig } from "vike-react/useConfig";

/** Sets the document's title (with the site's name) and description, on the server and in the browser. */
export function usePageHead(title: string, description: string) {
  const { t } = useTranslation();
  const siteName = t("app.name");
  useConfig()({ title: title.includes(siteName) ? title : `${title} · ${siteName}`, description });
}
