import type { i18n as I18n } from "i18next";
import type { PublicConfig } from "../composition/config";
import type { ServerServices } from "../composition/server";
import type { FormPost, LocaleCode, SessionUser, SiteNavigation } from "../core";

declare global {
  namespace Vike {
    interface PageContext {
      /** The request's locale, resolved once in +onBeforeRoute. */
      locale: LocaleCode;
      /** The path without its locale prefix, e.g. `/event/7/`. */
      logicalPath: string;
      /** The request comes from the CMS's visual editor with a valid preview token (SPEC §2). */
      contentPreview?: boolean;
      /** The CMS's menus; null when the global config story is missing (the built-in menus show). */
      siteNavigation?: SiteNavigation | null;
      /** The i18next instance of this render (per request on the server). */
      i18n: I18n;
      /** A form sent to this page without JavaScript, and its outcome: the page renders with it. */
      formPost?: FormPost;
    }
    interface PageContextServer {
      /** The signed-in user of this request, or null (server only, never sent to the browser). */
      sessionUser: SessionUser | null;

    }
    interface GlobalContext {
      publicConfig: PublicConfig;
    }
    interface GlobalContextServer {
      services: ServerServices;
    }
  }
}

export {};
