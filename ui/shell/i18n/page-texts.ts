import type { PageContextServer } from "vike/types";
import { messageKeys, type LocaleCode, type MessageCatalog, type Texts } from "../../../core";
import { blockModulesShown } from "../../blocks/blocks-shown";
import { i18nFor, textsOf } from "./create-i18n";
import { ensurePageLocale } from "./page-locale";

const everyKey = new WeakMap<MessageCatalog, Promise<readonly string[]>>();
const serialized = new WeakMap<Texts, string>();

/**
 * Sets `pageContext.texts`: the texts this page's components and the blocks it shows can ask for
 * (every block's in the editor's preview, where any block may be added), in its language; and
 * `pageContext.textsJson`, the same as one JSON string, which the browser receives with the page
 * (and with every client-side navigation's page context). One string, made once per page and
 * language, costs Vike's serializer nothing like a few hundred texts one by one on every render.
 */
export async function attachPageTexts(pageContext: PageContextServer): Promise<void> {
  if (pageContext.texts) return;
  const { services, publicConfig } = pageContext.globalContext;
  const settings = publicConfig.locale;
  ensurePageLocale(pageContext);
  const i18n = await i18nFor(services.messages, pageContext.locale, settings.fallbackLocale);
  const pageKeys = pageContext.pageId ? services.pageTextKeys?.get(pageContext.pageId) : undefined;
  const keys = pageKeys
    ? withBlockTexts(pageContext.pageId!, pageKeys, services.blockTextKeys, pageContext.contentPreview ? "every" : blockModulesShown(pageContext.data))
    : await allKeys(services.messages, settings.fallbackLocale);
  const texts = textsOf(i18n, keys);
  let json = serialized.get(texts);
  if (json === undefined) serialized.set(texts, (json = JSON.stringify(texts)));
  pageContext.texts = texts;
  pageContext.textsJson = json;
}

function allKeys(catalog: MessageCatalog, fallback: LocaleCode): Promise<readonly string[]> {
  let keys = everyKey.get(catalog);
  if (!keys) everyKey.set(catalog, (keys = catalog.load(fallback).then((messages) => messageKeys(messages))));
  return keys;
}

// One list per page and set of blocks shown, so that its texts are resolved and serialized once.
const KEY_LISTS_KEPT = 500;
const keyLists = new Map<string, readonly string[]>();

/** The page's keys and those of the blocks it shows, as one sorted list (the same list each time). */
function withBlockTexts(
  pageId: string,
  pageKeys: readonly string[],
  blockKeys: ReadonlyMap<string, readonly string[]> | undefined,
  shown: readonly string[] | "every",
): readonly string[] {
  if (!blockKeys) return pageKeys;
  const modules = shown === "every" ? [...blockKeys.keys()] : [...new Set(shown)];
  if (modules.length === 0) return pageKeys;
  const id = `${pageId}|${modules.sort().join(",")}`;
  let keys = keyLists.get(id);
  if (!keys) {
    keys = [...new Set([...pageKeys, ...modules.flatMap((module) => blockKeys.get(module) ?? [])])].sort();
    if (keyLists.size >= KEY_LISTS_KEPT) keyLists.clear();
    keyLists.set(id, keys);
  }
  return keys;
}
