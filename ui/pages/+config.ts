import vikeReact from "vike-react/config";
import type { Config } from "vike/types";

export default {
  extends: [vikeReact],
  // The browser needs the locale settings to route, and nothing secret is in them.
  passToClient: ["publicConfig", "locale", "logicalPath", "siteNavigation", "contentPreview", "formPost", "textsJson", "formattedValuesJson"],
  trailingSlash: true,
  csp: { nonce: true },
  viewport: "responsive",
  // The data is ready before rendering starts: one string beats a stream of small writes.
  stream: false,
  favicon: "/favicon.svg",
  // Where Vike puts its tags (scripts, preloads, the page's context): at these marks, instead of
  // searching the whole rendered HTML for <head> and </body> and re-indenting around them, which
  // cost a twentieth of an uncached render.
  headHtmlBegin: "__VITE_PLUGIN_SSR__ASSETS_FIRST__",
  bodyHtmlEnd: "__VITE_PLUGIN__SSR_ASSETS_LAST__",
  meta: {
    // false: the page brings its own frame (the editor), without the site's header, footer and scripts.
    siteChrome: { env: { server: true, client: true } },
    // false: the footer does not offer the newsletter (on the newsletter's own pages).
    footerNewsletter: { env: { server: true, client: true } },
  },
} satisfies Config;
