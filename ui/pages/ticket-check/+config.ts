import type { Config } from "vike/types";

// A ticket's token is in the URL: rendered per visit, never cached, indexed or sent on as a referrer.
export default {
  headersResponse: { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex", "Referrer-Policy": "no-referrer" },
} satisfies Config;
