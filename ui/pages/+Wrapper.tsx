import type { ReactNode } from "react";
import { I18nextProvider } from "react-i18next";
import { usePageContext } from "vike-react/usePageContext";

export default function Wrapper({ children }: { children: ReactNode }) {
  const { i18n } = usePageContext();
  return <I18nextProvider i18n={i18n}>{children}</I18nextProvider>;
}
