import type { Config } from "vike/types";

// A buyer's page: what is left and their hold are theirs and of the moment.
export default {
  headersResponse: { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" },
} satisfies Config;
