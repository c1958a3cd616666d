import type { Config } from "vike/types";

// Personal pages are never cached by shared caches.
export default {
  headersResponse: { "Cache-Control": "private, no-store" },
} satisfies Config;
