import { useMemo, type ReactNode } from "react";
import { usePageContext } from "vike-react/usePageContext";
import { browserServices } from "../../composition/browser";
import { localeFormats } from "../components/i18n/locale-formats";
import { LocaleFormatsContext } from "../components/i18n/locale-formats-context";
import { TranslatorContext } from "../components/i18n/translator-context";
import { BrowserServicesProvider } from "../shell/browser-services";
import { usePageTranslator } from "../shell/i18n/use-page-translator";
import { PageContentEnvironment } from "../shell/page-content-environment";

const catalogue = () => browserServices().messages;

/** What every page's components read: its texts and formats, its content environment and the browser's ports. */
export default function Wrapper({ children }: { children: ReactNode }) {
  const { locale, texts, formattedValues, globalContext } = usePageContext();
  const translator = usePageTranslator(locale, globalContext.publicConfig.locale.fallbackLocale, texts, catalogue);
  const formats = useMemo(() => localeFormats(formattedValues), [formattedValues]);
  return (
    <TranslatorContext.Provider value={translator}>
      <LocaleFormatsContext.Provider value={formats}>
        <BrowserServicesProvider services={browserServices}>
          <PageContentEnvironment>{children}</PageContentEnvironment>
        </BrowserServicesProvider>
      </LocaleFormatsContext.Provider>
    </TranslatorContext.Provider>
  );
}
