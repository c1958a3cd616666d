import type { LocaleCode } from "../locale/locale.settings";
import { isFilledTranslation } from "../content/field-translations.ops";

/** A story's content or one of its blocks, as stored: `_uid`, `component` and the fields. */
export type BlockContent = Readonly<Record<string, unknown>>;

/** The language whose fields carry no `__i18n__` suffix: the space's default (Spanish here). */
export const CONTENT_DEFAULT_LOCALE: LocaleCode = "es";

/** Where a field's value in a language is stored (Storyblok's field-level translation). */
export function translatedFieldKey(field: string, locale: LocaleCode): string {
  return locale === CONTENT_DEFAULT_LOCALE ? field : `${field}__i18n__${locale}`;
}

/**
 * Whether a translatable field shows the default language's text in `locale` because its own
 * translation is empty: the editor marks it, visitors see the fallback.
 */
export function isUntranslated(block: BlockContent, field: string, locale: LocaleCode): boolean {
  if (locale === CONTENT_DEFAULT_LOCALE) return false;
  return isFilledTranslation(block[field]) && !isFilledTranslation(block[translatedFieldKey(field, locale)]);
}

export function isBlock(value: unknown): value is BlockContent {
  return typeof value === "object" && value !== null && !Array.isArray(value) && typeof (value as BlockContent)._uid === "string";
}

/** The blocks listed in a field (a `bloks` field), or none. */
export function blocksOf(block: BlockContent, field: string): readonly BlockContent[] {
  const value = block[field];
  return Array.isArray(value) ? value.filter(isBlock) : [];
}

/**
 * Rewrites the block with this `_uid`; everything else keeps its identity (React and the
 * preview compare by reference). Returns the content itself when no block matched.
 */
function mapBlock(content: BlockContent, uid: string, change: (block: BlockContent) => BlockContent): BlockContent {
  if (content._uid === uid) return change(content);
  let changed: Record<string, unknown> | undefined;
  for (const [key, value] of Object.entries(content)) {
    if (!Array.isArray(value) || !value.some(isBlock)) continue;
    let listChanged = false;
    const list = value.map((item) => {
      if (!isBlock(item)) return item;
      const next = mapBlock(item, uid, change);
      if (next !== item) listChanged = true;
      return next;
    });
    if (listChanged) (changed ??= { ...content })[key] = list;
  }
  return changed ?? content;
}

/** Sets one field of one block (`key` is the stored key: see translatedFieldKey). */
export function setBlockField(content: BlockContent, uid: string, key: string, value: unknown): BlockContent {
  return mapBlock(content, uid, (block) => {
    if (value === undefined) {
      const { [key]: _removed, ...rest } = block;
      return rest;
    }
    return { ...block, [key]: value };
  });
}

/** Puts a block into a parent's `bloks` field at `index` (clamped: past the end appends). */
export function insertBlock(content: BlockContent, parentUid: string, field: string, index: number, block: BlockContent): BlockContent {
  return mapBlock(content, parentUid, (parent) => {
    const list = [...blocksOf(parent, field)];
    list.splice(Math.max(0, Math.min(index, list.length)), 0, block);
    return { ...parent, [field]: list };
  });
}

/** The parent block and field that list this `_uid`, with its position. */
export function locateBlock(content: BlockContent, uid: string): { readonly parent: BlockContent; readonly field: string; readonly index: number } | undefined {
  for (const [field, value] of Object.entries(content)) {
    if (!Array.isArray(value)) continue;
    for (const [index, item] of value.entries()) {
      if (!isBlock(item)) continue;
      if (item._uid === uid) return { parent: content, field, index };
      const inner = locateBlock(item, uid);
      if (inner) return inner;
    }
  }
  return undefined;
}

export function removeBlock(content: BlockContent, uid: string): BlockContent {
  const place = locateBlock(content, uid);
  if (!place) return content;
  return mapBlock(content, place.parent._uid as string, (parent) => ({ ...parent, [place.field]: blocksOf(parent, place.field).filter((item) => item._uid !== uid) }));
}

/** Moves a block up (-1) or down (+1) among its siblings; at either end it stays. */
export function moveBlock(content: BlockContent, uid: string, offset: -1 | 1): BlockContent {
  const place = locateBlock(content, uid);
  if (!place) return content;
  const target = place.index + offset;
  return mapBlock(content, place.parent._uid as string, (parent) => {
    const list = [...blocksOf(parent, place.field)];
    if (target < 0 || target >= list.length) return parent;
    const [moved] = list.splice(place.index, 1);
    list.splice(target, 0, moved!);
    return { ...parent, [place.field]: list };
  });
}

/** A deep copy of a block with new `_uid`s for it and every block inside it (uids never repeat). */
export function copyWithNewUids(block: BlockContent, newUid: () => string): BlockContent {
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(block)) {
    copy[key] = Array.isArray(value) ? value.map((item) => (isBlock(item) ? copyWithNewUids(item, newUid) : item)) : value;
  }
  copy._uid = newUid();
  return copy;
}

/** Puts a copy of the block (new uids throughout) right after it; returns the copy's uid too. */
export function duplicateBlock(content: BlockContent, uid: string, newUid: () => string): { readonly content: BlockContent; readonly copyUid: string | undefined } {
  const place = locateBlock(content, uid);
  const original = place && blocksOf(place.parent, place.field)[place.index];
  if (!place || !original) return { content, copyUid: undefined };
  const copy = copyWithNewUids(original, newUid);
  return { content: insertBlock(content, place.parent._uid as string, place.field, place.index + 1, copy), copyUid: copy._uid as string };
}
