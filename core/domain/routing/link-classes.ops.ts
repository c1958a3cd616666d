/**
 * SPEC §9 link classes, from logical paths: is-exact-active on the current page's link,
 * is-active also on the link of the section it is in (the home link is never a section).
 */
export function navLinkClasses(logicalHref: string, currentLogicalPath: string): string {
  if (logicalHref === currentLogicalPath) return "is-active is-exact-active";
  if (logicalHref !== "/" && currentLogicalPath.startsWith(logicalHref)) return "is-active";
  return "";
}
