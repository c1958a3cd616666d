import type { MenuEntry } from "../../../core";
import { NavLink } from "./NavLink";

/** A menu entry: a page of this site with its active state, or an address elsewhere in a new tab. */
export function MenuLink({ entry, className = "" }: { entry: MenuEntry; className?: string }) {
  if (entry.kind === "internal") {
    return (
      <NavLink path={entry.logicalPath} className={className}>
        {entry.label}
      </NavLink>
    );
  }
  return (
    <a href={entry.href} className={className} target="_blank" rel="noopener noreferrer">
      {entry.label}
    </a>
  );
}
