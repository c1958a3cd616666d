import { endpoint } from "./endpoint";

/**
 * A newsletter mail's links, followed by a POST from their landing pages (a link alone changes
 * nothing: mail scanners fetch links). The route reads the token itself: a missing or malformed
 * one is a 400, and an invalid one a 403 naming the page's message.
 */
export const base = "/api/newsletter";

type Outcome = "confirmed" | "unsubscribed";

/** Double opt-in's second step. */
export const confirm = /* @__PURE__ */ endpoint<{ readonly outcome: Outcome }, { readonly token: string }>()({ method: "POST", path: "/api/newsletter/confirm" });

/** Every mail's way out; a mail client's RFC 8058 one-click POST comes here too, with `?token=`. */
export const unsubscribe = /* @__PURE__ */ endpoint<{ readonly outcome: Outcome }, { readonly token: string }>()({ method: "POST", path: "/api/newsletter/unsubscribe" });
