import type { Config } from "vike/types";

// Shared by every anonymous visitor: the server keeps the rendered HTML per content version.
export default {
  headersResponse: { "Arena-Page-Cache": "shared", "Cache-Control": "no-cache" },
} satisfies Config;
