import { createContext } from "react";
import { createTranslator, type Translator } from "./translator";

/** The page's translator; the page wrapper provides it (tests provide their own). */
export const TranslatorContext = createContext<Translator>(createTranslator("es", {}));
