import type { Config } from "vike/types";

// Shared by every anonymous visitor: the server keeps the rendered HTML per content version.
export default {
  headersResponse: { "Arena-Page-Cache": "shared", "Cache-Control": "no-cache" },
  // No nonce: the HTML is the same bytes for every visitor, so a CDN may keep it (docs/security.md).
  csp: { nonce: false },
} satisfies Config;
