import type { Config } from "vike/types";

export default {
  headersResponse: { "Cache-Control": "private, no-store" },
} satisfies Config;
