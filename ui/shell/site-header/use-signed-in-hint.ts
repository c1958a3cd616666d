import { useSyncExternalStore } from "react";
import { SIGNED_IN_HINT_COOKIE, readCookie } from "../../../core";

const unsubscribed = () => () => {};

/**
 * Whether this browser holds a session, from the hint cookie that the session endpoint sets and
 * clears beside the session itself. The server renders every shared page as for a visitor who is
 * not signed in (false), so the page cache serves everyone the same bytes; the browser fills it in
 * after hydration, without loading the identity provider. A stale hint only means a detour
 * through the sign-in page.
 */
export function useSignedInHint(): boolean {
  return useSyncExternalStore(unsubscribed, () => Boolean(readCookie(document.cookie, SIGNED_IN_HINT_COOKIE)), () => false);
}
