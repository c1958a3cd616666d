import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { createTranslator } from "../../../../../ui/components/i18n/translator";
import { TranslatorContext } from "../../../../../ui/components/i18n/translator-context";
import { useTranslation } from "../../../../../ui/components/i18n/use-translation";

function Texts({ name }: { readonly name: string }) {
  const { t } = useTranslation();
  return createElement("p", null, [t("nav.login"), t("dashboard.greeting", { name }), t("no.such.key")].join(" | "));
}

describe("createTranslator", () => {
  it("gives the page's texts with their placeholders filled, and a key without a text as the key, telling who asked", () => {
    const missing: string[] = [];
    const { t, language } = createTranslator("val", { "nav.login": "Inicia la sessió", "dashboard.greeting": "Hola, {{name}}" }, (key) => missing.push(key));
    expect(language).toBe("val");
    expect(t("nav.login")).toBe("Inicia la sessió");
    expect(t("dashboard.greeting", { name: "Ana" })).toBe("Hola, Ana");
    expect(t("no.such.key")).toBe("no.such.key");
    expect(missing).toEqual(["no.such.key"]);
  });

  it("reaches components through the translator context", () => {
    const translator = createTranslator("en", { "nav.login": "Sign in", "dashboard.greeting": "Hello, {{name}}" });
    expect(renderToStaticMarkup(createElement(TranslatorContext.Provider, { value: translator }, createElement(Texts, { name: "Pau" })))).toBe(
      "<p>Sign in | Hello, Pau | no.such.key</p>",
    );
  });
});
