import type { Texts } from "../../../core";

let last: { readonly json: string; readonly texts: Texts } | undefined;

/** The texts the server sent as JSON; the same string (a page rendered again) gives the same object. */
export function parsedTexts(json: string): Texts {
  if (last?.json !== json) last = { json, texts: JSON.parse(json) as Texts };
  return last.texts;
}
