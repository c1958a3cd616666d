import { sameSitePath } from "./same-site-path.ops";

/** Who may see a route. */
export type RouteAccess = "public" | "signed-in";

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
 * A signed-in route sends an anonymous visitor to the login page with a return path; a
 * signed-in user is let through (the page itself limits what an unverified user sees).
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
