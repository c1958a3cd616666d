import type { Messages } from "../../ports/messages.port";

/** Texts resolved for one language (fallbacks applied), by full key, e.g. `nav.home`. */
export type Texts = Readonly<Record<string, string>>;

/** Values for a text's `{{placeholders}}`. */
export type TextValues = Readonly<Record<string, unknown>>;

/** Every full key of a catalog, e.g. `nav.home` for `{ nav: { home } }`. */
export function messageKeys(messages: Messages, prefix = ""): string[] {
  return Object.entries(messages).flatMap(([key, value]) => (typeof value === "string" ? [`${prefix}${key}`] : messageKeys(value, `${prefix}${key}.`)));
}

const PLACEHOLDER = /\{\{\s*([^{}]+?)\s*\}\}/g;

/**
 * A text with its `{{placeholders}}` filled as i18next fills them (a property test holds the two
 * to the same output for every text): a name missing from the values keeps its placeholder, one
 * given as undefined or null fills nothing, anything else its string form. Nothing is escaped:
 * React escapes.
 */
export function fillPlaceholders(text: string, values: TextValues | undefined): string {
  if (!values) return text;
  return text.replace(PLACEHOLDER, (placeholder, name: string) => {
    const value = values[name];
    if (value === undefined) return Object.hasOwn(values, name) ? "" : placeholder;
    return value === null ? "" : String(value);
  });
}

/** Every text of a catalog in one language, a text it lacks taken from the fallback language's. */
export function resolveTexts(messages: Messages, fallback: Messages): Texts {
  return Object.fromEntries(messageKeys(fallback).map((key) => [key, textAt(messages, key) ?? textAt(fallback, key)!]));
}

function textAt(messages: Messages, key: string): string | undefined {
  let node: string | Messages | undefined = messages;
  for (const part of key.split(".")) node = typeof node === "object" ? node[part] : undefined;
  return typeof node === "string" ? node : undefined;
}
