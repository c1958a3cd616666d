import type { PageContextServer } from "vike/types";
import { LOCALES } from "../../core";

export default (pageContext: PageContextServer) => ({ dir: LOCALES[pageContext.locale]?.dir ?? "ltr" });
