import type { Config } from "vike/types";

// Personal pages are never cached by shared caches, nor indexed.
export default {
  headersResponse: { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" },
} satisfies Config;
