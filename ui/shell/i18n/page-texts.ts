import type { PageContextServer } from "vike/types";
import { messageKeys, type LocaleCode, type MessageCatalog, type Texts } from "../../../core";
import { i18nFor, textsOf } from "./create-i18n";
import { ensurePageLocale } from "./page-locale";

const everyKey = new WeakMap<MessageCatalog, Promise<readonly string[]>>();
const serialized = new WeakMap<Texts, string>();

/**
 * Sets `pageContext.texts`: the texts this page's components can ask for, in its language; and
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
  const keys = (pageContext.pageId && services.pageTextKeys?.get(pageContext.pageId)) || (await allKeys(services.messages, settings.fallbackLocale));
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
