import type { Config } from "vike/types";

// Rendered per visit (it greets a visitor who is signed in already) and never cached; found in
// search, as a way into the account. The form speaks to the identity provider from the browser.
export default {
  headersResponse: { "Cache-Control": "private, no-store" },
} satisfies Config;
