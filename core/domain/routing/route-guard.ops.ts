import { sameSitePath } from "./same-site-path.ops";

/** Who may see a route: anyone, a signed-in user, or one whose address is verified (SPEC §4, §6). */
export type RouteAccess = "public" | "signed-in" | "verified";

export interface GuardSession {
  readonly uid: string;
  readonly emailVerified: boolean;
}

/** SPEC §4: a route guard's outcome is allowed, blocked or redirected. */
export type GuardOutcome =
  | { readonly outcome: "allowed" }
  | { readonly outcome: "blocked"; readonly status: 403 }
  | { readonly outcome: "redirected"; readonly to: string };

/**
 * A signed-in or verified route sends an anonymous visitor to the login page with a return path.
 * A verified route blocks a user whose address is not verified yet (SPEC §4: until then access is
 * limited), who signing in again would not help; the page says what to do instead.
 */
export function guardRoute(
  access: RouteAccess,
  session: GuardSession | null,
  request: { readonly path: string; readonly loginPath: string },
): GuardOutcome {
  if (access === "public") return { outcome: "allowed" };
  if (session === null) {
    const returnTo = safeReturnPath(request.path);
    const query = returnTo ? `?returnTo=${encodeURIComponent(returnTo)}` : "";
    return { outcome: "redirected", to: `${request.loginPath}${query}` };
  }
  if (access === "verified" && !session.emailVerified) return { outcome: "blocked", status: 403 };
  return { outcome: "allowed" };
}

/**
 * A return path that can only lead back into this site: one leading slash, no scheme, no
 * protocol-relative `//` or `/\`, no control characters. Anything else yields undefined.
 */
export function safeReturnPath(candidate: string | null | undefined): string | undefined {
  // Only a path that is already its own same-site form: nothing to collapse, resolve or strip.
  return candidate && sameSitePath(candidate) === candidate ? candidate : undefined;
}
