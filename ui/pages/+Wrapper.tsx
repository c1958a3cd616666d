import type { ReactNode } from "react";
import { usePageContext } from "vike-react/usePageContext";
import { browserServices } from "../../composition/browser";
import { TranslatorContext } from "../components/i18n/translator-context";
import { BrowserServicesProvider } from "../shell/browser-services";
import { usePageTranslator } from "../shell/i18n/use-page-translator";
import { PageContentEnvironment } from "../shell/page-content-environment";

const catalogue = () => browserServices().messages;

/** What every page's components read: its texts, its content environment and the browser's ports. */
export default function Wrapper({ children }: { children: ReactNode }) {
  const { locale, texts, globalContext } = usePageContext();
  const translator = usePageTranslator(locale, globalContext.publicConfig.locale.fallbackLocale, texts, catalogue);
  return (
    <TranslatorContext.Provider value={translator}>
      <BrowserServicesProvider services={browserServices}>
        <PageContentEnvironment>{children}</PageContentEnvironment>
      </BrowserServicesProvider>
    </TranslatorContext.Provider>
  );
}
