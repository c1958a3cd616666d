import type { Config } from "vike/types";

// The page of a personal link (its token): rendered per visit, never cached or indexed.
export default {
  headersResponse: { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex", "Referrer-Policy": "no-referrer" },
  // No sign-up form under a confirmation or an unsubscription.
  footerNewsletter: false,
} satisfies Config;
