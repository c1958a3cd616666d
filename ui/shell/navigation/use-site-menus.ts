import { useTranslation } from "../../components/i18n/use-translation";
import { usePageContext } from "vike-react/usePageContext";
import type { MenuEntry, SiteNavigation } from "../../../core";
import { LEGAL_NAVIGATION, MAIN_NAVIGATION, sitePage, type SitePageId } from "./site-pages";

/**
 * The menus the CMS's global config story defines; the built-in ones when it has none (an error
 * page rendered before any content was read, or a space without the story).
 */
export function useSiteMenus(): SiteNavigation {
  const { siteNavigation } = usePageContext();
  const { t } = useTranslation();
  if (siteNavigation) return siteNavigation;
  const builtIn = (ids: readonly SitePageId[]): MenuEntry[] =>
    ids.map((id) => ({ label: t(sitePage(id).navKey), kind: "internal", logicalPath: sitePage(id).path }));
  return {
    main: builtIn(MAIN_NAVIGATION),
    footer: builtIn([...MAIN_NAVIGATION, "faq"]),
    legal: builtIn(LEGAL_NAVIGATION),
    address: t("footer.address"),
    phone: undefined,
    email: undefined,
  };
}
