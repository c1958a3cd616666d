import { useContext } from "react";
import type { Translate } from "./translator";
import { TranslatorContext } from "./translator-context";

/** The page's texts: `t("nav.home")`, `t("dashboard.greeting", { name })`. */
export function useTranslation(): { readonly t: Translate } {
  return { t: useContext(TranslatorContext).t };
}
