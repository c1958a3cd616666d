import type { Config } from "vike/types";

// Rendered per visit and never indexed; the form speaks to the identity provider from the browser.
export default {
  headersResponse: { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" },
} satisfies Config;
