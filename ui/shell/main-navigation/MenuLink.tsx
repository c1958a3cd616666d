import type { MenuEntry } from "../../../core";
import { useTranslation } from "../../components/i18n/use-translation";
import { NavLink } from "./NavLink";

/**
 * A menu entry: a page of this site with its active state, an address elsewhere in a new tab (which
 * it says), or a mail or phone link, followed in this tab.
 */
export function MenuLink({ entry, className = "" }: { entry: MenuEntry; className?: string }) {
  const { t } = useTranslation();
  if (entry.kind === "internal") {
    return (
      <NavLink path={entry.logicalPath} className={className}>
        {entry.label}
      </NavLink>
    );
  }
  if (entry.kind === "contact") {
    return (
      <a href={entry.href} className={className}>
        {entry.label}
      </a>
    );
  }
  return (
    <a href={entry.href} className={`${className} opens-new-tab`} target="_blank" rel="noopener noreferrer">
      {entry.label}
      <span className="visually-hidden"> {t("link.opensInNewTab")}</span>
    </a>
  );
}
