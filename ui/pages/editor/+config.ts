import type { Config } from "vike/types";

// The editor frames itself; it is per editor, never cached, never indexed.
export default {
  siteChrome: false,
  headersResponse: { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex, nofollow", "Referrer-Policy": "same-origin" },
} satisfies Config;
