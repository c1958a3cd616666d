import vikeReact from "vike-react/config";
import type { Config } from "vike/types";

export default {
  extends: [vikeReact],
  // The browser needs the locale settings to route, and nothing secret is in them.
  passToClient: ["publicConfig", "locale", "logicalPath", "siteNavigation", "contentPreview", "formPost", "textsJson"],
  trailingSlash: true,
  csp: { nonce: true },
  viewport: "responsive",
  // The data is ready before rendering starts: one string beats a stream of small writes.
  stream: false,
  favicon: "/favicon.svg",
  meta: {
    // false: the page brings its own frame (the editor), without the site's header, footer and scripts.
    siteChrome: { env: { server: true, client: true } },
  },
} satisfies Config;
