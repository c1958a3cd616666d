/**
 * A class attribute from CSS-module classes, some of which a variant may not have (a module names
 * only the variants it styles: `styles.institutional` is undefined): those are left out rather than
 * written as "undefined".
 */
export function classNames(...names: ReadonlyArray<string | false | null | undefined>): string {
  return names.filter(Boolean).join(" ");
}
