import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { describe, expect, it } from "vitest";
import { createBundledMessages } from "../../../../../adapters/local/bundled-messages.adapter";
import en from "../../../../../locales/en.json";
import es from "../../../../../locales/es.json";
import val from "../../../../../locales/val.json";
import { useTranslation } from "../../../../../ui/components/i18n/use-translation";
import { i18nFor } from "../../../../../ui/shell/i18n/create-i18n";

function Texts({ name }: { readonly name: string }) {
  const { t } = useTranslation();
  return createElement("p", null, [t("nav.login"), t("dashboard.greeting", { name }), t("no.such.key")].join(" | "));
}

describe("useTranslation", () => {
  it("gives each render its instance's language, remembering plain texts per language and applying options every time", async () => {
    const catalog = createBundledMessages();
    // Interleaved languages and names on one catalog, as concurrent requests render them.
    const renders = [
      ["val", "Ana"],
      ["es", "Joan"],
      ["en", "Ana"],
      ["val", "Maria"],
      ["en", "Pau"],
      ["es", "Ana"],
    ] as const;
    for (const [locale, name] of renders) {
      const i18n = await i18nFor(catalog, locale, "es");
      const texts = { en, es, val }[locale];
      expect(renderToStaticMarkup(createElement(I18nextProvider, { i18n }, createElement(Texts, { name })))).toBe(
        `<p>${[texts.nav.login, texts.dashboard.greeting.replace("{{name}}", name), "no.such.key"].join(" | ")}</p>`,
      );
    }
  });
});
