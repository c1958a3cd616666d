import type { GlobalConfig, NavItem } from "./content-types.schema";
import { linkTarget } from "./story-path.ops";

/** One entry of a menu: a page of this site (logical path), an address elsewhere, or a mail or phone link. */
export type MenuEntry =
  | { readonly label: string; readonly kind: "internal"; readonly logicalPath: string }
  | { readonly label: string; readonly kind: "external"; readonly href: string }
  | { readonly label: string; readonly kind: "contact"; readonly href: string };

/** The header's and footer's menus and the venue's contact details, from the global config story. */
export interface SiteNavigation {
  readonly main: readonly MenuEntry[];
  readonly footer: readonly MenuEntry[];
  readonly legal: readonly MenuEntry[];
  readonly address: string | undefined;
  readonly phone: string | undefined;
  readonly email: string | undefined;
}

export function siteNavigation(config: GlobalConfig): SiteNavigation {
  return {
    main: entries(config.main_navigation),
    footer: entries(config.footer_navigation),
    legal: entries(config.legal_navigation),
    address: config.address || undefined,
    phone: config.phone || undefined,
    email: config.email || undefined,
  };
}

function entries(items: readonly NavItem[] | undefined): MenuEntry[] {
  return (items ?? []).flatMap((item): MenuEntry[] => {
    const label = item.label?.trim();
    if (!label) return [];
    const target = linkTarget(item.link);
    if (target.kind === "internal") return [{ label, kind: "internal", logicalPath: target.logicalPath }];
    if (target.kind === "external" || target.kind === "asset") return [{ label, kind: "external", href: target.href }];
    if (target.kind === "contact") return [{ label, kind: "contact", href: target.href }];
    return [];
  });
}
