import type { ReactNode } from "react";
import { I18nextProvider } from "react-i18next";
import { usePageContext } from "vike-react/usePageContext";
import { browserServices } from "../../composition/browser";
import { BrowserServicesProvider } from "../shell/browser-services";
import { PageContentEnvironment } from "../shell/page-content-environment";

/** What every page's components read: its texts, its content environment and the browser's ports. */
export default function Wrapper({ children }: { children: ReactNode }) {
  const { i18n } = usePageContext();
  return (
    <I18nextProvider i18n={i18n}>
      <BrowserServicesProvider services={browserServices}>
        <PageContentEnvironment>{children}</PageContentEnvironment>
      </BrowserServicesProvider>
    </I18nextProvider>
  );
}
