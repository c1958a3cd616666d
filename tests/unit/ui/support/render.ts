import { createElement, type ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { DEFAULT_LOCALE_SETTINGS, localisePath, resolveTexts, type LocaleCode } from "../../../../core";
import en from "../../../../locales/en.json";
import es from "../../../../locales/es.json";
import val from "../../../../locales/val.json";
import { createTranslator } from "../../../../ui/components/i18n/translator";
import { TranslatorContext } from "../../../../ui/components/i18n/translator-context";
import { ContentEnvironmentProvider, type ContentEnvironment } from "../../../../ui/components/content-link/content-environment";
import { BrowserServicesProvider } from "../../../../ui/shell/browser-services";
import { provideBlockComponents } from "../../../../ui/blocks/block-components";
import { blockRegistry } from "../../../../ui/blocks/registry";

// As on the server: every block's component is at hand.
provideBlockComponents(blockRegistry);

// Server rendering never reaches the browser's ports: widgets use them in effects and handlers only.
const noBrowser = (): never => {
  throw new Error("The browser's services were used while rendering on the server");
};

export interface RenderOptions {
  readonly locale?: LocaleCode;
  readonly logicalPath?: string;
  readonly search?: Readonly<Record<string, string>>;
}

/** The components' server HTML, with real texts and an explicit page environment (no Vike). */
export function renderHtml(element: ReactElement, options: RenderOptions = {}): string {
  const locale = options.locale ?? "en";
  const translator = createTranslator(locale, resolveTexts({ en, es, val }[locale], es));
  const environment: ContentEnvironment = {
    locale,
    logicalPath: options.logicalPath ?? "/",
    search: options.search ?? {},
    localizedPath: (path) => localisePath(path, locale, DEFAULT_LOCALE_SETTINGS),
  };
  return renderToStaticMarkup(
    createElement(
      TranslatorContext.Provider,
      { value: translator },
      createElement(BrowserServicesProvider, { services: noBrowser, children: createElement(ContentEnvironmentProvider, { value: environment, children: element }) }),
    ),
  );
}

/** The attributes of every element in React's server HTML (values are always double-quoted there). */
export function attributesOf(html: string): { tag: string; name: string; value: string }[] {
  const out: { tag: string; name: string; value: string }[] = [];
  for (const tag of html.matchAll(/<([a-zA-Z][\w-]*)((?:\s+[^\s"'>/=]+(?:="[^"]*")?)*)\s*\/?>/g)) {
    for (const attribute of (tag[2] ?? "").matchAll(/\s+([^\s"'>/=]+)(?:="([^"]*)")?/g)) {
      out.push({ tag: tag[1]!.toLowerCase(), name: attribute[1]!.toLowerCase(), value: decodeEntities(attribute[2] ?? "") });
    }
  }
  return out;
}

export function decodeEntities(text: string): string {
  return text
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}
