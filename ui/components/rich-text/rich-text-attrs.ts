/**
 * Reading rich-text attributes written by editors (or anyone with CMS access): every value that
 * reaches the page is checked here first. Anything that does not pass is dropped.
 */

const NAMED_COLOR = /^[a-z]{3,30}$/i;
const HEX_COLOR = /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const FUNCTION_COLOR = /^(?:rgb|rgba|hsl|hsla)\(\s*[0-9.%]+(?:\s*[,\s/]\s*[0-9.%]+){2,3}\s*\)$/i;
/** Named colours that are keywords with other meanings in CSS. */
const NOT_COLORS = new Set(["inherit", "initial", "unset", "revert", "expression", "url", "none"]);

/** A CSS colour as a hex, rgb()/hsl() or named colour, else undefined. */
export function safeColor(value: unknown): string | undefined {
  if (typeof value !== "string") return undefined;
  const color = value.trim();
  if (HEX_COLOR.test(color) || FUNCTION_COLOR.test(color)) return color;
  if (NAMED_COLOR.test(color) && !NOT_COLORS.has(color.toLowerCase())) return color.toLowerCase();
  return undefined;
}

/** An element id from [A-Za-z0-9_-] only; undefined when nothing is left. */
export function safeId(value: unknown): string | undefined {
  if (typeof value !== "string" && typeof value !== "number") return undefined;
  const id = String(value).replace(/[^A-Za-z0-9_-]/g, "").slice(0, 100);
  return id === "" ? undefined : id;
}

/** The `styled` mark's classes: simple class names only, prefixed so content cannot reuse the site's own classes. */
export function safeClassNames(value: unknown, prefix = "rt-"): string | undefined {
  if (typeof value !== "string") return undefined;
  const names = value
    .split(/\s+/)
    .filter((name) => /^[A-Za-z][A-Za-z0-9_-]{0,39}$/.test(name))
    .map((name) => `${prefix}${name}`);
  return names.length ? names.join(" ") : undefined;
}

/** A code block's language (`language-ts` or `ts`) as a bare name. */
export function safeLanguage(value: unknown): string | undefined {
  if (typeof value !== "string") return undefined;
  const language = value.trim().replace(/^language-/, "");
  return /^[A-Za-z0-9_+-]{1,30}$/.test(language) ? language : undefined;
}

/** A positive integer within bounds (table spans, list starts), else undefined. */
export function safeCount(value: unknown, max: number): number | undefined {
  const number = typeof value === "number" ? value : typeof value === "string" && /^\d+$/.test(value) ? Number(value) : Number.NaN;
  return Number.isInteger(number) && number >= 1 && number <= max ? number : undefined;
}

/** A string attribute, or undefined. */
export function stringAttr(attrs: unknown, name: string): string | undefined {
  if (!attrs || typeof attrs !== "object") return undefined;
  const value = (attrs as Record<string, unknown>)[name];
  return typeof value === "string" ? value : undefined;
}

export function attr(attrs: unknown, name: string): unknown {
  return attrs && typeof attrs === "object" ? (attrs as Record<string, unknown>)[name] : undefined;
}
