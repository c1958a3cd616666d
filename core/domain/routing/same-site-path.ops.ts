/**
 * A redirect target or `returnTo` that stays on this site, as a path, or undefined. Browsers drop
 * tabs and newlines from URLs and read `\` as `/`, so `/\host`, `/\t/host` and `//host` all leave
 * the site: any run of slashes and backslashes collapses to one `/`, and anything that is not a
 * path (a scheme, `javascript:`, no leading slash) is refused.
 */
export function sameSitePath(target: string): string | undefined {
  // Refused rather than stripped, so nothing is read two ways.
  if (/[\u0000-\u001f\u007f]/.test(target)) return undefined;
  if (!/^[/\\]/.test(target)) return undefined;
  const collapsed = collapseSlashes(target);
  const resolved = new URL(collapsed, SENTINEL_ORIGIN);
  if (resolved.origin !== SENTINEL_ORIGIN) return undefined;
  return `${resolved.pathname}${resolved.search}${resolved.hash}`;
}

const SENTINEL_ORIGIN = "http://same-site.invalid";

/** Runs of `/` and `\` in the path part (before `?` or `#`) as a single `/`. */
export function collapseSlashes(target: string): string {
  const end = target.search(/[?#]/);
  const path = end === -1 ? target : target.slice(0, end);
  const rest = end === -1 ? "" : target.slice(end);
  return `${path.replace(/[/\\]+/g, "/")}${rest}`;
}
