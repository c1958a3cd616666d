import { splitLocalePrefix } from "../locale/locale.ops";
import { safeReturnPath } from "./route-guard.ops";

/** Why someone was sent to sign in, as far as the page they will return to says it. */
export type SignInReason = "buy-tickets";

/**
 * Issue 49: the sign-in page tells a buyer sent there from an event's tickets page why (buying is
 * for signed-in users). Read from `returnTo` alone, which only ever leads back into the site.
 */
export function signInReasonOf(returnTo: string | undefined): SignInReason | undefined {
  const path = safeReturnPath(returnTo);
  if (!path) return undefined;
  const { logicalPath } = splitLocalePrefix(path.split(/[?#]/)[0]!);
  return /^\/event\/[^/]+\/tickets\/?$/.test(logicalPath) ? "buy-tickets" : undefined;
}
