import type { MenuEntry } from "../../../core";
import { NavLink } from "./NavLink";

/**
 * A menu entry: a page of this site with its active state, an address elsewhere in a new tab, or a
 * mail or phone link, followed in this tab.
 */
export function MenuLink({ entry, className = "" }: { entry: MenuEntry; className?: string }) {
  if (entry.kind === "internal") {
    return (
      <NavLink path={entry.logicalPath} className={className}>
        {entry.label}
      </NavLink>
    );
  }
  const newTab = entry.kind === "external";
  return (
    <a href={entry.href} className={className} target={newTab ? "_blank" : undefined} rel={newTab ? "noopener noreferrer" : undefined}>
      {entry.label}
    </a>
  );
}
