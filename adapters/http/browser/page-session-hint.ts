import { SIGNED_IN_HINT_COOKIE, readCookie } from "../../../core";

/** The signed-in hint cookie of this page, which tells whose the server's session is (none outside a browser). */
export function pageSessionHint(): string | undefined {
  return typeof document === "undefined" ? undefined : readCookie(document.cookie, SIGNED_IN_HINT_COOKIE) || undefined;
}
