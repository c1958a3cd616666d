import type { Config } from "vike/types";

export default {
  headersResponse: { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" },
} satisfies Config;
