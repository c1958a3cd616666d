import type { PublicConfig } from "../composition/config";
import type { ServerServices } from "../composition/server";
import type { FormPost, LocaleCode, SessionUser, SiteNavigation, Texts } from "../core";
import type { FormattedValues } from "./components/i18n/locale-formats";

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
      /** The texts this page's components can ask for, in its language. */
      texts: Texts;
      /** The same texts as JSON, as the browser receives them (see ui/shell/i18n/page-texts.ts). */
      textsJson: string;
      /**
       * The dates, numbers and prices the page shows, formatted (ui/components/i18n/locale-formats.ts):
       * filled by the server's render, read by the browser's hydration.
       */
      formattedValues?: FormattedValues;
      /** What the server's render formatted, as JSON, as the browser receives it; absent when nothing was. */
      formattedValuesJson?: string;
      /** A form sent to this page without JavaScript, and its outcome: the page renders with it. */
      formPost?: FormPost;
      /** A plain post to this page that was refused (403: from another site's page; 413: too large): the error page answers it (server only). */
      refusedPost?: 403 | 413;
    }
    interface PageContextServer {
      /** The signed-in user of this request, or null (server only, never sent to the browser). */
      sessionUser: SessionUser | null;
      /** Asked for by the server: the document carries this mark where the page's markup goes (+onAfterRenderHtml.ts). */
      pageMarkupMark?: string;
      /** The page's markup, kept out of the document when `pageMarkupMark` asks for it. */
      pageMarkup?: string;

    }
    interface Config {
      /** Whether the page is framed by the site's header, footer and scripts (default: yes). */
      siteChrome?: boolean;
      /** Whether the footer offers the newsletter (default: yes; not where one confirms or leaves it). */
      footerNewsletter?: boolean;
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
