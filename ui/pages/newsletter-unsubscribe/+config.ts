import type { Config } from "vike/types";

// The page of a personal link (its token): rendered per visit, never cached or indexed. Its address
// goes to no other site; "same-origin" rather than "no-referrer", under which a browser posts the
// page's plain form with `Origin: null`, which the origin check refuses.
export default {
  headersResponse: { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex", "Referrer-Policy": "same-origin" },
  // No sign-up form under a confirmation or an unsubscription.
  footerNewsletter: false,
} satisfies Config;
