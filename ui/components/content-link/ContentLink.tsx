import type { ReactNode } from "react";
import { useTranslation } from "../i18n/use-translation";
import { linkTarget, navLinkClasses, type Multilink } from "../../../core";
import buttonStyles from "../button/Button.module.css";
import { useContentEnvironment } from "./content-environment";

export interface ContentLinkProps {
  /** The CMS multilink; missing or unsafe links render their children as plain text. */
  readonly link: Multilink | null | undefined;
  readonly children: ReactNode;
  readonly className?: string;
  /** Links that look like the design system's Button (primary or secondary). */
  readonly appearance?: "link" | "button" | "button-secondary";
  readonly size?: "small" | "medium" | "large";
  readonly "aria-label"?: string;
  /** Also told when a visitor follows an external link (it opens in a new tab, so the page stays). */
  readonly onFollowExternal?: () => void;
}

/**
 * A CMS link (SPEC §3 multilink): a story goes to its localised path (with the SPEC §9 active
 * classes), a URL outside the site opens in a new tab with rel="noopener noreferrer" and says so, an
 * email becomes mailto:, a phone number stays tel: in this tab, an asset links to the file, and a
 * link that goes nowhere is a span.
 */
export function ContentLink({ link, children, className, appearance = "link", size = "medium", "aria-label": ariaLabel, onFollowExternal }: ContentLinkProps) {
  const { t } = useTranslation();
  const environment = useContentEnvironment();
  const target = linkTarget(link);
  const classes = [appearance === "link" ? "" : buttonClasses(appearance, size), className ?? ""];

  switch (target.kind) {
    case "none":
      return appearance === "link" ? <span className={className}>{children}</span> : null;
    case "internal": {
      const { logicalPath } = target;
      const hashOnly = logicalPath.startsWith("#");
      const href = hashOnly ? logicalPath : environment.localizedPath(logicalPath);
      // Only whole pages are active: a link to a section (#…) never is.
      const active = hashOnly || logicalPath.includes("#") ? "" : navLinkClasses(logicalPath.split("?")[0] ?? logicalPath, environment.logicalPath);
      return (
        <a href={href} className={join([...classes, active])} aria-current={active.includes("is-exact-active") ? "page" : undefined} aria-label={ariaLabel}>
          {children}
        </a>
      );
    }
    case "external":
      return (
        <a href={target.href} className={join([...classes, "opens-new-tab"])} target="_blank" rel="noopener noreferrer" aria-label={ariaLabel} onClick={onFollowExternal}>
          {children}
          <span className="visually-hidden"> {t("link.opensInNewTab")}</span>
        </a>
      );
    case "contact":
    case "asset":
      return (
        <a href={target.href} className={join(classes)} aria-label={ariaLabel}>
          {children}
        </a>
      );
  }
}

function buttonClasses(appearance: "button" | "button-secondary", size: "small" | "medium" | "large"): string {
  return join([buttonStyles.button, buttonStyles[size], appearance === "button" ? buttonStyles.primary : buttonStyles.secondary, buttonStyles["color-default"]]) ?? "";
}

function join(classes: readonly (string | undefined)[]): string | undefined {
  const value = classes.filter(Boolean).join(" ");
  return value === "" ? undefined : value;
}
