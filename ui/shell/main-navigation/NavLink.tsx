import type { ReactNode } from "react";
import { usePageContext } from "vike-react/usePageContext";
import { navLinkClasses } from "../../../core";
import { useLocalizedPath } from "../localized-link/use-localized-path";

/** A link to a page of this site, in the current locale, with SPEC §9's active classes. */
export function NavLink({ path, className = "", children }: { path: string; className?: string | undefined; children: ReactNode }) {
  const pageContext = usePageContext();
  const localizedPath = useLocalizedPath();
  const state = navLinkClasses(path, pageContext.logicalPath);
  return (
    <a
      href={localizedPath(path)}
      className={`${className} ${state}`.trim()}
      aria-current={state.includes("is-exact-active") ? "page" : undefined}
    >
      {children}
    </a>
  );
}
