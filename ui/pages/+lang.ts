import type { PageContext } from "vike/types";
import { LOCALES } from "../../core";

/** `<html lang>`: the locale's BCP 47 tag (Valencian is ca-ES-valencia). */
export default (pageContext: PageContext) => LOCALES[pageContext.locale]?.language ?? "en";
